import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents, mailOutbox, messages, notifications, users } from '#src/db/schema/index.ts';
import { expectOneAuditRow, patientIdByName } from '#src/test/audit-rows.ts';
import { createTestServer, type DemoEmail, type TestServer } from '#src/test/test-server.ts';

/**
 * Every read that returns patient data writes exactly one audit row per
 * request, naming the patient (or, for a page, the ids it returned), and every refused attempt
 * on a patient writes one `access_denied` row with the id asked for. Rows are counted per test
 * actor before and after, since the log is append-only.
 */
describe('audit of reads of health information', () => {
  let server: TestServer;
  const cookies = new Map<DemoEmail, string>();
  let maria: string;

  beforeAll(async () => {
    server = await createTestServer();
    for (const email of [
      'admin@demo.test',
      'clinic@demo.test',
      'clinic2@demo.test',
      'attorney2@demo.test',
      'lienholder@demo.test',
    ] as const) {
      cookies.set(email, await server.login(email));
    }
    maria = await patientIdByName(server, 'Maria Delgado');
  });
  afterAll(async () => {
    await server.close();
  });

  const get = (email: DemoEmail, url: string) =>
    server.request({ url, cookie: cookies.get(email)! });

  it('a patient list or search page is one row with the ids it returned, not the search text', async () => {
    const { response, row } = await expectOneAuditRow(
      server,
      { email: 'clinic@demo.test', action: 'patients_listed', patientId: null },
      () => get('clinic@demo.test', '/api/patients?search=Delgado&status=Referred&limit=5'),
    );
    expect(response.statusCode).toBe(200);
    const ids = response.json().items.map((item: { id: string }) => item.id);
    expect(ids).toContain(maria);
    expect(row.details).toBe(
      `patients: ${ids.join(',')}; filter: page 1, sort last_updated, status Referred, search (text not recorded)`,
    );
    expect(row.details).not.toContain('Delgado');
    // An empty page is still a read, and says so.
    const empty = await expectOneAuditRow(
      server,
      { email: 'clinic@demo.test', action: 'patients_listed', patientId: null },
      () => get('clinic@demo.test', '/api/patients?search=zzzz-nobody'),
    );
    expect(empty.row.details).toMatch(/^patients: none; /);
  });

  it('a patient, its document list, billing history and billing export are one row each', async () => {
    const reads = [
      ['patient_viewed', `/api/patients/${maria}`],
      ['documents_listed', `/api/patients/${maria}/documents`],
      ['billing_viewed', `/api/patients/${maria}/billing`],
      ['billing_exported', `/api/patients/${maria}/billing.csv`],
    ] as const;
    for (const [action, url] of reads) {
      const { response, row } = await expectOneAuditRow(
        server,
        { email: 'clinic@demo.test', action, patientId: maria },
        () => get('clinic@demo.test', url),
      );
      expect(response.statusCode).toBe(200);
      expect(row.patientId).toBe(maria);
    }
    const documentList = await expectOneAuditRow(
      server,
      { email: 'clinic@demo.test', action: 'documents_listed', patientId: maria },
      () => get('clinic@demo.test', `/api/patients/${maria}/documents`),
    );
    const documentIds = documentList.response.json().items.map((item: { id: string }) => item.id);
    expect(documentList.row.details).toBe(`documents: ${documentIds.join(',') || 'none'}`);
    const billing = await expectOneAuditRow(
      server,
      { email: 'clinic@demo.test', action: 'billing_viewed', patientId: maria },
      () => get('clinic@demo.test', `/api/patients/${maria}/billing`),
    );
    const lineIds = billing.response.json().items.map((item: { id: string }) => item.id);
    expect(billing.row.details).toBe(`billing entries: ${lineIds.join(',') || 'none'}`);
  });

  it("the lienholder's billing summary is one row naming the patients whose lines it shows", async () => {
    const { response, row } = await expectOneAuditRow(
      server,
      { email: 'lienholder@demo.test', action: 'billing_summary_viewed', patientId: null },
      () => get('lienholder@demo.test', '/api/billing/summary'),
    );
    expect(response.statusCode).toBe(200);
    const shown = new Set(
      response.json().recent.map((line: { patientId: string }) => line.patientId),
    );
    expect(shown.size).toBeGreaterThan(0);
    expect(row.details).toBe(`patients: ${[...shown].join(',')}`);
  });

  it("an admin opening a mail is one row, on the patient when it is a message's mail", async () => {
    const { db } = server.context;
    const [message] = await db
      .insert(messages)
      .values({ patientId: maria, senderName: 'Casey', senderRole: 'clinic', body: 'Update' })
      .returning({ id: messages.id });
    const [mail] = await db
      .insert(mailOutbox)
      .values({
        kind: 'message_notification',
        toAddress: 'morgan@example.test',
        subject: 'New message',
        html: '<p>Update</p>',
        text: 'Update',
        subjectId: message!.id,
      })
      .returning({ id: mailOutbox.id });
    const { response, row } = await expectOneAuditRow(
      server,
      { email: 'admin@demo.test', action: 'mail_viewed', patientId: maria },
      () => get('admin@demo.test', `/api/admin/mail-outbox/${mail!.id}`),
    );
    expect(response.statusCode).toBe(200);
    expect(row.details).toBe(`message_notification e-mail ${mail!.id}`);
  });

  it('the mail outbox list is one row naming the mails it showed', async () => {
    const { response, row } = await expectOneAuditRow(
      server,
      { email: 'admin@demo.test', action: 'mail_listed', patientId: null },
      () => get('admin@demo.test', '/api/admin/mail-outbox?search=morgan'),
    );
    const mailIds = response.json().items.map((item: { id: string }) => item.id);
    expect(row.details).toBe(
      `mails: ${mailIds.join(',') || 'none'}; page 1, search (text not recorded)`,
    );
  });

  it('a page of notifications that names patients is one row naming them', async () => {
    const { db } = server.context;
    const [lien] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'lienholder@demo.test'));
    await db.insert(notifications).values({
      recipientUserId: lien!.id,
      patientId: maria,
      type: 'message',
      content: 'New message regarding a patient',
      linkTo: `/patients/${maria}?tab=messages`,
    });
    const { response, row } = await expectOneAuditRow(
      server,
      { email: 'lienholder@demo.test', action: 'notifications_listed', patientId: null },
      () => get('lienholder@demo.test', '/api/notifications'),
    );
    const items: Array<{ id: string; patientId: string | null }> = response.json().items;
    const named = [...new Set(items.flatMap((item) => item.patientId ?? []))];
    expect(named).toContain(maria);
    expect(row.details).toBe(
      `patients: ${named.join(',')}; notifications: ${items.map((item) => item.id).join(',')}`,
    );
  });

  it('browsing and exporting the audit log are one row each; the CSV states UTC', async () => {
    const page = await expectOneAuditRow(
      server,
      { email: 'admin@demo.test', action: 'audit_logs_viewed', patientId: null },
      () => get('admin@demo.test', '/api/audit-logs?patient=Delgado&limit=5'),
    );
    expect(page.response.statusCode).toBe(200);
    expect(page.row.details).toMatch(/; page 1, filters: patient=\(name search\)$/);
    expect(page.row.details).not.toContain('Delgado');
    const exported = await expectOneAuditRow(
      server,
      { email: 'admin@demo.test', action: 'audit_exported', patientId: null },
      () => get('admin@demo.test', `/api/audit-logs/export?patient=${maria}`),
    );
    const [header, first] = exported.response.body.split('\r\n');
    expect(header).toMatch(/^timestamp_utc,/);
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/);
    expect(exported.row.details).toBe(`filters: patient=${maria}`);
  });

  it('a refused attempt on another party’s patient is one row with the id asked and the route', async () => {
    const { response, row } = await expectOneAuditRow(
      server,
      { email: 'attorney2@demo.test', action: 'access_denied', patientId: maria },
      () => get('attorney2@demo.test', `/api/patients/${maria}/billing`),
    );
    expect(response.statusCode).toBe(404);
    expect(row.details).toBe(`GET /api/patients/:patientId/billing; patient id asked: "${maria}"`);
    // No read row is written for what was not returned.
    const missing = '00000000-0000-4000-8000-000000000000';
    const gone = await expectOneAuditRow(
      server,
      { email: 'attorney2@demo.test', action: 'access_denied', patientId: missing },
      () => get('attorney2@demo.test', `/api/patients/${missing}`),
    );
    expect(gone.response.statusCode).toBe(404);
    const malformed = await expectOneAuditRow(
      server,
      { email: 'attorney2@demo.test', action: 'access_denied', patientId: null },
      () => get('attorney2@demo.test', '/api/patients/not-an-id/documents'),
    );
    expect(malformed.response.statusCode).toBe(404);
    expect(malformed.row.details).toBe(
      'GET /api/patients/:patientId/documents; patient id asked: "not-an-id"',
    );
  });

  it("a refused document of another party's patient is one row, on that patient", async () => {
    const james = await patientIdByName(server, 'James Whitfield');
    const [document] = await server.context.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.patientId, james));
    const { response, row } = await expectOneAuditRow(
      server,
      { email: 'attorney2@demo.test', action: 'access_denied', patientId: james },
      () => get('attorney2@demo.test', `/api/documents/${document!.id}/download`),
    );
    expect(response.statusCode).toBe(404);
    expect(row.details).toBe(
      `GET /api/documents/:documentId/download; document id asked: "${document!.id}"`,
    );
  });

  it('a refused write is audited although its transaction rolled back', async () => {
    const { response, row } = await expectOneAuditRow(
      server,
      { email: 'clinic2@demo.test', action: 'access_denied', patientId: maria },
      () =>
        server.request({
          method: 'PUT',
          url: `/api/patients/${maria}/demographics`,
          cookie: cookies.get('clinic2@demo.test')!,
          body: { fullName: 'Changed', dob: '1984-03-12', version: 1 },
        }),
    );
    expect(response.statusCode).toBe(404);
    expect(row.details).toMatch(/^PUT \/api\/patients\/:patientId\/demographics; /);
  });
});
