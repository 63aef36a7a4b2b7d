import { and, count, desc, eq, sum } from 'drizzle-orm';
import type { VisitState } from '@casebridge/domain/visits/visit-constants';
import { notifications, patients, users, visits } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';

/** Test-only helpers of the visits suites. */

export const visitsUrl = (patientId: string) => `/api/patients/${patientId}/visits`;
export const outcomeUrl = (visitId: string) => `/api/visits/${visitId}/outcome`;
export const visitUrl = (visitId: string) => `/api/visits/${visitId}`;
export const dayUrl = (clinicId: string, day: string) =>
  `/api/clinics/${clinicId}/visits?date=${day}`;
export const signInUrl = (clinicId: string) => `/api/clinics/${clinicId}/visits/sign-in`;

export const today = () => new Date().toISOString().slice(0, 10);
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A visit written straight to the table (a fresh one per test), scheduled unless said. */
export async function insertVisit(
  server: TestServer,
  values: { patientId: string; clinicId: string; date?: string; time?: string; state?: VisitState },
): Promise<{ id: string; version: number }> {
  const [row] = await server.context.db
    .insert(visits)
    .values({
      patientId: values.patientId,
      clinicId: values.clinicId,
      visitDate: values.date ?? today(),
      visitTime: values.time ?? '09:00',
      type: 'therapy',
      state: values.state ?? 'scheduled',
    })
    .returning({ id: visits.id, version: visits.version });
  if (!row) throw new Error('no visit inserted');
  return row;
}

/** What a refused write must leave alone: every visit's version and state. */
export async function visitsFingerprint(server: TestServer) {
  const { db } = server.context;
  const [row] = await db.select({ n: count(), versions: sum(visits.version) }).from(visits);
  const scheduled = await db
    .select({ n: count() })
    .from(visits)
    .where(eq(visits.state, 'scheduled'));
  return { n: row?.n, versions: row?.versions, scheduled: scheduled[0]?.n };
}

/** The patient's last treatment date and version, straight from the table. */
export async function patientDates(server: TestServer, patientId: string) {
  const [row] = await server.context.db
    .select({ lastTreatmentDate: patients.lastTreatmentDate, version: patients.version })
    .from(patients)
    .where(eq(patients.id, patientId));
  if (!row) throw new Error('no patient');
  return row;
}

/** The notifications of a type about the patient the user holds, newest first. */
export async function notificationsOf(
  server: TestServer,
  email: string,
  patientId: string,
  type = 'visit_no_show',
) {
  return server.context.db
    .select({ type: notifications.type, content: notifications.content })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientUserId))
    .where(
      and(
        eq(users.email, email),
        eq(notifications.patientId, patientId),
        eq(notifications.type, type as 'visit_no_show'),
      ),
    )
    .orderBy(desc(notifications.createdAt));
}
