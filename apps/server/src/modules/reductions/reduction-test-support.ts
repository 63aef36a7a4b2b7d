import { and, eq } from 'drizzle-orm';
import type { TReductionHistory } from '@casebridge/domain/liens/reduction.schemas';
import { mailOutbox, notifications, organizations, patients, users } from '#src/db/schema/index.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { DEMO_ACTOR_EMAILS, type DemoActorKey } from '#src/test/demo-actors.ts';
import type { TestServer } from '#src/test/test-server.ts';

/** Test-only helpers of the reduction and settlement suites. */

export type Lien = { patientId: string; lienholderId: string };

/** The lien of a demo patient with a demo lienholder, by their names. */
export async function findDemoLien(
  server: TestServer,
  patientName: string,
  lienholderName: string,
): Promise<Lien> {
  const { db } = server.context;
  const [patient] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.fullName, patientName));
  const [lienholder] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, lienholderName));
  if (!patient || !lienholder) throw new Error(`no lien of ${patientName} with ${lienholderName}`);
  return { patientId: patient.id, lienholderId: lienholder.id };
}

export const reductionsUrl = (lien: Lien, suffix = '') =>
  `/api/patients/${lien.patientId}/liens/${lien.lienholderId}/reductions${suffix}`;

/** POST to a reduction route: '' proposes, '/<offerId>/accept' answers. */
export function negotiate(server: TestServer, cookie: string, url: string, body: object = {}) {
  return server.request({ method: 'POST', url, cookie, body });
}

export async function readReductions(
  server: TestServer,
  cookie: string,
  lien: Lien,
): Promise<TReductionHistory> {
  const response = await server.request({ url: reductionsUrl(lien), cookie });
  if (response.statusCode !== 200) throw new Error(`reductions: ${response.statusCode}`);
  return response.json<TReductionHistory>();
}

/** How many 'reduction' notifications the user has. */
export async function countReductionNotifications(server: TestServer, email: string) {
  const rows = await server.context.db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientUserId))
    .where(and(eq(users.email, email), eq(notifications.type, 'reduction')));
  return rows.length;
}

/** Every demo actor of an authorization matrix, signed in (a contact of `patientName` too). */
export async function signInMatrix(server: TestServer, patientName: string) {
  const cookies = {} as Record<DemoActorKey, string>;
  for (const [key, email] of Object.entries(DEMO_ACTOR_EMAILS))
    cookies[key as DemoActorKey] = await server.login(email);
  cookies.contact = await server.login(
    await createContactOf(server, patientName, 'contact@example.test'),
  );
  return cookies;
}

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The reduction e-mails queued to an address, newest last. */
export async function listReductionMails(server: TestServer, address: string) {
  return server.context.db
    .select({ text: mailOutbox.text, subjectId: mailOutbox.subjectId })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'reduction_notification'), eq(mailOutbox.toAddress, address)));
}
