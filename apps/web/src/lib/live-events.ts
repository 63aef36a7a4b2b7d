import type { QueryClient, QueryKey } from '@tanstack/react-query';

export type LiveEvent = {
  id: number;
  topic: string;
  patientId: string | null;
  payload: Record<string, unknown>;
};

/** Which cached queries a change makes stale. Keys start with their feature (docs/CONTRIBUTING.md). */
export function getInvalidatedKeys(event: LiveEvent): QueryKey[] {
  const [feature] = event.topic.split('.');
  switch (feature) {
    case 'patient':
      // A status change can hide or show Intake document notifications.
      return [['patients'], ['notifications']];
    case 'message':
      return event.patientId ? [['messages', event.patientId]] : [['messages']];
    case 'document':
      return event.patientId ? [['documents', event.patientId], ['patients']] : [['documents']];
    case 'billing':
      return [['billing']];
    case 'notification':
      return [['notifications']];
    case 'organization':
      return [['organizations'], ['patients']];
    case 'user':
    case 'access-request':
      return [['admin']];
    case 'template':
      return [['templates'], ['admin']];
    case 'settings':
      // Settings change the session timeout, who may add patients and the upload limit shown.
      return [['session'], ['admin'], ['documents']];
    default:
      return [];
  }
}

export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  for (const queryKey of getInvalidatedKeys(event))
    void queryClient.invalidateQueries({ queryKey });
}
