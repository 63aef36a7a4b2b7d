import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUDIT_MESSAGES } from '@casebridge/domain/audit/audit-log.schemas';
import { AUDIT_LOG_COUNT_CAP } from '@casebridge/domain/constants';
import { auditLogs, patients } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { toCsvCell } from '#src/lib/csv.ts';
import { AUDIT_CSV_COLUMNS } from './audit-csv.ts';
import { formMessage } from '#src/test/form-message.ts';

type Entry = {
  action: string;
  userName: string | null;
  patientName: string | null;
  details: string | null;
};

describe('audit log browsing and export', () => {
  let server: TestServer;
  let admin: string;
  let mariaId: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = await server.login('admin@demo.test');
    const [maria] = await server.context.db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.fullName, 'Maria Delgado'));
    mariaId = maria!.id;
    // A known slice of history in March 2020, far from the rows the tests themselves write.
    await server.context.db.insert(auditLogs).values([
      {
        timestamp: new Date('2020-03-01T09:00:00Z'),
        userId: 'u-casey',
        userName: 'Casey Harbor',
        userRole: 'clinic',
        action: 'patient_viewed',
        patientId: mariaId,
        details: 'first',
      },
      {
        timestamp: new Date('2020-03-02T09:00:00Z'),
        userId: 'u-morgan',
        userName: 'Morgan Hale',
        userRole: 'attorney',
        action: 'patient_viewed',
        patientId: mariaId,
        details: 'second',
      },
      {
        timestamp: new Date('2020-03-03T09:00:00Z'),
        userId: 'u-casey',
        userName: 'Casey Harbor',
        userRole: 'clinic',
        action: 'document_downloaded',
        patientId: mariaId,
        details: '=HYPERLINK("http://evil")',
      },
      {
        timestamp: new Date('2020-03-04T09:00:00Z'),
        userId: 'u-casey',
        userName: 'Casey Harbor',
        userRole: 'clinic',
        action: 'login',
        patientId: null,
        details: 'with, a "comma"',
      },
    ]);
  });
  afterAll(async () => {
    await server.close();
  });

  const list = (query: string) =>
    server.request({ url: `/api/audit-logs?${query}`, cookie: admin });
  const inMarch = 'from=2020-03-01T00:00:00Z&to=2020-03-31T23:59:59Z';

  it('lists newest first and pages on the server by cursor', async () => {
    const first = await list(`${inMarch}&limit=3`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 4, isTotalCapped: false });
    expect(first.json().items.map((item: Entry) => item.details)).toEqual([
      'with, a "comma"',
      '=HYPERLINK("http://evil")',
      'second',
    ]);
    expect(first.json().nextCursor).toBe(String(first.json().items[2].id));
    const second = await list(`${inMarch}&limit=3&cursor=${first.json().nextCursor}`);
    expect(second.json().items.map((item: Entry) => item.details)).toEqual(['first']);
    expect(second.json().items[0].patientName).toBe('Maria Delgado');
    expect(second.json().nextCursor).toBeNull();

    // Without filters the newest rows come first: this very admin's login is among them.
    const latest = await list('limit=5');
    expect(latest.json().items.some((item: Entry) => item.action === 'login')).toBe(true);
  });

  it('filters by user, patient, action and date range', async () => {
    const byUser = await list(`${inMarch}&user=morgan`);
    expect(byUser.json().items.map((item: Entry) => item.details)).toEqual(['second']);
    const byUserId = await list(`${inMarch}&user=u-casey`);
    expect(byUserId.json().total).toBe(3);

    const byPatientName = await list(`${inMarch}&patient=delgado`);
    expect(byPatientName.json().total).toBe(3);
    const byPatientId = await list(`${inMarch}&patient=${mariaId}`);
    expect(byPatientId.json().total).toBe(3);
    const otherPatient = await list(`${inMarch}&patient=Nobody Atall`);
    expect(otherPatient.json().total).toBe(0);

    const byAction = await list(`${inMarch}&action=patient_viewed`);
    expect(byAction.json().items.map((item: Entry) => item.details)).toEqual(['second', 'first']);

    const range = await list('from=2020-03-02T00:00:00Z&to=2020-03-03T23:59:59Z');
    expect(range.json().items.map((item: Entry) => item.details)).toEqual([
      '=HYPERLINK("http://evil")',
      'second',
    ]);
    const combined = await list(`${inMarch}&user=casey&action=patient_viewed&patient=maria`);
    expect(combined.json().items.map((item: Entry) => item.details)).toEqual(['first']);
  });

  it('refuses an unknown action and a reversed date range', async () => {
    expect((await list('action=dropped_tables')).statusCode).toBe(400);
    const reversed = await list('from=2020-03-05T00:00:00Z&to=2020-03-01T00:00:00Z');
    expect(reversed.statusCode).toBe(400);
    expect(formMessage(reversed)).toBe(AUDIT_MESSAGES.invalidRange);
  });

  it('exports the filtered rows as CSV, safely quoted, and audits the export', async () => {
    const response = await server.request({
      url: `/api/audit-logs/export?${inMarch}&user=casey`,
      cookie: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="audit-log-/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      '2020-03-04T09:00:00.000Z,Casey Harbor,clinic,login,,,"with, a ""comma""",',
    );
    // A formula is neutralised with a leading apostrophe.
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[3]).toContain(`patient_viewed,${mariaId},Maria Delgado,first`);

    const exported = await server.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'audit_exported'));
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ userName: 'Avery Admin', userRole: 'admin' });
    expect(exported[0]?.details).toContain('user=casey');
  });

  it('offers no way to change or delete audit rows', async () => {
    const before = await server.context.db.select().from(auditLogs);
    const [row] = before;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/audit-logs', `/api/audit-logs/${row!.id}`]) {
        const response = await server.request({ method, url, cookie: admin, body: {} });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const after = await server.context.db.select().from(auditLogs);
    expect(after.filter((entry) => before.some((old) => old.id === entry.id))).toEqual(before);
  });

  it('quotes CSV cells only when needed', () => {
    expect(toCsvCell(null)).toBe('');
    expect(toCsvCell('plain')).toBe('plain');
    expect(toCsvCell('a\nb')).toBe('"a\nb"');
    expect(toCsvCell('-1+1')).toBe("'-1+1");
    expect(toCsvCell('@cmd')).toBe("'@cmd");
  });

  it('pages 1200 rows sharing three timestamps completely, without overlap, the count capped', async () => {
    const stamps = ['2019-06-01T10:00:00Z', '2019-06-01T11:00:00Z', '2019-06-02T10:00:00Z'];
    await server.context.db.insert(auditLogs).values(
      Array.from({ length: 1200 }, (_, i) => ({
        timestamp: new Date(stamps[i % 3]!),
        userId: 'u-bulk',
        userName: 'Bulk Writer',
        action: 'patient_viewed',
        details: `bulk ${i}`,
      })),
    );
    const inJune = 'from=2019-06-01T00:00:00Z&to=2019-06-30T23:59:59Z';
    const seen: Array<Entry & { id: number; timestamp: string }> = [];
    let cursor: number | null = null;
    do {
      const response = await list(
        `${inJune}&limit=100${cursor === null ? '' : `&cursor=${cursor}`}`,
      );
      const body = response.json();
      expect({ total: body.total, isTotalCapped: body.isTotalCapped }).toEqual({
        total: AUDIT_LOG_COUNT_CAP,
        isTotalCapped: true,
      });
      seen.push(...body.items);
      cursor = body.nextCursor;
    } while (cursor !== null);
    expect(seen).toHaveLength(1200);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(1200);
    const ordered = seen.toSorted((a, b) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id);
    expect(seen).toEqual(ordered);

    // The export walks the same keyset in batches of 1000: every row once, in the same order.
    const exported = await server.request({
      url: `/api/audit-logs/export?${inJune}`,
      cookie: admin,
    });
    const lines = exported.body.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(1200);
    expect(lines.map((line) => line.split(',')[6])).toEqual(seen.map((entry) => entry.details));

    const narrow = await list(`${inJune}&user=nobody-at-all`);
    expect(narrow.json()).toMatchObject({ total: 0, isTotalCapped: false, nextCursor: null });
  });
});
