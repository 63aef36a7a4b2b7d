import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURSOR_CHANGED } from '@casebridge/domain/common.schemas';
import { documents, organizations, patients } from '#src/db/schema/index.ts';
import { countAuditRows } from '#src/test/audit-rows.ts';
import { listVisibleDemoPatients } from '#src/test/demo-scope.ts';
import { collectPages, withCursor } from '#src/test/keyset-pages.ts';
import { changeStatusAsUser } from '#src/test/patient-writes.ts';
import { createTestServer, type DemoEmail, type TestServer } from '#src/test/test-server.ts';

/**
 * 'Sync-friendly reads' (docs/architecture/api-contract.md): one page style on every list, the
 * `updatedSince` lists, the organisation-wide billing list and unknown query parameters.
 */
type Actor = 'admin' | 'clinic' | 'clinic2' | 'attorney' | 'attorney2' | 'lienholder';
const EMAILS: Record<Actor, DemoEmail> = {
  admin: 'admin@demo.test',
  clinic: 'clinic@demo.test',
  clinic2: 'clinic2@demo.test',
  attorney: 'attorney@demo.test',
  attorney2: 'attorney2@demo.test',
  lienholder: 'lienholder@demo.test',
};
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

type Item = { id: string; [key: string]: unknown };
type Page = { items: Item[]; nextCursor: string | null };

/** A moment strictly after every write so far, as an `updatedSince` value. */
async function mark(): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const at = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 5));
  return at;
}

describe('sync-friendly reads', () => {
  let server: TestServer;
  const cookies = {} as Record<Actor, string>;
  const ids = new Map<string, string>();
  const patientId = (name: string) => ids.get(name)!;
  let maria = '';

  async function get(actor: Actor, url: string) {
    return server.request({ url, cookie: cookies[actor] });
  }
  async function page(actor: Actor, url: string): Promise<Page> {
    const response = await get(actor, url);
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  async function addBillingLine(cptCode: string) {
    const response = await server.request({
      method: 'POST',
      url: `/api/patients/${maria}/billing`,
      cookie: cookies.clinic,
      body: { cptCode, sessionCount: 1, amount: '10.00' },
    });
    if (response.statusCode !== 201) throw new Error(`billing line: ${response.body}`);
    return response.json() as { id: string; version: number };
  }
  async function sendMessage(body: string) {
    const response = await server.request({
      method: 'POST',
      url: `/api/patients/${maria}/messages`,
      cookie: cookies.clinic,
      body: { body },
    });
    if (response.statusCode !== 201) throw new Error(`message: ${response.body}`);
    return (response.json() as { message: { id: string } }).message;
  }

  beforeAll(async () => {
    server = await createTestServer();
    for (const actor of Object.keys(EMAILS) as Actor[])
      cookies[actor] = await server.login(EMAILS[actor]);
    const rows = await server.context.db
      .select({ id: patients.id, fullName: patients.fullName })
      .from(patients);
    for (const row of rows) ids.set(row.fullName, row.id);
    maria = patientId('Maria Delgado');
    // Enough rows on Maria's lists for several pages of two.
    for (const code of ['97110', '97140', '97530']) await addBillingLine(code);
    for (const text of ['first', 'second', 'third']) await sendMessage(`Sync ${text}`);
    // A line of a Summit patient, outside Harbor's scope.
    const summitLine = await server.request({
      method: 'POST',
      url: `/api/patients/${patientId('Sofia Rossi')}/billing`,
      cookie: cookies.clinic2,
      body: { cptCode: '97110', sessionCount: 1, amount: '12.00' },
    });
    if (summitLine.statusCode !== 201) throw new Error(`billing line: ${summitLine.body}`);
  });
  afterAll(async () => {
    await server.close();
  });

  describe('one page style: { items, nextCursor } paged by cursor and limit', () => {
    const LISTS: Array<[string, Actor, () => string]> = [
      ['patients', 'admin', () => '/api/patients?sort=name'],
      [
        'patients changed since 2000',
        'clinic',
        () => '/api/patients?updatedSince=2000-01-01T00:00:00Z',
      ],
      ['users', 'admin', () => '/api/users?search=demo'],
      ['audit logs', 'admin', () => '/api/audit-logs?action=login'],
      ['mail outbox', 'admin', () => '/api/admin/mail-outbox'],
      ['notifications', 'attorney', () => '/api/notifications'],
      ['messages', 'attorney', () => `/api/patients/${maria}/messages`],
      [
        'messages changed since 2000',
        'attorney',
        () => `/api/patients/${maria}/messages?updatedSince=2000-01-01T00:00:00Z`,
      ],
      ['activity', 'admin', () => `/api/patients/${maria}/activity`],
      ['requests of a patient', 'admin', () => `/api/patients/${maria}/requests?status=all`],
      ['outstanding requests', 'admin', () => '/api/requests?status=all'],
      ['documents', 'admin', () => `/api/patients/${maria}/documents`],
      ['billing of a patient', 'clinic', () => `/api/patients/${maria}/billing`],
      ['billing of every patient', 'clinic', () => '/api/billing'],
      [
        'billing changed since 2000',
        'admin',
        () => '/api/billing?updatedSince=2000-01-01T00:00:00Z',
      ],
    ];

    it.each(LISTS)(
      '%s: pages of two hold every row once, as one long page does',
      async (_, actor, url) => {
        const separator = url().includes('?') ? '&' : '?';
        const first = await page(actor, `${url()}${separator}limit=2`);
        expect(Object.keys(first)).toEqual(expect.arrayContaining(['items', 'nextCursor']));
        // Every list takes at least 50 a page.
        const whole = await collectPages<Item>((cursor) =>
          get(actor, withCursor(`${url()}${separator}limit=50`, cursor)),
        );
        const paged = await collectPages<Item>((cursor) =>
          get(actor, withCursor(`${url()}${separator}limit=2`, cursor)),
        );
        const pagedIds = paged.items.map((item) => item.id);
        expect(new Set(pagedIds).size).toBe(pagedIds.length);
        expect(pagedIds).toEqual(whole.items.map((item) => item.id));
        expect(paged.pages).toBe(Math.max(1, Math.ceil(whole.items.length / 2)));
      },
    );

    it('pages the lien portfolio with the same envelope (its cursor is a position)', async () => {
      const whole = await page('lienholder', '/api/liens/portfolio?limit=100');
      const keyOf = (row: Record<string, unknown>) => `${row.patientId}/${row.lienholderId}`;
      const paged = await collectPages<Record<string, unknown>>((cursor) =>
        get('lienholder', withCursor('/api/liens/portfolio?limit=2', cursor)),
      );
      expect(paged.items.map(keyOf)).toEqual(whole.items.map(keyOf));
      expect(paged.pages).toBeGreaterThan(1);
    });

    it('refuses a limit above the maximum and a cursor the list did not make', async () => {
      for (const url of [
        '/api/billing?limit=101',
        '/api/patients?limit=0',
        `/api/patients/${maria}/billing?cursor=nope`,
        '/api/audit-logs?cursor=12x',
        '/api/liens/portfolio?cursor=-1',
      ]) {
        const response = await get('admin', url);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('updatedSince: only what changed since, oldest change first', () => {
    it('refuses a value that is not a date-time with a time zone', async () => {
      for (const value of ['yesterday', '2026-01-31', '2026-01-31T09:00:00']) {
        const response = await get('admin', `/api/billing?updatedSince=${value}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('billing: an edit and a void each change the line, listed in the order they happened', async () => {
      const edited = await addBillingLine('97112');
      const voided = await addBillingLine('97116');
      const since = await mark();
      const edit = await server.request({
        method: 'PATCH',
        url: `/api/patients/${maria}/billing/${edited.id}`,
        cookie: cookies.clinic,
        headers: { 'if-match': `"${edited.version}"` },
        body: {
          cptCode: '97113',
          sessionCount: 2,
          amount: '20.00',
          date: new Date().toISOString().slice(0, 10),
          reason: 'Wrong code',
        },
      });
      expect(edit.statusCode).toBe(200);
      const afterEdit = await mark();
      const voiding = await server.request({
        method: 'POST',
        url: `/api/patients/${maria}/billing/${voided.id}/void`,
        cookie: cookies.clinic,
        body: { reason: 'Duplicate', version: voided.version },
      });
      expect(voiding.statusCode).toBe(200);

      const patientLines = await page(
        'clinic',
        `/api/patients/${maria}/billing?updatedSince=${since}`,
      );
      expect(patientLines.items.map((item) => item.id)).toEqual([edited.id, voided.id]);
      const justVoided = await page(
        'clinic',
        `/api/patients/${maria}/billing?updatedSince=${afterEdit}`,
      );
      expect(justVoided.items.map((item) => [item.id, item.voidReason])).toEqual([
        [voided.id, 'Duplicate'],
      ]);

      const everyPatient = await page('clinic', `/api/billing?updatedSince=${since}`);
      expect(everyPatient.items.map((item) => [item.id, item.status])).toEqual([
        [edited.id, 'active'],
        [voided.id, 'voided'],
      ]);
      // Paged one at a time, the changes come in the same order, each once.
      const oneByOne = await collectPages<Item>((cursor) =>
        get('clinic', withCursor(`/api/billing?updatedSince=${since}&limit=1`, cursor)),
      );
      expect(oneByOne.items.map((item) => item.id)).toEqual([edited.id, voided.id]);
    });

    it('a line changed again while the client pages refuses the next page: nothing is skipped', async () => {
      const since = await mark();
      const first = await addBillingLine('97010');
      const second = await addBillingLine('97012');
      const third = await addBillingLine('97014');
      const url = `/api/billing?updatedSince=${since}&limit=2`;
      const start = await page('clinic', url);
      expect(start.items.map((item) => item.id)).toEqual([first.id, second.id]);
      expect(start.nextCursor).toBe(`${second.id}:${second.version}`);

      // The second line is voided after it was served: from its new place the third would be
      // skipped, so the page is refused and the client starts again from its mark.
      const voiding = await server.request({
        method: 'POST',
        url: `/api/patients/${maria}/billing/${second.id}/void`,
        cookie: cookies.clinic,
        body: { reason: 'Entered twice', version: second.version },
      });
      expect(voiding.statusCode).toBe(200);
      const moved = await get('clinic', withCursor(url, start.nextCursor));
      expect(moved.statusCode).toBe(400);
      expect(moved.json().error.message).toBe(`cursor: ${CURSOR_CHANGED}`);
      const again = await collectPages<Item>((cursor) => get('clinic', withCursor(url, cursor)));
      expect(again.items.map((item) => item.id)).toEqual([first.id, third.id, second.id]);

      // Each list a sync client pages by its changes keeps the same rule.
      for (const list of [
        `/api/patients/${maria}/billing`,
        `/api/patients/${maria}/messages`,
        `/api/patients/${maria}/documents`,
        `/api/patients/${maria}/requests`,
      ]) {
        const stale = await get('clinic', `${list}?updatedSince=${since}&cursor=${second.id}:99`);
        expect(stale.statusCode).toBe(400);
      }
    });

    it('messages: an edit and a retraction each change the message', async () => {
      const message = await sendMessage('Sync edit me');
      const since = await mark();
      const listed = () =>
        page('attorney', `/api/patients/${maria}/messages?updatedSince=${since}`);
      expect((await listed()).items).toEqual([]);
      const edit = await server.request({
        method: 'PATCH',
        url: `/api/patients/${maria}/messages/${message.id}`,
        cookie: cookies.clinic,
        body: { body: 'Sync edited', version: 1 },
      });
      expect(edit.statusCode).toBe(200);
      expect((await listed()).items.map((item) => [item.id, item.body])).toEqual([
        [message.id, 'Sync edited'],
      ]);
      const afterEdit = await mark();
      const retract = await server.request({
        method: 'POST',
        url: `/api/patients/${maria}/messages/${message.id}/retract`,
        cookie: cookies.clinic,
        body: { version: 2 },
      });
      expect(retract.statusCode).toBe(200);
      const retracted = await page(
        'attorney',
        `/api/patients/${maria}/messages?updatedSince=${afterEdit}`,
      );
      expect(retracted.items.map((item) => item.id)).toEqual([message.id]);
      expect(retracted.items[0]?.retractedAt).not.toBeNull();
    });

    it('documents: a re-categorisation lists the document; a removal changes its row', async () => {
      const [document] = await server.context.db
        .select({
          id: documents.id,
          patientId: documents.patientId,
          version: documents.version,
          category: documents.category,
        })
        .from(documents)
        .where(isNull(documents.removedAt))
        .limit(1);
      expect(document).toBeDefined();
      const listOf = (since: string) =>
        page('admin', `/api/patients/${document!.patientId}/documents?updatedSince=${since}`);
      const since = await mark();
      const category = document!.category === 'Billing' ? 'Intake' : 'Billing';
      const move = await server.request({
        method: 'PATCH',
        url: `/api/documents/${document!.id}/category`,
        cookie: cookies.admin,
        body: { category, version: document!.version },
      });
      expect(move.statusCode).toBe(200);
      const changed = await listOf(since);
      expect(changed.items.map((item) => [item.id, item.category])).toEqual([
        [document!.id, category],
      ]);

      const beforeRemoval = await mark();
      const remove = await server.request({
        method: 'POST',
        url: `/api/documents/${document!.id}/remove`,
        cookie: cookies.admin,
        body: { reason: 'Wrong patient', version: document!.version + 1 },
      });
      expect(remove.statusCode).toBe(204);
      const [row] = await server.context.db
        .select({ updatedAt: documents.updatedAt, version: documents.version })
        .from(documents)
        .where(eq(documents.id, document!.id));
      expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(new Date(beforeRemoval).getTime());
      expect(row!.version).toBe(document!.version + 2);
      // A removed document is hidden from everyone, its changes included.
      const afterRemoval = await page(
        'admin',
        `/api/patients/${maria}/documents?updatedSince=${beforeRemoval}`,
      );
      expect(afterRemoval.items).toEqual([]);
    });

    it('requests: an acknowledgement lists the request, whatever its status', async () => {
      const [harbor] = await server.context.db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.name, 'Harbor Physical Therapy'));
      const created = await server.request({
        method: 'POST',
        url: `/api/patients/${maria}/requests`,
        cookie: cookies.attorney,
        body: { clinicId: harbor!.id, kind: 'medical_records' },
      });
      expect(created.statusCode).toBe(201);
      const request = created.json() as { id: string; version: number };
      const since = await mark();
      const acknowledge = await server.request({
        method: 'POST',
        url: `/api/requests/${request.id}/acknowledge`,
        cookie: cookies.clinic,
        body: { version: request.version },
      });
      expect(acknowledge.statusCode).toBe(200);
      const ofPatient = await page(
        'clinic',
        `/api/patients/${maria}/requests?updatedSince=${since}`,
      );
      expect(ofPatient.items.map((item) => [item.id, item.status])).toEqual([
        [request.id, 'acknowledged'],
      ]);
      const queue = await page('attorney', `/api/requests?updatedSince=${since}`);
      expect(queue.items.map((item) => item.id)).toEqual([request.id]);
      // Another firm is no party to it: nothing changed for it.
      expect((await page('attorney2', `/api/requests?updatedSince=${since}`)).items).toEqual([]);
    });

    it('patients: a status change lists the patient, paged oldest change first', async () => {
      const since = await mark();
      const names = ['Robert Alvarez', 'Maria Delgado', 'Thomas Becker'];
      for (const name of names) {
        const changed = await changeStatusAsUser(server, {
          cookie: cookies.clinic,
          patientId: patientId(name),
          status: 'Evaluated',
        });
        expect(changed.statusCode).toBe(200);
      }
      const paged = await collectPages<Item>((cursor) =>
        get('clinic', withCursor(`/api/patients?updatedSince=${since}&limit=1`, cursor)),
      );
      expect(paged.items.map((item) => item.fullName)).toEqual(names);
      expect(paged.pages).toBe(3);
      // Another clinic's list holds none of them.
      expect((await page('clinic2', `/api/patients?updatedSince=${since}`)).items).toEqual([]);
    });
  });

  describe('GET /api/billing: every line of every patient the user may see', () => {
    it.each(Object.keys(EMAILS) as Actor[])(
      '%s: exactly the lines of the patients in scope, voided ones with their status',
      async (actor) => {
        const visible = new Set(
          listVisibleDemoPatients(EMAILS[actor]).map((patient) => patientId(patient.fullName)),
        );
        const { items } = await collectPages<Item>((cursor) =>
          get(actor, withCursor('/api/billing?limit=100', cursor)),
        );
        for (const item of items) expect(visible.has(String(item.patientId))).toBe(true);
        // The same lines as each patient's own billing, every line counted once.
        let expected = 0;
        for (const id of visible) {
          const own = await page(actor, `/api/patients/${id}/billing?limit=100`);
          expected += own.items.length;
        }
        expect(items).toHaveLength(expected);
        for (const item of items)
          expect(item.status).toBe(item.voidedAt === null ? 'active' : 'voided');
      },
    );

    it('filters by patient; a patient outside the scope or missing lists nothing', async () => {
      const ofMaria = await page('clinic', `/api/billing?patientId=${maria}&limit=100`);
      expect(ofMaria.items.length).toBeGreaterThan(0);
      expect(new Set(ofMaria.items.map((item) => item.patientId))).toEqual(new Set([maria]));
      const sofia = patientId('Sofia Rossi');
      expect((await page('admin', `/api/billing?patientId=${sofia}`)).items.length).toBeGreaterThan(
        0,
      );
      expect((await page('clinic', `/api/billing?patientId=${sofia}`)).items).toEqual([]);
      expect((await page('clinic', `/api/billing?patientId=${MISSING_ID}`)).items).toEqual([]);
      expect((await get('clinic', '/api/billing?patientId=nope')).statusCode).toBe(400);
    });

    it('is a read of health information: one audit row per page; signed out, 401', async () => {
      const filter = { email: EMAILS.lienholder, action: 'billing_listed' as const };
      const before = await countAuditRows(server, filter);
      await page('lienholder', '/api/billing?limit=1');
      expect(await countAuditRows(server, filter)).toBe(before + 1);
      expect((await server.request({ url: '/api/billing' })).statusCode).toBe(401);
    });
  });

  describe('unknown query parameters are refused, naming the parameter', () => {
    const CASES: Array<[string, 'GET' | 'POST', string, string]> = [
      ['a list', 'GET', '/api/patients?sort=name&foo=1', 'foo'],
      ['the old page size', 'GET', '/api/billing?pageSize=5', 'pageSize'],
      ['a route without a query schema', 'GET', '/api/patients/stats?_=123', '_'],
      ['a public route', 'GET', '/api/health?cacheBuster=1', 'cacheBuster'],
      ['a write', 'POST', '/api/patients/PATIENT/messages?notify=1', 'notify'],
      ['a patient read', 'GET', '/api/patients/PATIENT?tab=billing', 'tab'],
    ];

    it.each(CASES)('%s', async (_, method, url, name) => {
      const response = await server.request({
        method,
        url: url.replace('PATIENT', maria),
        cookie: cookies.admin,
        ...(method === 'POST' ? { body: { body: 'never sent' } } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: `unknown query parameter: ${name}`,
      });
    });
  });
});
