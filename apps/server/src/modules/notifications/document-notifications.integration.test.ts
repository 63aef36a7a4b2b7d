import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TNotification } from '@casebridge/domain/notifications/notification.schemas';
import { notifications, patients } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { samplePdf } from '#src/modules/documents/document-test-files.ts';
import {
  getPatientId,
  getUserId,
  setPatientStatus,
  subscribeAs,
  upload,
} from '#src/modules/documents/document-test-support.ts';
import { prepareUpload, uploadDocument } from '#src/modules/documents/documents.service.ts';
import { changeStatusAsUser } from '#src/test/patient-writes.ts';

type Page = { items: TNotification[]; nextCursor: string | null; unreadCount: number };

describe('document notifications follow the Intake rule (spec section 6)', () => {
  let server: TestServer;
  const cookies: Record<string, string> = {};
  let becker: string;

  beforeAll(async () => {
    server = await createTestServer();
    for (const email of ['clinic', 'attorney', 'lienholder', 'admin'])
      cookies[email] = await server.login(`${email}@demo.test`);
    becker = await getPatientId(server, 'Thomas Becker'); // Harbor + Morgan + MedLien, Discharged
  });
  afterAll(async () => server.close());

  const getPage = async (who: string, query: string) => {
    const response = await server.request({
      url: `/api/notifications?${query}`,
      cookie: cookies[who],
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Page;
  };
  /** Every notification the user sees, through the cursor pages, and the unread count. */
  const listAll = async (who: string) => {
    const items: TNotification[] = [];
    let page = await getPage(who, 'limit=50');
    items.push(...page.items);
    while (page.nextCursor) {
      page = await getPage(who, `limit=50&cursor=${page.nextCursor}`);
      items.push(...page.items);
    }
    return { items, unreadCount: page.unreadCount };
  };
  const changeStatus = async (treatmentStatus: string) => {
    const response = await changeStatusAsUser(server, {
      cookie: cookies.clinic!,
      patientId: becker,
      status: treatmentStatus,
    });
    expect(response.statusCode).toBe(200);
  };
  const uploadIntake = async (fileName: string) => {
    const response = await upload(server, {
      patientId: becker,
      cookie: cookies.clinic,
      category: 'Intake',
      file: { fileName, data: samplePdf() },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const storedFor = async (email: string, documentId: string) =>
    server.context.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientUserId, await getUserId(server, email)),
          eq(notifications.documentId, documentId),
        ),
      );

  it('shows the attorney the Intake notification only while the patient is Discharged', async () => {
    const documentId = await uploadIntake('becker-intake-rule.pdf');
    const [stored] = await storedFor('attorney@demo.test', documentId);
    expect(stored).toMatchObject({ isRead: false, patientId: becker, type: 'document_upload' });
    const isIntake = (item: TNotification) => item.id === stored!.id;

    // Discharged: list, bell (first 10) and unread count all include it.
    const before = await listAll('attorney');
    expect(before.items.filter(isIntake)).toHaveLength(1);
    expect(before.unreadCount).toBe(before.items.filter((item) => !item.isRead).length);
    expect((await getPage('attorney', 'limit=10')).items.some(isIntake)).toBe(true);

    // Leaves Discharged: gone from the list, the bell and the count; it cannot be marked read.
    await changeStatus('Referred for PT');
    const hidden = await listAll('attorney');
    expect(hidden.items.some(isIntake)).toBe(false);
    expect(hidden.unreadCount).toBe(hidden.items.filter((item) => !item.isRead).length);
    expect((await getPage('attorney', 'limit=10')).items.some(isIntake)).toBe(false);
    const markOne = await server.request({
      method: 'PATCH',
      url: `/api/notifications/${stored!.id}/read`,
      cookie: cookies.attorney,
    });
    expect(markOne.statusCode).toBe(404);
    const missing = await server.request({
      method: 'PATCH',
      url: `/api/notifications/${crypto.randomUUID()}/read`,
      cookie: cookies.attorney,
    });
    expect(markOne.json()).toEqual(missing.json());
    const markAll = await server.request({
      method: 'POST',
      url: '/api/notifications/read-all',
      cookie: cookies.attorney,
    });
    expect(markAll.json()).toEqual({ marked: hidden.unreadCount });
    expect((await storedFor('attorney@demo.test', documentId))[0]!.isRead).toBe(false);
    // The document itself is hidden too: the notification agrees with the documents list.
    const documents = await server.request({
      url: `/api/patients/${becker}/documents`,
      cookie: cookies.attorney,
    });
    expect(documents.json().items.map((item: { id: string }) => item.id)).not.toContain(documentId);

    // Back to Discharged: it reappears, still unread, and counts again.
    await changeStatus('Discharged');
    const again = await listAll('attorney');
    expect(again.items.filter(isIntake)).toMatchObject([{ isRead: false }]);
    expect(again.unreadCount).toBe(
      1 + again.items.filter((item) => !item.isRead && !isIntake(item)).length,
    );
    expect((await getPage('attorney', 'limit=10')).items.some(isIntake)).toBe(true);
    const markNow = await server.request({
      method: 'PATCH',
      url: `/api/notifications/${stored!.id}/read`,
      cookie: cookies.attorney,
    });
    expect(markNow.statusCode).toBe(204);
  });

  it('never gives a lienholder an Intake notification, not even one stored by mistake', async () => {
    const documentId = await uploadIntake('becker-intake-lien.pdf');
    expect(await storedFor('lienholder@demo.test', documentId)).toEqual([]);
    expect(await storedFor('admin@demo.test', documentId)).toHaveLength(1);

    // A row that should never exist is still not shown, at any status.
    const [forged] = await server.context.db
      .insert(notifications)
      .values({
        recipientUserId: await getUserId(server, 'lienholder@demo.test'),
        patientId: becker,
        documentId,
        type: 'document_upload',
        content: 'New Intake document for Thomas Becker: becker-intake-lien.pdf',
      })
      .returning({ id: notifications.id });
    for (const status of ['Discharged', 'Referred for PT', 'Discharged']) {
      await changeStatus(status);
      const seen = await listAll('lienholder');
      expect(seen.items.map((item) => item.id)).not.toContain(forged!.id);
      expect(seen.unreadCount).toBe(seen.items.filter((item) => !item.isRead).length);
      // Admins see Intake at every status.
      const admin = await listAll('admin');
      expect(admin.items.some((item) => item.content.endsWith(': becker-intake-lien.pdf'))).toBe(
        true,
      );
    }
  });

  it('chooses recipients by the status inside the upload, not the one read before the body', async () => {
    const { actor, remove } = await subscribeAs(server, 'clinic@demo.test');
    remove();
    const context = server.context;
    const send = async (fileName: string, prepared: Awaited<ReturnType<typeof prepareUpload>>) =>
      uploadDocument(
        context,
        actor,
        prepared,
        { category: 'Intake', file: { fileName, data: samplePdf(), isTooLarge: false } },
        { ip: '127.0.0.1', appUrl: 'http://localhost:3000', writeOrigin: null },
      );

    // Discharged while the upload started, no longer when it is stored: the attorney is not told.
    await setPatientStatus(server, becker, 'Discharged');
    const startedDischarged = await prepareUpload(server.context.db, actor, becker);
    await setPatientStatus(server, becker, 'Evaluated');
    const first = await send('becker-late-1.pdf', startedDischarged);
    expect(await storedFor('attorney@demo.test', first.id)).toEqual([]);
    expect(await storedFor('admin@demo.test', first.id)).toHaveLength(1);

    // And the other way round: discharged while the body streamed in, the attorney is told.
    const startedEvaluated = await prepareUpload(server.context.db, actor, becker);
    await setPatientStatus(server, becker, 'Discharged');
    const second = await send('becker-late-2.pdf', startedEvaluated);
    expect(await storedFor('attorney@demo.test', second.id)).toHaveLength(1);
    const [row] = await server.context.db
      .select({ status: patients.treatmentStatus })
      .from(patients)
      .where(eq(patients.id, becker));
    expect(row!.status).toBe('Discharged');
  });
});
