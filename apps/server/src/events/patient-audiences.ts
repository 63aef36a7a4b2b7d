import { inArray, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import {
  accessGrants,
  patientClinics,
  patientLienholders,
  patients,
} from '#src/db/schema/index.ts';
import type { PatientAudience } from './event-visibility.ts';

// Named in full: drizzle leaves columns unqualified in single-table selects, and inside the
// grants subquery a bare "id" would be the grant's.
const outerPatientId = sql`${sql.identifier('patients')}.${sql.identifier('id')}`;

/** Beyond this many cached patients the cache starts over; each entry is a few hundred bytes. */
const MAX_CACHED = 50_000;

/** Reads the audiences of these patients in one statement; missing patients are left out. */
export async function loadPatientAudiences(
  db: Db,
  patientIds: readonly string[],
): Promise<Map<string, PatientAudience>> {
  const found = new Map<string, PatientAudience>();
  if (patientIds.length === 0) return found;
  const rows = await db
    .select({
      id: patients.id,
      firmId: patients.firmId,
      associatedContactId: patients.associatedContactId,
      treatmentStatus: patients.treatmentStatus,
      clinicIds: sql<
        string[]
      >`coalesce((select json_agg(${patientClinics.clinicId}) from ${patientClinics} where ${patientClinics.patientId} = ${patients.id}), '[]'::json)`,
      lienholderIds: sql<
        string[]
      >`coalesce((select json_agg(${patientLienholders.lienholderId}) from ${patientLienholders} where ${patientLienholders.patientId} = ${patients.id}), '[]'::json)`,
      // Active temporary access grants; the end as epoch milliseconds, compared at delivery.
      grants: sql<
        Array<{ userId: string; expiresAt: number | string }>
      >`coalesce((select json_agg(json_build_object('userId', ${accessGrants.userId}, 'expiresAt', floor(extract(epoch from ${accessGrants.expiresAt}) * 1000))) from ${accessGrants} where ${accessGrants.patientId} = ${outerPatientId} and ${accessGrants.revokedAt} is null and ${accessGrants.expiresAt} > now()), '[]'::json)`,
    })
    .from(patients)
    .where(inArray(patients.id, [...patientIds]));
  for (const row of rows) {
    found.set(row.id, {
      clinicIds: row.clinicIds,
      firmId: row.firmId,
      lienholderIds: row.lienholderIds,
      associatedContactId: row.associatedContactId,
      treatmentStatus: row.treatmentStatus,
      grants: row.grants.map((grant) => ({
        userId: grant.userId,
        expiresAt: Number(grant.expiresAt),
      })),
    });
  }
  return found;
}

/**
 * Who may see each patient, kept in memory so that fan-out asks the database once per changed
 * patient rather than once per event per stream. An entry is dropped when an event says the
 * patient changed (status, assignments) and read again on next use.
 */
export class PatientAudienceCache {
  /** `null` marks a patient that does not exist, so it is not looked up again and again. */
  private readonly entries = new Map<string, PatientAudience | null>();

  constructor(private readonly db: Db) {}

  invalidate(patientId: string): void {
    this.entries.delete(patientId);
  }

  clear(): void {
    this.entries.clear();
  }

  get(patientId: string): PatientAudience | undefined {
    return this.entries.get(patientId) ?? undefined;
  }

  /** Makes sure every one of these patients is cached (one query for all that are not). */
  async load(patientIds: Iterable<string>): Promise<void> {
    const missing = [...new Set(patientIds)].filter((id) => !this.entries.has(id));
    if (missing.length === 0) return;
    const found = await loadPatientAudiences(this.db, missing);
    if (this.entries.size + missing.length > MAX_CACHED) this.entries.clear();
    for (const id of missing) this.entries.set(id, found.get(id) ?? null);
  }
}
