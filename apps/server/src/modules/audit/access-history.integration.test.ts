import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccessHistoryDay } from '@casebridge/domain/audit/access-history';
import { auditLogs } from '#src/db/schema/index.ts';
import { expectOneAuditRow, patientIdByName } from '#src/test/audit-rows.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { formMessage } from '#src/test/form-message.ts';

const row = (
  userId: string,
  action: string,
  at: string,
  patientId: string | null,
): typeof auditLogs.$inferInsert => ({
  userId,
  userName: userId === 'u-nora' ? 'Nora York' : 'Otto Outside',
  userRole: userId === 'u-nora' ? 'clinic' : 'attorney',
  action,
  patientId,
  timestamp: new Date(at),
});

/** A patient's Access history: who viewed or changed it, per user and day. */
describe('access history', () => {
  let server: TestServer;
  let clinic: string;
  let maria: string;

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
    maria = await patientIdByName(server, 'Maria Delgado');
    // A known slice of history in 2020, around midnight in New York (UTC-5 then).
    await server.context.db
      .insert(auditLogs)
      .values([
        row('u-nora', 'patient_viewed', '2020-03-01T03:00:00Z', maria),
        row('u-nora', 'patient_viewed', '2020-03-01T16:00:00Z', maria),
        row('u-nora', 'patient_updated', '2020-03-01T17:00:00Z', maria),
        row('u-nora', 'document_downloaded', '2020-03-02T12:00:00Z', maria),
        row('u-nora', 'login', '2020-03-01T15:00:00Z', null),
        row('u-nora', 'audit_exported', '2020-03-01T15:30:00Z', maria),
        row('u-otto', 'access_denied', '2020-03-01T10:00:00Z', maria),
      ]);
  });
  afterAll(async () => {
    await server.close();
  });

  const open = (tz: string) =>
    server.request({
      url: `/api/patients/${maria}/access-history?tz=${encodeURIComponent(tz)}`,
      cookie: clinic,
    });
  const daysOf = (items: TAccessHistoryDay[], userId: string) =>
    items
      .filter((item) => item.userId === userId)
      .map(({ day, views, changes, refused, firstAt, lastAt }) => ({
        day,
        views,
        changes,
        refused,
        firstAt,
        lastAt,
      }));

  it("groups views, changes and refusals per user and day in the browser's zone", async () => {
    const response = await open('America/New_York');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.timeZone).toBe('America/New_York');
    expect(body.isTruncated).toBe(false);
    expect(daysOf(body.items, 'u-nora')).toEqual([
      {
        day: '2020-03-02',
        views: 1,
        changes: 0,
        refused: 0,
        firstAt: '2020-03-02T12:00:00.000Z',
        lastAt: '2020-03-02T12:00:00.000Z',
      },
      {
        day: '2020-03-01',
        views: 1,
        changes: 1,
        refused: 0,
        firstAt: '2020-03-01T16:00:00.000Z',
        lastAt: '2020-03-01T17:00:00.000Z',
      },
      {
        day: '2020-02-29',
        views: 1,
        changes: 0,
        refused: 0,
        firstAt: '2020-03-01T03:00:00.000Z',
        lastAt: '2020-03-01T03:00:00.000Z',
      },
    ]);
    expect(daysOf(body.items, 'u-otto')).toEqual([
      {
        day: '2020-03-01',
        views: 0,
        changes: 0,
        refused: 1,
        firstAt: '2020-03-01T10:00:00.000Z',
        lastAt: '2020-03-01T10:00:00.000Z',
      },
    ]);
    expect(body.items[0].userName).not.toBeNull();
  });

  it('the same rows in UTC fall on other days', async () => {
    const body = (await open('UTC')).json();
    expect(
      daysOf(body.items, 'u-nora').map(({ day, views, changes }) => [day, views, changes]),
    ).toEqual([
      ['2020-03-02', 1, 0],
      ['2020-03-01', 2, 1],
    ]);
  });

  it('opening it is one audited read of the patient, which it then lists', async () => {
    const { response, row: audit } = await expectOneAuditRow(
      server,
      { email: 'clinic@demo.test', action: 'access_history_viewed', patientId: maria },
      () => open('Europe/Berlin'),
    );
    expect(response.statusCode).toBe(200);
    expect(audit.details).toBe('days grouped in Europe/Berlin');
    const again = (await open('Europe/Berlin')).json();
    const own = again.items.find((item: TAccessHistoryDay) => item.userId === audit.userId);
    expect(own.views).toBeGreaterThanOrEqual(1);
  });

  it('refuses a zone it does not know', async () => {
    const response = await open('Mars/Olympus');
    expect(response.statusCode).toBe(400);
    expect(formMessage(response)).toBe('Unknown time zone');
  });
});
