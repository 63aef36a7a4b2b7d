import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, max } from 'drizzle-orm';
import { events, notificationPreferences, notifications, users } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { samplePdf } from './document-test-files.ts';
import {
  getPatientId,
  getUserId,
  setPatientStatus,
  subscribeAs,
  upload,
} from './document-test-support.ts';

const ACCOUNTS = [
  'admin@demo.test',
  'clinic@demo.test',
  'clinic2@demo.test',
  'attorney@demo.test',
  'attorney2@demo.test',
  'lienholder@demo.test',
] as const;

describe('document notifications and live events', () => {
  let server: TestServer;
  let clinic: string;
  let maria: string;
  let becker: string;

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
    maria = await getPatientId(server, 'Maria Delgado');
    becker = await getPatientId(server, 'Thomas Becker');
  });
  afterAll(async () => server.close());

  /** Who got a document_upload notification for a given file name. */
  async function notifiedFor(fileName: string): Promise<string[]> {
    const rows = await server.context.db
      .select({ email: users.email, content: notifications.content, link: notifications.linkTo })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.recipientUserId))
      .where(eq(notifications.type, 'document_upload'));
    return rows
      .filter((row) => row.content.endsWith(`: ${fileName}`))
      .map((row) => row.email)
      .toSorted();
  }

  async function uploadAsClinic(patientId: string, category: string, fileName: string) {
    const response = await upload(server, {
      patientId,
      cookie: clinic,
      category,
      file: { fileName, data: samplePdf() },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }

  it('notifies who may see an Intake document, never the uploader, per the patient status', async () => {
    await uploadAsClinic(maria, 'Intake', 'maria-intake.pdf');
    // Maria (Referred): Intake is for clinic and admin only; the uploader is Harbor's only user.
    expect(await notifiedFor('maria-intake.pdf')).toEqual(['admin@demo.test']);

    await uploadAsClinic(becker, 'Intake', 'becker-intake-2.pdf');
    // Thomas Becker is Discharged: his attorney may now see Intake, his lienholder still not.
    expect(await notifiedFor('becker-intake-2.pdf')).toEqual([
      'admin@demo.test',
      'attorney@demo.test',
    ]);
  });

  it('notifies every organisation of the patient for other categories, with a link', async () => {
    await uploadAsClinic(maria, 'MRI', 'maria-mri.pdf');
    expect(await notifiedFor('maria-mri.pdf')).toEqual([
      'admin@demo.test',
      'attorney@demo.test',
      'lienholder@demo.test',
    ]);
    const [row] = await server.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'document_upload'), eq(notifications.patientId, maria)));
    expect(row).toMatchObject({
      linkTo: `/patients/${maria}?tab=documents`,
      fromRole: 'clinic',
      isRead: false,
    });
    expect(row!.content).toContain('Maria Delgado');
  });

  it('respects a recipient who turned document-upload notifications off', async () => {
    const attorneyId = await getUserId(server, 'attorney@demo.test');
    await server.context.db
      .insert(notificationPreferences)
      .values({ userId: attorneyId, notifyOnDocumentUpload: false });
    await uploadAsClinic(maria, 'Treatment Notes', 'maria-notes.pdf');
    expect(await notifiedFor('maria-notes.pdf')).toEqual([
      'admin@demo.test',
      'lienholder@demo.test',
    ]);
    await server.context.db
      .delete(notificationPreferences)
      .where(eq(notificationPreferences.userId, attorneyId));
  });

  it('streams document.created only to those who may see the document', async () => {
    const subscribers = Object.fromEntries(
      await Promise.all(ACCOUNTS.map(async (email) => [email, await subscribeAs(server, email)])),
    ) as Record<(typeof ACCOUNTS)[number], Awaited<ReturnType<typeof subscribeAs>>>;
    const documentEvents = (email: (typeof ACCOUNTS)[number]) =>
      subscribers[email].received
        .filter((event) => event.topic === 'document.created')
        .map((event) => (event.payload as { documentId: string }).documentId);
    try {
      const intake = await uploadAsClinic(maria, 'Intake', 'live-intake.pdf');
      const mri = await uploadAsClinic(maria, 'MRI', 'live-mri.pdf');
      await server.flushEvents();
      expect(documentEvents('admin@demo.test')).toEqual([intake, mri]);
      expect(documentEvents('clinic@demo.test')).toEqual([intake, mri]);
      expect(documentEvents('attorney@demo.test')).toEqual([mri]);
      expect(documentEvents('lienholder@demo.test')).toEqual([mri]);
      expect(documentEvents('clinic2@demo.test')).toEqual([]);
      expect(documentEvents('attorney2@demo.test')).toEqual([]);
    } finally {
      Object.values(subscribers).forEach((subscriber) => subscriber.remove());
    }
  });

  it('replays an Intake event to the attorney only while the patient is Discharged', async () => {
    const [latest] = await server.context.db.select({ id: max(events.id) }).from(events);
    const afterId = Number(latest?.id ?? 0);
    const intake = await uploadAsClinic(becker, 'Intake', 'replay-intake.pdf');
    const attorney = await subscribeAs(server, 'attorney@demo.test');
    attorney.remove();
    const replayed = async () =>
      (await server.context.hub.replayMissed(attorney.actor, afterId)).events
        .filter((event) => event.topic === 'document.created')
        .map((event) => (event.payload as { documentId: string }).documentId);
    expect(await replayed()).toEqual([intake]);
    await setPatientStatus(server, becker, 'Referred for PT');
    expect(await replayed()).toEqual([]);
    await setPatientStatus(server, becker, 'Discharged');
    const stored = await server.context.db
      .select({ payload: events.payload })
      .from(events)
      .where(and(gt(events.id, afterId), eq(events.topic, 'document.created')));
    expect(stored.map((row) => row.payload)).toEqual([{ documentId: intake, category: 'Intake' }]);
  });
});
