import type { TAccessHistory } from '@casebridge/domain/audit/access-history';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/**
 * Not under ['patients']: live patient events would refetch it, and every fetch is an audited
 * read. It is read when the section opens, and again on request.
 */
export const accessHistoryKeys = {
  patient: (patientId: string, timeZone: string) =>
    ['access-history', patientId, timeZone] as const,
};

/** Who viewed or changed the patient, per user and day in `timeZone` (the browser's). */
export function useAccessHistory(patientId: string, timeZone: string) {
  return useQuery({
    queryKey: accessHistoryKeys.patient(patientId, timeZone),
    meta: { patientId },
    queryFn: () =>
      apiFetch<TAccessHistory>(
        `/patients/${encodeURIComponent(patientId)}/access-history?tz=${encodeURIComponent(timeZone)}`,
      ),
  });
}
