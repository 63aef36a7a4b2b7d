import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatEtag } from '@casebridge/domain/versioning/versioning';
import { auditLogs, documents, recordHistory } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { expectVersionRequired, writeTwiceFromOneVersion } from '#src/test/versioned-writes.ts';
import { samplePdf } from './document-test-files.ts';
import { getPatientId, listStoredKeys, subscribeAs, upload } from './document-test-support.ts';
import { formMessage } from '#src/test/form-message.ts';

/**
 * Re-categorising and removing a document: versioned writes, the Intake rule at once
 * (lists, downloads, previews, notifications and live events), and a removal that hides the
 * document from everyone while the row and the file stay for the audit.
 */
describe('document corrections', () => {
  let server: TestServer;
  let maria: string;
  const cookies = {} as Record<'clinic' | 'admin' | 'attorney' | 'lienholder', string>;

  beforeAll(async () => {
    server = await createTestServer();
    maria = await getPatientId(server, 'Maria Delgado');
    for (const role of ['clinic', 'admin', 'attorney', 'lienholder'] as const)
      cookies[role] = await server.login(`${role}@demo.test`);
  });
  afterAll(async () => server.close());

  async function uploadMri(fileName: string): Promise<string> {
    const response = await upload(server, {
      patientId: maria,
      cookie: cookies.clinic,
      category: 'MRI',
      file: { fileName, data: samplePdf() },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ version: 1, updatedByName: null });
    return response.json().id as string;
  }

  const listNames = async (cookie: string) => {
    const response = await server.request({ url: `/api/patients/${maria}/documents`, cookie });
    expect(response.statusCode).toBe(200);
    return (response.json().items as Array<{ fileName: string }>).map((item) => item.fileName);
  };
  const deliveries = async (cookie: string, id: string) =>
    Promise.all(
      ['download', 'preview'].map(
        async (delivery) =>
          (await server.request({ url: `/api/documents/${id}/${delivery}`, cookie })).statusCode,
      ),
    );
  const unreadAbout = async (cookie: string, fileName: string) => {
    const response = await server.request({ url: '/api/notifications?limit=50', cookie });
    return (response.json().items as Array<{ content: string }>).filter((item) =>
      item.content.includes(fileName),
    ).length;
  };
  const recategorize = (id: string, category: string, headers: Record<string, string> = {}) =>
    server.request({
      method: 'PATCH',
      url: `/api/documents/${id}/category`,
      cookie: cookies.clinic,
      body: { category },
      headers,
    });

  it('moved to Intake, a document leaves the attorney’s and lienholder’s lists, downloads and notifications at once', async () => {
    const id = await uploadMri('lumbar-mri.pdf');
    for (const role of ['attorney', 'lienholder'] as const) {
      expect(await listNames(cookies[role])).toContain('lumbar-mri.pdf');
      expect(await deliveries(cookies[role], id)).toEqual([200, 200]);
      expect(await unreadAbout(cookies[role], 'lumbar-mri.pdf')).toBe(1);
    }
    const attorney = await subscribeAs(server, 'attorney@demo.test');
    const outsider = await subscribeAs(server, 'attorney2@demo.test');

    const moved = await recategorize(id, 'Intake', { 'if-match': formatEtag(1) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      id,
      category: 'Intake',
      version: 2,
      updatedByName: 'Casey Harbor',
    });
    expect(moved.headers.etag).toBe(formatEtag(2));

    for (const role of ['attorney', 'lienholder'] as const) {
      expect(await listNames(cookies[role])).not.toContain('lumbar-mri.pdf');
      expect(await deliveries(cookies[role], id)).toEqual([404, 404]);
      expect(await unreadAbout(cookies[role], 'lumbar-mri.pdf')).toBe(0);
    }
    expect(await listNames(cookies.clinic)).toContain('lumbar-mri.pdf');
    expect(await deliveries(cookies.admin, id)).toEqual([200, 200]);

    // The attorney's open page hears of it (to drop the document); the event names no file.
    await server.flushEvents();
    const changed = attorney.received.filter((event) => event.topic === 'document.changed');
    expect(changed.map((event) => event.payload)).toEqual([
      { documentId: id, categories: ['MRI', 'Intake'] },
    ]);
    expect(outsider.received.filter((event) => event.topic === 'document.changed')).toEqual([]);
    attorney.remove();
    outsider.remove();

    const history = await server.context.db
      .select()
      .from(recordHistory)
      .where(eq(recordHistory.recordId, id));
    expect(history).toMatchObject([
      {
        recordType: 'document',
        patientId: maria,
        version: 2,
        action: 'recategorized',
        changes: { category: { from: 'MRI', to: 'Intake' } },
        actorName: 'Casey Harbor',
        actorRole: 'clinic',
      },
    ]);
    const [audit] = await server.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'document_recategorized'), eq(auditLogs.patientId, maria)));
    expect(audit?.details).toBe('lumbar-mri.pdf: category MRI → Intake');

    // And back: the attorney sees it again.
    expect((await recategorize(id, 'MRI', { 'if-match': formatEtag(2) })).statusCode).toBe(200);
    expect(await listNames(cookies.attorney)).toContain('lumbar-mri.pdf');
  });

  it('refuses a stale category change with the current document, and one naming no version', async () => {
    const id = await uploadMri('cervical-mri.pdf');
    const { saved, refused } = await writeTwiceFromOneVersion(server, {
      method: 'PATCH',
      url: `/api/documents/${id}/category`,
      version: 1,
      first: { cookie: cookies.clinic, body: { category: 'Treatment Notes' } },
      second: { cookie: cookies.admin, body: { category: 'Billing' } },
    });
    expect(refused.current).toEqual(saved);
    const [row] = await server.context.db.select().from(documents).where(eq(documents.id, id));
    expect(row).toMatchObject({ category: 'Treatment Notes', version: 2 });

    await expectVersionRequired(server, {
      method: 'PATCH',
      url: `/api/documents/${id}/category`,
      cookie: cookies.clinic,
      body: { category: 'Billing' },
    });
    // The body's version works as well as If-Match; the same category is no change.
    const same = await server.request({
      method: 'PATCH',
      url: `/api/documents/${id}/category`,
      cookie: cookies.clinic,
      body: { category: 'Treatment Notes', version: 2 },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe('The document is already in Treatment Notes');
    const [after] = await server.context.db.select().from(documents).where(eq(documents.id, id));
    expect(after).toEqual(row);
  });

  it('a removed document is kept with its file but gone for everyone: lists, downloads, previews, notifications', async () => {
    const id = await uploadMri('wrong-patient-mri.pdf');
    const remove = (body: unknown, headers: Record<string, string> = {}) =>
      server.request({
        method: 'POST',
        url: `/api/documents/${id}/remove`,
        cookie: cookies.clinic,
        body,
        headers,
      });
    const blank = await remove({ reason: '   ' }, { 'if-match': formatEtag(1) });
    expect(blank.statusCode).toBe(400);
    expect(formMessage(blank)).toBe('Please give a reason');
    expect((await remove({ reason: 'Wrong patient' })).statusCode).toBe(428);
    const stale = await remove({ reason: 'Wrong patient', version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id, version: 1, category: 'MRI' });

    const attorney = await subscribeAs(server, 'attorney@demo.test');
    const removed = await remove({ reason: 'Wrong patient', version: 1 });
    expect(removed.statusCode).toBe(204);

    for (const role of ['clinic', 'admin', 'attorney', 'lienholder'] as const) {
      expect(await listNames(cookies[role])).not.toContain('wrong-patient-mri.pdf');
      expect(await deliveries(cookies[role], id)).toEqual([404, 404]);
      expect(await unreadAbout(cookies[role], 'wrong-patient-mri.pdf')).toBe(0);
    }
    // No second removal and no re-categorising of a removed document: it is not there to find.
    expect((await remove({ reason: 'Again', version: 2 })).statusCode).toBe(404);
    expect((await recategorize(id, 'Billing', { 'if-match': formatEtag(2) })).statusCode).toBe(404);

    const [row] = await server.context.db.select().from(documents).where(eq(documents.id, id));
    expect(row).toMatchObject({ removalReason: 'Wrong patient', version: 2 });
    expect(row?.removedAt).toBeInstanceOf(Date);
    expect(await listStoredKeys(server)).toContain(row!.storageKey);

    const history = await server.context.db
      .select()
      .from(recordHistory)
      .where(eq(recordHistory.recordId, id));
    expect(history).toMatchObject([
      { action: 'removed', version: 2, reason: 'Wrong patient', actorRole: 'clinic' },
    ]);
    const audits = await server.context.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.action, 'document_removed'));
    expect(audits).toEqual([{ details: 'wrong-patient-mri.pdf (MRI) removed: Wrong patient' }]);

    await server.flushEvents();
    expect(
      attorney.received
        .filter((event) => event.topic === 'document.changed')
        .map((event) => event.payload),
    ).toEqual([{ documentId: id, categories: ['MRI'] }]);
    attorney.remove();
  });
});
