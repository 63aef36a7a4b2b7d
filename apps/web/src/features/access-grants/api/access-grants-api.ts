import type {
  TAccessGrant,
  TAccessGrantCandidate,
  TAccessGrantList,
  TGrantAccessRequest,
} from '@casebridge/domain/access-grants/access-grant.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/**
 * The live events `patient.access-changed` and `access-grant.changed` invalidate
 * ['access-grants', …] (domain live-events.ts), so every open panel follows a grant or revoke.
 */
export const accessGrantKeys = {
  all: ['access-grants'] as const,
  patient: (patientId: string) => ['access-grants', patientId] as const,
  candidates: (patientId: string) => ['access-grants', patientId, 'candidates'] as const,
};

const path = (patientId: string) => `/patients/${encodeURIComponent(patientId)}/access-grants`;

/** The patient's active temporary access grants (a grantee gets their own). */
export function useAccessGrants(patientId: string) {
  return useQuery({
    queryKey: accessGrantKeys.patient(patientId),
    meta: { patientId },
    queryFn: () => apiFetch<TAccessGrantList>(path(patientId)).then((list) => list.items),
  });
}

/** Who an admin may give access to this patient; read while the dialog is open. */
export function useGrantCandidates(patientId: string) {
  return useQuery({
    queryKey: accessGrantKeys.candidates(patientId),
    meta: { patientId },
    queryFn: () =>
      apiFetch<{ items: TAccessGrantCandidate[] }>(`${path(patientId)}/candidates`).then(
        (list) => list.items,
      ),
  });
}

export function useGrantAccess(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TGrantAccessRequest) =>
      apiFetch<TAccessGrant>(path(patientId), { method: 'POST', body }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: accessGrantKeys.patient(patientId) }),
  });
}

export function useRevokeAccess(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grantId: string) =>
      apiFetch<void>(`${path(patientId)}/${encodeURIComponent(grantId)}/revoke`, {
        method: 'POST',
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: accessGrantKeys.patient(patientId) }),
  });
}
