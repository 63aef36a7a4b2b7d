import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { caseRequests, events, notifications, patients } from '#src/db/schema/index.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { listAuditRows } from '#src/test/audit-rows.ts';
import { releaseHeldStatusChanges } from '#src/test/patient-writes.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { BULK_URLS, bulkBody } from './bulk-test-support.ts';

/**
 * Work across patients: each chosen patient is changed as a single change would change it
 * (audit row, live event, undo window), a firm's records requests go to every clinic of each
 * patient, and the export is the chosen rows as formula-safe CSV, audited as one read.
 */
describe('bulk actions', () => {
  let server: TestServer;
  let clinic: string;
  let firm: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
    firm = await server.login('attorney@demo.test');
    for (const name of ['Maria Delgado', 'James Whitfield', 'Robert Alvarez', 'Thomas Becker'])
      ids[name] = await getPatientId(server, name);
  });
  afterAll(async () => server.close());

  const lastEventId = async () =>
    (await server.context.db.select({ id: events.id }).from(events)).reduce(
      (max, row) => Math.max(max, row.id),
      0,
    );

  it('changes three statuses in one request, each audited, live and undoable on its own', async () => {
    const chosen = [ids['Maria Delgado']!, ids['James Whitfield']!, ids['Robert Alvarez']!];
    const since = await lastEventId();
    const body = await bulkBody(server, 'status', chosen);
    const response = await server.request({
      method: 'POST',
      url: BULK_URLS.status,
      cookie: clinic,
      body,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ done: 3, notDone: 0 });
    const status = (body as { treatmentStatus: string }).treatmentStatus;
    for (const [index, result] of answer.results.entries()) {
      expect(result).toMatchObject({ patientId: chosen[index], outcome: 'done', message: null });
      expect(result.current.treatmentStatus).toBe(status);
      expect(result.undo.changeId).toMatch(/^[0-9a-f-]{36}$/);
    }
    const audits = await listAuditRows(server, {
      email: 'clinic@demo.test',
      action: 'patient_status_changed',
    });
    for (const id of chosen) expect(audits.some((row) => row.patientId === id)).toBe(true);
    const published = await server.context.db
      .select({ patientId: events.patientId })
      .from(events)
      .where(and(gt(events.id, since), eq(events.topic, 'patient.updated')));
    expect(new Set(published.map((event) => event.patientId))).toEqual(new Set(chosen));

    // Undo one through the single change's own route: the other two stand and are told.
    const [first] = answer.results;
    const undone = await server.request({
      method: 'POST',
      url: `/api/patients/${first.patientId}/status/undo`,
      cookie: clinic,
      body: { changeId: first.undo.changeId },
    });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().treatmentStatus).not.toBe(status);
    await releaseHeldStatusChanges(server);
    const told = await server.context.db
      .select({ patientId: notifications.patientId })
      .from(notifications)
      .where(
        and(eq(notifications.type, 'status_update'), inArray(notifications.patientId, chosen)),
      );
    expect(new Set(told.map((row) => row.patientId))).toEqual(new Set(chosen.slice(1)));
  });

  it('asks every clinic of each chosen patient, one request each, as the firm', async () => {
    const chosen = [ids['James Whitfield']!, ids['Thomas Becker']!];
    const response = await server.request({
      method: 'POST',
      url: BULK_URLS.requests,
      cookie: firm,
      body: { patientIds: chosen, kind: 'medical_records', note: 'For the demand letter' },
    });
    expect(response.statusCode).toBe(200);
    const [james, thomas] = response.json().results;
    expect(james.requests.map((r: { clinicName: string }) => r.clinicName)).toEqual([
      'Harbor Physical Therapy',
      'Riverside Imaging Associates',
    ]);
    expect(thomas).toMatchObject({ outcome: 'done', patientName: 'Thomas Becker' });
    expect(thomas.requests).toHaveLength(1);
    const made = await server.context.db
      .select({ patientId: caseRequests.patientId, note: caseRequests.note })
      .from(caseRequests)
      .where(
        inArray(
          caseRequests.id,
          [...james.requests, ...thomas.requests].map((r) => r.id),
        ),
      );
    expect(made).toHaveLength(3);
    expect(made.every((row) => row.note === 'For the demand letter')).toBe(true);
    const audits = await listAuditRows(server, {
      email: 'attorney@demo.test',
      action: 'case_request_created',
    });
    expect(audits.filter((row) => chosen.includes(row.patientId!))).toHaveLength(3);
  });

  it('refuses a kind the role may not ask for, per patient, and makes nothing', async () => {
    const lienholder = await server.login('lienholder@demo.test');
    const response = await server.request({
      method: 'POST',
      url: BULK_URLS.requests,
      cookie: lienholder,
      body: { patientIds: [ids['James Whitfield']], kind: 'medical_records' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      expect.objectContaining({
        outcome: 'refused',
        message: 'Lienholders can request an itemized bill only',
        requests: [],
      }),
    ]);
  });

  it('asks each chosen patient’s firm for a case update, once per organisation', async () => {
    const chosen = [ids['James Whitfield']!, ids['Robert Alvarez']!];
    const ask = () =>
      server.request({
        method: 'POST',
        url: BULK_URLS.asks,
        cookie: clinic,
        body: { patientIds: chosen },
      });
    const first = await ask();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ done: 2, notDone: 0 });
    const audits = await listAuditRows(server, {
      email: 'clinic@demo.test',
      action: 'case_update_requested',
    });
    for (const id of chosen) expect(audits.some((row) => row.patientId === id)).toBe(true);
    // A second ask while the first is open is that patient's refusal, not a failed request.
    const again = await ask();
    expect(again.json().results).toEqual(
      chosen.map((patientId) =>
        expect.objectContaining({
          patientId,
          outcome: 'refused',
          message: 'An update is already requested; the firm’s next update answers it.',
        }),
      ),
    );
  });

  it('exports the chosen rows as formula-safe CSV, audited as one read naming them', async () => {
    await server.context.db
      .update(patients)
      .set({ fullName: '=HYPERLINK("x") Becker' })
      .where(eq(patients.id, ids['Thomas Becker']!));
    const chosen = [ids['Thomas Becker']!, ids['James Whitfield']!];
    const response = await server.request({
      method: 'POST',
      url: BULK_URLS.export,
      cookie: firm,
      body: { patientIds: chosen },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('patients.csv');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Patient,Date of birth,Status,Clinics,Attorney firm,Intake date,Last treatment,Days since care (open gap),Your reference',
    );
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.startsWith(`"'=HYPERLINK(""x"") Becker"`))).toBe(true);
    expect(lines.some((line) => line.startsWith('James Whitfield,1979-11-02,'))).toBe(true);
    const [audit] = (
      await listAuditRows(server, { email: 'attorney@demo.test', action: 'patients_exported' })
    ).toReversed();
    for (const id of chosen) expect(audit?.details).toContain(id);
  });

  it('finds a patient by the organisation’s own reference typed in the search', async () => {
    const james = ids['James Whitfield']!;
    const set = await server.request({
      method: 'PUT',
      url: `/api/patients/${james}/external-id`,
      cookie: firm,
      body: { externalId: 'MH-2291' },
    });
    expect(set.statusCode).toBe(200);
    const listed = await server.request({ url: '/api/patients?search=MH-2291', cookie: firm });
    expect(listed.json().items.map((item: { id: string }) => item.id)).toEqual([james]);
    expect(listed.json().items[0]).toMatchObject({
      externalId: 'MH-2291',
      version: expect.any(Number),
    });
    // Another organisation's reference is only text: the clinic's search finds nobody by it.
    const other = await server.request({ url: '/api/patients?search=MH-2291', cookie: clinic });
    expect(other.json().items).toEqual([]);
  });
});
