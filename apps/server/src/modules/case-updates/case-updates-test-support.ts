import { count, eq } from 'drizzle-orm';
import type { TCaseUpdates } from '@casebridge/domain/case-updates/case-updates.schemas';
import { caseUpdateAsks, caseUpdates, organizations, users } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';

/** Test-only helpers of the case-updates suites. */

export const updatesUrl = (patientId: string) => `/api/patients/${patientId}/case-updates`;
export const asksUrl = (patientId: string) => `/api/patients/${patientId}/case-updates/asks`;
export const settingUrl = (firmId: string) => `/api/firms/${firmId}/case-update-setting`;
export const OVERDUE_URL = '/api/case-updates/overdue';

export function postNote(
  server: TestServer,
  cookie: string | undefined,
  patientId: string,
  note = 'Demand sent to the carrier.',
) {
  return server.request({ method: 'POST', url: updatesUrl(patientId), cookie, body: { note } });
}

export function ask(server: TestServer, cookie: string | undefined, patientId: string) {
  return server.request({ method: 'POST', url: asksUrl(patientId), cookie });
}

/** GET …/case-updates as `cookie`'s user; throws unless it answers 200. */
export async function readUpdates(
  server: TestServer,
  cookie: string,
  patientId: string,
): Promise<TCaseUpdates> {
  const response = await server.request({ url: updatesUrl(patientId), cookie });
  if (response.statusCode !== 200) throw new Error(`case updates: ${response.statusCode}`);
  return response.json<TCaseUpdates>();
}

/** The overdue count as `cookie`'s user. */
export async function overdueCount(server: TestServer, cookie: string): Promise<number> {
  const response = await server.request({ url: OVERDUE_URL, cookie });
  if (response.statusCode !== 200) throw new Error(`overdue: ${response.statusCode}`);
  return response.json<{ overdue: number }>().overdue;
}

/** What a refused write must leave alone: every note and every ask. */
export async function caseUpdatesFingerprint(server: TestServer) {
  const { db } = server.context;
  const [notes] = await db.select({ n: count() }).from(caseUpdates);
  const [asks] = await db.select({ n: count() }).from(caseUpdateAsks);
  return { notes: notes?.n, asks: asks?.n };
}

/** The firm a demo user belongs to, with its setting's version. */
export async function firmOf(server: TestServer, email: string) {
  const [row] = await server.context.db
    .select({ id: organizations.id, version: organizations.version })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`${email} has no organisation`);
  return row;
}

/** Sets a firm's interval as `cookie`'s user, from the firm's current version. */
export async function saveInterval(
  server: TestServer,
  cookie: string,
  email: string,
  intervalDays: number,
) {
  const firm = await firmOf(server, email);
  return server.request({
    method: 'PUT',
    url: settingUrl(firm.id),
    cookie,
    body: { intervalDays, version: firm.version },
  });
}
