import {
  ZDuplicatePatientBody,
  ZPatientDetail,
  type TPatientDetail,
  type TPatientMatch,
} from '@casebridge/domain/patients/patient.schemas';
import { ApiError } from '#src/lib/api-client.ts';

// The answers the patient pages check against the domain's schemas (zod), kept out of
// patients-api.ts: the dashboards use that module's list queries and must not load zod with them
// (ADR 0015).

/**
 * The patients a refused create would duplicate (409 with `duplicates`), or null for any other
 * failure. The user may then confirm with `allowDuplicate: true`.
 */
export function getDuplicatePatients(error: unknown): TPatientMatch[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = ZDuplicatePatientBody.safeParse(error.body);
  return parsed.success ? parsed.data.duplicates : null;
}

/** The patient in a refused write's answer (409 `current`), or null. */
export function parsePatientDetail(value: unknown): TPatientDetail | null {
  const parsed = ZPatientDetail.safeParse(value);
  return parsed.success ? parsed.data : null;
}
