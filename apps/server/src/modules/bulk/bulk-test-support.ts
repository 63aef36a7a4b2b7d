import { eq, inArray } from 'drizzle-orm';
import { TREATMENT_STATUSES } from '@casebridge/domain/patients/treatment-status';
import { caseRequests, caseUpdateAsks, patients } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';

export const BULK_URLS = {
  status: '/api/patients/bulk/status',
  requests: '/api/patients/bulk/requests',
  export: '/api/patients/bulk/export',
  asks: '/api/patients/bulk/case-update-asks',
} as const;

export type BulkRoute = keyof typeof BULK_URLS;

/** A status none of these patients has now, so a change is a change for each. */
export async function otherStatusOf(server: TestServer, patientIds: string[]) {
  const rows = await server.context.db
    .select({ status: patients.treatmentStatus })
    .from(patients)
    .where(inArray(patients.id, patientIds));
  return TREATMENT_STATUSES.find((status) => rows.every((row) => row.status !== status))!;
}

/** The patient's version, or 1 for an id no patient has (a missing patient's call). */
const versionOrFirst = async (server: TestServer, id: string) =>
  (
    await server.context.db
      .select({ version: patients.version })
      .from(patients)
      .where(eq(patients.id, id))
  )[0]?.version ?? 1;

/** The body of a bulk route for these patients, from their present versions. */
export async function bulkBody(server: TestServer, route: BulkRoute, patientIds: string[]) {
  if (route === 'export' || route === 'asks') return { patientIds };
  if (route === 'requests') return { patientIds, kind: 'itemized_bill' };
  return {
    treatmentStatus: await otherStatusOf(server, patientIds),
    patients: await Promise.all(
      patientIds.map(async (id) => ({ id, version: await versionOrFirst(server, id) })),
    ),
  };
}

/** What a refused bulk call must leave as it was: the patients' versions, requests and asks. */
export async function bulkFingerprint(server: TestServer) {
  const db = server.context.db;
  const versions = await db
    .select({ id: patients.id, version: patients.version })
    .from(patients)
    .orderBy(patients.id);
  const requests = await db.select({ id: caseRequests.id }).from(caseRequests);
  const asks = await db.select({ id: caseUpdateAsks.id }).from(caseUpdateAsks);
  return { versions, requests: requests.length, asks: asks.length };
}
