import { eq } from 'drizzle-orm';
import { STATUS_UNDO_SECONDS } from '@casebridge/domain/patients/patient.schemas';
import type { Db } from '#src/db/client.ts';
import { patients } from '#src/db/schema/index.ts';
import { releaseDueStatusChanges } from '#src/modules/patients/patient-status.service.ts';
import type { TestServer } from './test-server.ts';

/** The patient's version as the database holds it (read without an audited API read). */
export async function getPatientVersion(server: TestServer, patientId: string): Promise<number> {
  const [row] = await server.context.db
    .select({ version: patients.version })
    .from(patients)
    .where(eq(patients.id, patientId));
  if (!row) throw new Error(`no patient ${patientId}`);
  return row.version;
}

/** Changes a patient's status through the API from its current version, as a browser would. */
export async function changeStatusAsUser(
  server: TestServer,
  change: { cookie: string; patientId: string; status: string },
) {
  return server.request({
    method: 'PATCH',
    url: `/api/patients/${change.patientId}/status`,
    cookie: change.cookie,
    body: {
      treatmentStatus: change.status,
      version: await getPatientVersion(server, change.patientId),
    },
  });
}

/** Saves demographics through the API from the patient's current version. */
export async function saveDemographicsAsUser(
  server: TestServer,
  save: { cookie: string; patientId: string; body: Record<string, unknown> },
) {
  return server.request({
    method: 'PUT',
    url: `/api/patients/${save.patientId}/demographics`,
    cookie: save.cookie,
    body: { ...save.body, version: await getPatientVersion(server, save.patientId) },
  });
}

/** Sends the notifications of every held status change now, as if their undo windows closed. */
export function releaseHeldStatusChanges(
  server: TestServer,
  db: Db = server.context.db,
): Promise<number> {
  return releaseDueStatusChanges(db, new Date(Date.now() + (STATUS_UNDO_SECONDS + 1) * 1000));
}
