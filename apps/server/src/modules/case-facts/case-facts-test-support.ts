import { and, count, desc, eq, sum } from 'drizzle-orm';
import type { TCaseFacts } from '@casebridge/domain/case-facts/case-facts.schemas';
import { caseFacts, caseStageHistory, events, notifications, users } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';

/** Test-only helpers of the case-facts suites. */

export const caseUrl = (patientId: string) => `/api/patients/${patientId}/case`;

/** A valid save: the stage, an accident and one insurer of a known limit. */
export function caseFactsBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    accidentDate: '2026-01-10',
    accidentType: 'auto',
    firmCaseNumber: 'MH-TEST-1',
    stage: 'treating',
    insurers: [{ coverage: 'med_pay', carrier: 'Test Mutual', policyLimit: '1,000' }],
    ...overrides,
  };
}

/** GET …/case as `cookie`'s user; throws unless it answers 200. */
export async function readCaseFacts(
  server: TestServer,
  cookie: string,
  patientId: string,
): Promise<TCaseFacts> {
  const response = await server.request({ url: caseUrl(patientId), cookie });
  if (response.statusCode !== 200) throw new Error(`case facts: ${response.statusCode}`);
  return response.json<TCaseFacts>();
}

/** A save's `version` field: the facts' current version, none before the first save. */
export async function currentVersionField(server: TestServer, patientId: string) {
  const version = await factsVersion(server, patientId);
  return version > 0 ? { version } : {};
}

/** The saved version of the patient's facts, 0 before the first save (straight from the table). */
export async function factsVersion(server: TestServer, patientId: string): Promise<number> {
  const [row] = await server.context.db
    .select({ version: caseFacts.version })
    .from(caseFacts)
    .where(eq(caseFacts.patientId, patientId));
  return row?.version ?? 0;
}

/** What a refused write must leave alone: every version and every stage move. */
export async function caseFactsFingerprint(server: TestServer) {
  const { db } = server.context;
  const [facts] = await db.select({ n: count(), versions: sum(caseFacts.version) }).from(caseFacts);
  const [moves] = await db.select({ n: count() }).from(caseStageHistory);
  return { facts: facts?.n, versions: facts?.versions, moves: moves?.n };
}

/** The newest event of a topic about the patient, if any. */
export async function latestEventOf(server: TestServer, topic: string, patientId: string) {
  const [row] = await server.context.db
    .select()
    .from(events)
    .where(and(eq(events.topic, topic), eq(events.patientId, patientId)))
    .orderBy(desc(events.id))
    .limit(1);
  return row;
}

/** The notifications about the patient the user holds, newest first. */
export async function notificationsOf(server: TestServer, email: string, patientId: string) {
  return server.context.db
    .select({ type: notifications.type, content: notifications.content })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientUserId))
    .where(and(eq(users.email, email), eq(notifications.patientId, patientId)))
    .orderBy(desc(notifications.createdAt));
}
