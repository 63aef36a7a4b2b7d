import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import type { TCaseFactsRecord } from '@casebridge/domain/case-facts/case-facts.schemas';
import type { TClosing } from '@casebridge/domain/closing/closing.schemas';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { formatEtag } from '@casebridge/domain/versioning/versioning';
import { DEMO_ORGANIZATIONS } from '#src/db/seed/demo-data.ts';
import { multipartBody, samplePdf } from '#src/modules/documents/document-test-files.ts';
import { getPatientId, getUserId } from '#src/modules/documents/document-test-support.ts';
import { getOrganizationId } from '#src/modules/liens/lien-test-support.ts';
import { insertGapPatient } from '#src/modules/treatment-gaps/treatment-gaps-test-support.ts';
import { startReceiver, testWorker } from '#src/modules/webhooks/webhook-test-support.ts';
import { createUserOf, enrolTotp } from '#src/test/mfa-user.ts';
import { openSse } from '#src/test/sse-client.ts';
import {
  createTestServer,
  type DemoEmail,
  type InjectOptions,
  type TestServer,
} from '#src/test/test-server.ts';

/**
 * One smoke pass per server module on whichever database the run uses. The full integration
 * suite runs on PostgreSQL; on PGlite only the tests of what differs there run, plus this file:
 * each module's main read and main write through the real HTTP API, so that a statement shape,
 * an SQL feature, a lock or LISTEN/NOTIFY delivery that PGlite does not handle fails here.
 *
 * Not covered: `history` (record-history.service.ts) has no route of its own; the corrections
 * of billing, messages and documents write and read its rows. `health` and `overview` have no
 * write; `access-history` only reads (and audits that read).
 */

/** What a browser on APP_URL sends with a write (the app refuses cross-site writes). */
const BROWSER_WRITE = {
  origin: 'http://localhost:3000',
  host: 'localhost:3000',
  'sec-fetch-site': 'same-origin',
};

type Role = 'admin' | 'clinic' | 'clinic2' | 'attorney' | 'lienholder' | 'keystone';
type WithId = { id: string };
/** An audited read this pass made, checked in the audit log at the end. */
type AuditedRead = { action: string; patientId: string; userName: string };

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
const dayIn = (timeZone: string, iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));

describe('smoke pass of every module on the test database', () => {
  let server: TestServer;
  let baseUrl: string;
  const cookies = {} as Record<Role, string>;
  const ids = {} as Record<'maria' | 'james' | 'priya' | 'harbor' | 'morgan' | 'medlien', string>;
  const auditedReads: AuditedRead[] = [];

  const read = (cookie: string | undefined, url: string) => server.request({ url, cookie });
  const write = (
    cookie: string | undefined,
    method: NonNullable<InjectOptions['method']>,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => server.request({ method, url, cookie, body, headers: { ...BROWSER_WRITE, ...headers } });

  beforeAll(async () => {
    server = await createTestServer();
    // Live streams need a real socket; inject() keeps working beside it.
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const emails: Record<Role, DemoEmail> = {
      admin: 'admin@demo.test',
      clinic: 'clinic@demo.test',
      clinic2: 'clinic2@demo.test',
      attorney: 'attorney@demo.test',
      lienholder: 'lienholder@demo.test',
      keystone: 'keystone@demo.test',
    };
    for (const [role, email] of Object.entries(emails))
      cookies[role as Role] = await server.login(email);
    ids.maria = await getPatientId(server, 'Maria Delgado');
    ids.james = await getPatientId(server, 'James Whitfield');
    ids.priya = await getPatientId(server, 'Priya Raman');
    ids.harbor = await getOrganizationId(server, 'Harbor Physical Therapy');
    ids.morgan = await getOrganizationId(server, 'Morgan & Hale Injury Law');
    ids.medlien = await getOrganizationId(server, 'MedLien Funding Partners');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('health: the database, the live-event subscription and the disk answer ok', async () => {
    // Read-only by design: the module has no write.
    const health = await read(undefined, '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({
      status: 'ok',
      checks: {
        database: 'ok',
        liveEvents: 'ok',
        disk: 'ok',
        storage: 'ok',
        redis: 'not_configured',
      },
    });
  });

  it('auth: reads the session and signs one out', async () => {
    const session = await read(cookies.clinic, '/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe('clinic@demo.test');
    const spare = await server.login('clinic@demo.test');
    expect((await write(spare, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await read(spare, '/api/auth/session')).statusCode).toBe(401);
  });

  it('patients: searches the list, creates once per Idempotency-Key, changes the status', async () => {
    const listed = await read(cookies.clinic, '/api/patients?search=Delgado');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((item: { fullName: string }) => item.fullName)).toContain(
      'Maria Delgado',
    );

    const body = {
      fullName: 'Smoke Patient',
      dob: '1984-04-04',
      clinicIds: [ids.harbor],
      firmId: ids.morgan,
    };
    const key = { 'idempotency-key': 'pglite-smoke-create-patient' };
    const created = await write(cookies.clinic, 'POST', '/api/patients', body, key);
    expect(created.statusCode).toBe(201);
    const replayed = await write(cookies.clinic, 'POST', '/api/patients', body, key);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json().id).toBe(created.json().id);

    const url = `/api/patients/${created.json().id}`;
    const detail = await read(cookies.clinic, url);
    expect(detail.json().treatmentStatus).toBe('Referred');
    const changed = await write(
      cookies.clinic,
      'PATCH',
      `${url}/status`,
      { treatmentStatus: 'Evaluated' },
      { 'if-match': String(detail.headers.etag) },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().patient.treatmentStatus).toBe('Evaluated');
  });

  it('patients (demographics): saves an edit from the version read', async () => {
    const url = `/api/patients/${ids.maria}`;
    const detail = await read(cookies.clinic, url);
    expect(detail.statusCode).toBe(200);
    auditedReads.push({ action: 'patient_viewed', patientId: ids.maria, userName: 'Casey Harbor' });
    const patient = detail.json();
    const saved = await write(
      cookies.clinic,
      'PUT',
      `${url}/demographics`,
      {
        fullName: patient.fullName,
        dob: patient.dob,
        intakeDate: patient.intakeDate,
        evalDate: patient.evalDate,
        lastTreatmentDate: patient.lastTreatmentDate,
        pointOfContactName: 'Smoke Contact',
        pointOfContactPhone: patient.pointOfContactPhone,
      },
      { 'if-match': String(detail.headers.etag) },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().patient).toMatchObject({
      pointOfContactName: 'Smoke Contact',
      version: patient.version + 1,
    });
  });

  it("patients (external ids): sets the clinic's reference and finds the patient by it", async () => {
    const set = await write(cookies.clinic, 'PUT', `/api/patients/${ids.maria}/external-id`, {
      externalId: 'SMOKE-1',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ organizationId: ids.harbor, externalId: 'SMOKE-1' });
    const found = await read(cookies.clinic, '/api/patients?externalId=SMOKE-1');
    expect(found.statusCode).toBe(200);
    expect(found.json().items.map((item: WithId) => item.id)).toEqual([ids.maria]);
  });

  it('documents: uploads a PDF, lists it and downloads the same bytes', async () => {
    const data = samplePdf();
    const form = multipartBody(
      { category: 'Treatment Notes' },
      { fileName: 'smoke.pdf', data, contentType: 'application/pdf' },
    );
    const uploaded = await write(
      cookies.clinic,
      'POST',
      `/api/patients/${ids.maria}/documents`,
      form.payload,
      form.headers,
    );
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toMatchObject({ mimeType: 'application/pdf', sizeBytes: data.length });
    const { id } = uploaded.json<WithId>();

    const listed = await read(cookies.clinic, `/api/patients/${ids.maria}/documents`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((item: WithId) => item.id)).toContain(id);
    const downloaded = await read(cookies.clinic, `/api/documents/${id}/download`);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(data)).toBe(true);
    for (const action of ['documents_listed', 'document_downloaded'])
      auditedReads.push({ action, patientId: ids.maria, userName: 'Casey Harbor' });
  });

  it('messages: sends one, reads the thread and marks it read', async () => {
    const sent = await write(cookies.clinic, 'POST', `/api/patients/${ids.maria}/messages`, {
      body: 'Smoke pass message',
    });
    expect(sent.statusCode).toBe(201);
    const messageId = sent.json().message.id as string;

    const thread = await read(cookies.attorney, `/api/patients/${ids.maria}/messages`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().items[0]).toMatchObject({ id: messageId, isReadByMe: false });
    auditedReads.push({ action: 'messages_viewed', patientId: ids.maria, userName: 'Morgan Hale' });
    const marked = await write(
      cookies.attorney,
      'POST',
      `/api/patients/${ids.maria}/messages/read`,
      {
        messageIds: [messageId],
      },
    );
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ marked: 1 });
  });

  it('notifications: lists the one a message made and marks it read', async () => {
    const sent = await write(cookies.lienholder, 'POST', `/api/patients/${ids.maria}/messages`, {
      body: 'Smoke pass note for the firm',
    });
    expect(sent.statusCode).toBe(201);
    const content = 'New message from MedLien Funding Partners regarding Maria Delgado';
    type Notice = { id: string; content: string; isRead: boolean };
    const findOurs = async () => {
      const listed = await read(cookies.attorney, '/api/notifications');
      expect(listed.statusCode).toBe(200);
      const page = listed.json<{ items: Notice[]; unreadCount: number }>();
      return { page, ours: page.items.find((item) => item.content === content) };
    };
    const before = await findOurs();
    expect(before.ours).toMatchObject({ isRead: false });

    const marked = await write(
      cookies.attorney,
      'PATCH',
      `/api/notifications/${before.ours!.id}/read`,
    );
    expect(marked.statusCode).toBe(204);
    const after = await findOurs();
    expect(after.ours).toMatchObject({ isRead: true });
    expect(after.page.unreadCount).toBe(before.page.unreadCount - 1);
  });

  it('billing: adds a line and lists it in the total', async () => {
    const url = `/api/patients/${ids.james}/billing`;
    const before = await read(cookies.clinic, url);
    expect(before.statusCode).toBe(200);
    const added = await write(cookies.clinic, 'POST', url, {
      cptCode: '97110',
      sessionCount: '2',
      amount: '120.00',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ cptCode: '97110', amountCents: 12_000 });

    const after = await read(cookies.clinic, url);
    expect(after.json().items.map((item: WithId) => item.id)).toContain(added.json().id);
    expect(after.json().totalCents).toBe(before.json().totalCents + 12_000);
    auditedReads.push({ action: 'billing_viewed', patientId: ids.james, userName: 'Casey Harbor' });
  });

  it('liens: reads the ledger and records a payment as the lienholder', async () => {
    type Lien = { lienholderId: string; paidCents: number };
    const ledger = async () => {
      const response = await read(cookies.lienholder, `/api/patients/${ids.james}/liens`);
      expect(response.statusCode).toBe(200);
      return response.json<{ items: Lien[] }>().items;
    };
    const before = await ledger();
    expect(before.map((lien) => lien.lienholderId)).toEqual([ids.medlien]);
    const paid = await write(
      cookies.lienholder,
      'POST',
      `/api/patients/${ids.james}/liens/${ids.medlien}/payments`,
      { amount: '100.00', paidOn: '2026-01-05', reference: 'SMOKE 1' },
    );
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ amountCents: 10_000, reference: 'SMOKE 1' });
    expect((await ledger())[0]!.paidCents).toBe(before[0]!.paidCents + 10_000);
  });

  it('reductions: the attorney proposes, the lienholder accepts', async () => {
    const url = `/api/patients/${ids.james}/liens/${ids.medlien}/reductions`;
    const history = await read(cookies.attorney, url);
    expect(history.statusCode).toBe(200);
    expect(history.json().viewerParty).toBe('attorney');
    auditedReads.push({
      action: 'reductions_viewed',
      patientId: ids.james,
      userName: 'Morgan Hale',
    });
    const reducedBefore = history.json().lien.reducedCents as number;

    const proposed = await write(cookies.attorney, 'POST', url, { kind: 'amount', value: '50.00' });
    expect(proposed.statusCode).toBe(200);
    type Offer = { id: string; status: string; amountCents: number };
    const offer = proposed.json<{ offers: Offer[] }>().offers.find((o) => o.status === 'open');
    expect(offer).toMatchObject({ amountCents: 5_000 });
    const accepted = await write(cookies.lienholder, 'POST', `${url}/${offer!.id}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().lien.reducedCents).toBe(reducedBefore + 5_000);
  });

  it("settlements: reads the firm's worksheet and saves its first draft", async () => {
    const url = `/api/patients/${ids.james}/settlement`;
    const sheet = await read(cookies.attorney, url);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.json().draft).toBeNull();
    auditedReads.push({
      action: 'settlement_viewed',
      patientId: ids.james,
      userName: 'Morgan Hale',
    });
    const saved = await write(cookies.attorney, 'PUT', url, {
      gross: '25,000.00',
      feePercent: '33.33',
      costs: '1250.5',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().draft).toMatchObject({ grossCents: 2_500_000, version: 1 });
  });

  it("case-facts: the clinic reads James's limits, the firm moves his stage", async () => {
    const url = `/api/patients/${ids.james}/case`;
    const facts = await read(cookies.clinic, url);
    expect(facts.statusCode).toBe(200);
    expect(facts.json().limits.coverages).toHaveLength(2);
    auditedReads.push({
      action: 'case_facts_viewed',
      patientId: ids.james,
      userName: 'Casey Harbor',
    });
    const { version, insurers, accidentDate, accidentType, firmCaseNumber } = facts.json()
      .facts as TCaseFactsRecord;
    const saved = await write(cookies.attorney, 'PUT', url, {
      accidentDate,
      accidentType,
      firmCaseNumber,
      stage: 'demand_sent',
      stageNote: 'Demand sent early',
      insurers: insurers.map(({ id, policyLimitCents, ...insurer }) => ({
        ...insurer,
        insurerId: id,
        policyLimit: policyLimitCents === null ? null : formatCentsAsDecimal(policyLimitCents),
      })),
      version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().stageHistory[0]).toMatchObject({ toStage: 'demand_sent' });
    expect(saved.json().limits).toEqual(facts.json().limits);
  });

  it("visits: the clinic books James's visit, records it attended on its sheet, the firm reads it", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const booked = await write(cookies.clinic, 'POST', `/api/patients/${ids.james}/visits`, {
      date: today,
      time: '07:45',
      type: 'therapy',
    });
    expect(booked.statusCode).toBe(201);
    const day = await read(cookies.clinic, `/api/clinics/${ids.harbor}/visits?date=${today}`);
    expect(day.statusCode).toBe(200);
    const visit = day.json().visits.find((row: { id: string }) => row.id === booked.json().id);
    expect(visit).toMatchObject({ state: 'scheduled', patientName: 'James Whitfield' });
    const sheet = await write(cookies.clinic, 'POST', `/api/clinics/${ids.harbor}/visits/sign-in`, {
      date: today,
      entries: [{ visitId: visit.id, outcome: 'attended', version: visit.version }],
    });
    expect(sheet.statusCode).toBe(200);
    const listed = await read(cookies.attorney, `/api/patients/${ids.james}/visits`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().visits.find((row: { id: string }) => row.id === visit.id)).toMatchObject({
      state: 'attended',
    });
    auditedReads.push({ action: 'visits_viewed', patientId: ids.james, userName: 'Morgan Hale' });
    const patient = await read(cookies.attorney, `/api/patients/${ids.james}`);
    expect(patient.json().lastTreatmentDate).toBe(today);
  });

  it('closing: the firm settles Maria, MedLien confirms a waiver, the case closes', async () => {
    const base = `/api/patients/${ids.maria}`;
    const settled = await write(cookies.attorney, 'PUT', `${base}/closing/settlement`, {
      gross: '40000',
      settledOn: new Date().toISOString().slice(0, 10),
      source: 'um_uim',
      feePercent: '33.33',
      costs: '100',
    });
    expect(settled.statusCode).toBe(200);
    expect(settled.json<TClosing>().stage).toBe('settled');
    const proposed = await write(cookies.attorney, 'POST', `${base}/liens/${ids.medlien}/payoffs`, {
      amount: '0',
    });
    expect(proposed.statusCode).toBe(200);
    const payoffId = proposed.json<TClosing>().liens[0]!.payoffs[0]!.id;
    const confirmed = await write(
      cookies.lienholder,
      'POST',
      `${base}/liens/${ids.medlien}/payoffs/${payoffId}/confirm`,
      { paidOn: new Date().toISOString().slice(0, 10) },
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<TClosing>().liens[0]!.isResolved).toBe(true);
    const pdf = await read(cookies.attorney, `${base}/disbursement-statement.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    auditedReads.push({
      action: 'disbursement_statement_viewed',
      patientId: ids.maria,
      userName: 'Morgan Hale',
    });
  });

  it('case-updates: the lienholder asks, the firm posts a note, the ask is answered', async () => {
    const url = `/api/patients/${ids.james}/case-updates`;
    const asked = await write(cookies.lienholder, 'POST', `${url}/asks`, {});
    expect(asked.statusCode).toBe(201);
    expect(
      asked.json().openAsks.map((open: { organizationName: string }) => open.organizationName),
    ).toContain('MedLien Funding Partners');
    expect((await write(cookies.lienholder, 'POST', `${url}/asks`, {})).statusCode).toBe(409);
    const posted = await write(cookies.attorney, 'POST', url, {
      note: 'Demand sent to the carrier.',
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ openAsks: [], isOverdue: false });
    const updates = await read(cookies.clinic, url);
    expect(updates.json().entries[0]).toMatchObject({
      kind: 'note',
      note: 'Demand sent to the carrier.',
    });
    auditedReads.push({
      action: 'case_updates_viewed',
      patientId: ids.james,
      userName: 'Casey Harbor',
    });
    const overdue = await read(cookies.attorney, '/api/case-updates/overdue');
    expect(overdue.json().overdue).toBeGreaterThan(0);
  });

  it('case-requests: the attorney asks the clinic, which sees and acknowledges it', async () => {
    const created = await write(cookies.attorney, 'POST', `/api/patients/${ids.james}/requests`, {
      clinicId: ids.harbor,
      kind: 'itemized_bill',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'requested',
      clinicName: 'Harbor Physical Therapy',
    });
    const { id, version } = created.json<{ id: string; version: number }>();

    const outstanding = await read(cookies.clinic, '/api/requests');
    expect(outstanding.statusCode).toBe(200);
    expect(outstanding.json().items.map((item: WithId) => item.id)).toContain(id);
    const acknowledged = await write(
      cookies.clinic,
      'POST',
      `/api/requests/${id}/acknowledge`,
      {},
      { 'if-match': formatEtag(version) },
    );
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json()).toMatchObject({ status: 'acknowledged', version: version + 1 });
  });

  it('referrals: the firm refers a client, the clinic sees it queued and accepts it', async () => {
    const created = await write(cookies.attorney, 'POST', '/api/referrals', {
      clinicId: ids.harbor,
      clientName: 'Smoke Referral',
      dob: '1993-08-09',
      accidentDate: '2026-10-01',
      accidentType: 'slip_and_fall',
      insurerCarrier: 'Golden Coast Mutual',
      urgency: 'urgent',
    });
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json<{ id: string; version: number }>();
    const queue = await read(cookies.clinic, '/api/referrals?box=received&state=pending');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items.map((item: WithId) => item.id)).toContain(id);
    const accepted = await write(
      cookies.clinic,
      'POST',
      `/api/referrals/${id}/accept`,
      {},
      { 'if-match': formatEtag(version) },
    );
    expect(accepted.statusCode).toBe(200);
    const { patientId } = accepted.json<{ patientId: string }>();
    expect(accepted.json().referral).toMatchObject({ state: 'accepted', version: version + 1 });
    const facts = await read(cookies.attorney, `/api/patients/${patientId}/case`);
    expect(facts.json().facts).toMatchObject({ accidentType: 'slip_and_fall', stage: 'intake' });
    const again = await write(cookies.clinic, 'POST', `/api/referrals/${id}/accept`, { version });
    expect(again.statusCode).toBe(409);
  });

  it('bulk: the clinic changes two statuses at once, the firm asks and exports', async () => {
    const listed = await read(cookies.clinic, '/api/patients?limit=100');
    const chosen = listed
      .json<{ items: Array<{ id: string; version: number; treatmentStatus: string }> }>()
      .items.filter((item) => item.treatmentStatus !== 'Discharged')
      .slice(0, 2);
    const changed = await write(cookies.clinic, 'POST', '/api/patients/bulk/status', {
      treatmentStatus: 'Discharged',
      patients: chosen.map(({ id, version }) => ({ id, version })),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ done: 2, notDone: 0 });
    const asked = await write(cookies.attorney, 'POST', '/api/patients/bulk/requests', {
      patientIds: [ids.james],
      kind: 'itemized_bill',
    });
    expect(asked.json().results[0].requests).toHaveLength(2);
    const exported = await write(cookies.attorney, 'POST', '/api/patients/bulk/export', {
      patientIds: [ids.james],
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('James Whitfield,1979-11-02');
  });

  it("treatment-gaps: changes the clinic's threshold, which opens a gap the list shows", async () => {
    const fullName = 'Smoke Gap Patient';
    await insertGapPatient(server, {
      fullName,
      lastTreatmentDaysAgo: 40,
      clinicIds: [ids.harbor],
      firmId: ids.morgan,
    });
    const url = `/api/clinics/${ids.harbor}/gap-setting`;
    const setting = await read(cookies.clinic, url);
    expect(setting.statusCode).toBe(200);
    const thresholdDays = (setting.json().thresholdDays as number) + 1;
    // A saved threshold runs the gap check at once.
    const saved = await write(
      cookies.clinic,
      'PUT',
      url,
      { thresholdDays },
      { 'if-match': String(setting.headers.etag) },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ clinicId: ids.harbor, thresholdDays });

    const gaps = await read(
      cookies.clinic,
      `/api/patients?gap=open&search=${encodeURIComponent(fullName)}`,
    );
    expect(gaps.statusCode).toBe(200);
    expect(gaps.json().items).toMatchObject([{ fullName, gapDays: 40 }]);
  });

  it("activity: a status change appears in the patient's feed", async () => {
    const detail = await read(cookies.clinic, `/api/patients/${ids.priya}`);
    const changed = await write(
      cookies.clinic,
      'PATCH',
      `/api/patients/${ids.priya}/status`,
      { treatmentStatus: 'Referred for MD' },
      { 'if-match': String(detail.headers.etag) },
    );
    expect(changed.statusCode).toBe(200);
    const feed = await read(cookies.clinic, `/api/patients/${ids.priya}/activity`);
    expect(feed.statusCode).toBe(200);
    const [newest] = feed.json<{ items: Array<{ kind: string; summary: string }> }>().items;
    expect(newest?.kind).toBe('status_changed');
    expect(newest?.summary).toContain('Referred for MD');
    auditedReads.push({
      action: 'activity_viewed',
      patientId: ids.priya,
      userName: 'Casey Harbor',
    });
  });

  it("access-history: today's views per user, in the reader's time zone", async () => {
    const timeZone = 'America/New_York';
    expect((await read(cookies.clinic, `/api/patients/${ids.maria}`)).statusCode).toBe(200);
    const history = await read(
      cookies.clinic,
      `/api/patients/${ids.maria}/access-history?tz=${encodeURIComponent(timeZone)}`,
    );
    expect(history.statusCode).toBe(200);
    type Day = { userName: string; day: string; views: number; lastAt: string };
    const body = history.json<{ timeZone: string; items: Day[] }>();
    expect(body.timeZone).toBe(timeZone);
    const [mine] = body.items.filter((item) => item.userName === 'Casey Harbor');
    expect(mine?.views).toBeGreaterThan(0);
    // The day is the database's grouping in that zone, the same day JavaScript gives.
    expect(mine?.day).toBe(dayIn(timeZone, mine!.lastAt));
  });

  it('access-grants: an admin grants another clinic access, which then opens the patient', async () => {
    const patientUrl = `/api/patients/${ids.maria}`;
    expect((await read(cookies.clinic2, patientUrl)).statusCode).toBe(404);
    const granted = await write(cookies.admin, 'POST', `${patientUrl}/access-grants`, {
      userId: await getUserId(server, 'clinic2@demo.test'),
      durationHours: 24,
      reason: 'Smoke pass cover',
    });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toMatchObject({ userName: 'Sam Summit', reason: 'Smoke pass cover' });
    expect((await read(cookies.clinic2, patientUrl)).statusCode).toBe(200);

    const listed = await read(cookies.admin, `${patientUrl}/access-grants`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((item: WithId) => item.id)).toContain(granted.json().id);
    const revoked = await write(
      cookies.admin,
      'POST',
      `${patientUrl}/access-grants/${granted.json().id}/revoke`,
    );
    expect(revoked.statusCode).toBe(204);
    expect((await read(cookies.clinic2, patientUrl)).statusCode).toBe(404);
  });

  it('users: an admin searches the users and creates one', async () => {
    const listed = await read(cookies.admin, '/api/users?search=Casey');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((item: { email: string }) => item.email)).toContain(
      'clinic@demo.test',
    );
    const created = await write(cookies.admin, 'POST', '/api/users', {
      name: 'Smoke Newcomer',
      email: 'smoke-newcomer@example.test',
      role: 'clinic',
      organizationId: ids.harbor,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'smoke-newcomer@example.test', role: 'clinic' });
  });

  it('passwords: a throwaway user changes its password and signs in with the new one', async () => {
    const email = 'smoke-password@example.test';
    await createUserOf(server, 'clinic', email);
    const cookie = await server.login(email);
    const newPassword = 'amber kettle smoke 42';
    const changed = await write(cookie, 'POST', '/api/account/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword,
    });
    expect(changed.statusCode).toBe(204);
    await expect(server.login(email, DEMO_PASSWORD)).rejects.toThrow(/401/);
    expect(await server.login(email, newPassword)).not.toBe('');
  });

  it('mfa: reads the status, enrols an authenticator, reads it enrolled', async () => {
    const email = 'smoke-mfa@example.test';
    await createUserOf(server, 'attorney', email);
    const cookie = await server.login(email);
    const before = await read(cookie, '/api/mfa');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ isEnrolled: false, recoveryCodesLeft: 0 });
    const { recoveryCodes } = await enrolTotp(server, cookie);
    const after = await read(cookie, '/api/mfa');
    expect(after.json()).toMatchObject({
      isEnrolled: true,
      recoveryCodesLeft: recoveryCodes.length,
    });
  });

  it('sessions: lists my sessions and ends another one of them', async () => {
    const first = cookies.keystone;
    const second = await server.login('keystone@demo.test');
    type Session = { id: string; isCurrent: boolean };
    const currentOf = async (cookie: string) => {
      const listed = await read(cookie, '/api/sessions');
      expect(listed.statusCode).toBe(200);
      return listed.json<{ items: Session[] }>().items.find((item) => item.isCurrent)!;
    };
    const secondId = (await currentOf(second)).id;
    expect((await currentOf(first)).id).not.toBe(secondId);
    const ended = await write(first, 'DELETE', `/api/sessions/${secondId}`);
    expect(ended.statusCode).toBe(204);
    expect((await read(second, '/api/auth/session')).statusCode).toBe(401);
    expect((await read(first, '/api/auth/session')).statusCode).toBe(200);
  });

  it('organizations: lists the directory and creates a firm', async () => {
    const clinics = await read(cookies.clinic, '/api/organizations?kind=clinic');
    expect(clinics.statusCode).toBe(200);
    expect(clinics.json().items.map((item: { name: string }) => item.name)).toContain(
      'Harbor Physical Therapy',
    );
    const created = await write(cookies.admin, 'POST', '/api/organizations', {
      kind: 'firm',
      name: 'Smoke Test Law',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'firm', name: 'Smoke Test Law' });
  });

  it("overview: counts the admin dashboard's figures", async () => {
    // Read-only by design: the module has no write.
    const overview = await read(cookies.admin, '/api/admin/overview');
    expect(overview.statusCode).toBe(200);
    expect(overview.json().organizations.clinics).toBe(
      DEMO_ORGANIZATIONS.filter((org) => org.kind === 'clinic').length,
    );
  });

  it("templates: an admin adds a message template, which is in a clinic's picker", async () => {
    const created = await write(cookies.admin, 'POST', '/api/templates', {
      title: 'Smoke template',
      body: 'Hello from the smoke pass',
      templateType: 'message',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Smoke template', active: true });
    const picker = await read(cookies.clinic, '/api/templates');
    expect(picker.statusCode).toBe(200);
    expect(picker.json().items.map((item: WithId) => item.id)).toContain(created.json().id);
  });

  it('settings: saves a setting from the version read', async () => {
    const current = await read(cookies.admin, '/api/settings');
    expect(current.statusCode).toBe(200);
    const { version, updatedAt: _at, updatedByName: _by, ...values } = current.json();
    const maxUploadMb = values.maxUploadMb === 12 ? 13 : 12;
    const saved = await write(
      cookies.admin,
      'PUT',
      '/api/settings',
      { ...values, maxUploadMb },
      { 'if-match': String(current.headers.etag) },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ maxUploadMb, version: version + 1 });
  });

  it('mail-outbox: an admin lists the outbox, opens one e-mail, retries the failed ones', async () => {
    const keystoneId = await getUserId(server, 'keystone@demo.test');
    const queued = await write(cookies.admin, 'POST', `/api/users/${keystoneId}/password-reset`);
    expect(queued.statusCode).toBe(202);
    const listed = await read(cookies.admin, '/api/admin/mail-outbox');
    expect(listed.statusCode).toBe(200);
    type Mail = { id: string; kind: string; toAddress: string };
    const [newest] = listed.json<{ items: Mail[] }>().items;
    expect(newest).toMatchObject({ kind: 'password_reset', toAddress: 'keystone@demo.test' });
    const opened = await read(cookies.admin, `/api/admin/mail-outbox/${newest!.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().text).toContain('/reset-password?token=');
    const retried = await write(cookies.admin, 'POST', '/api/admin/mail-outbox/retry-failed');
    expect(retried.statusCode).toBe(200);
    // Without a mail server nothing was attempted, so nothing failed.
    expect(retried.json()).toEqual({ retried: 0 });
  });

  it('system-tools: lists the tools and runs the database and storage round trips', async () => {
    const tools = await read(cookies.admin, '/api/admin/tools');
    expect(tools.statusCode).toBe(200);
    expect(tools.json()).toMatchObject({ mailConfigured: false });
    const checks = await write(cookies.admin, 'POST', '/api/admin/health-checks');
    expect(checks.statusCode).toBe(200);
    const byId = Object.fromEntries(
      checks
        .json<{ checks: Array<{ id: string; status: string }> }>()
        .checks.map((check) => [check.id, check.status]),
    );
    expect(byId).toMatchObject({ database: 'passed', storage: 'passed' });
  });

  it('api-tokens: creates a token, reads with it, revokes it', async () => {
    const created = await write(cookies.admin, 'POST', '/api/admin/api-tokens', {
      name: 'Smoke sync',
      organizationId: ids.harbor,
      capabilities: ['patients:read'],
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(created.statusCode).toBe(201);
    const { token, secret } = created.json<{ token: WithId; secret: string }>();
    // A machine client: a bearer token, no cookie, no Origin.
    const withToken = () =>
      server.request({
        url: '/api/patients?search=Delgado',
        headers: { authorization: `Bearer ${secret}` },
      });
    const used = await withToken();
    expect(used.statusCode).toBe(200);
    expect(used.json().items.map((item: WithId) => item.id)).toContain(ids.maria);

    const listed = await read(cookies.admin, '/api/admin/api-tokens');
    expect(listed.json().items.map((item: WithId) => item.id)).toContain(token.id);
    const revoked = await write(cookies.admin, 'POST', `/api/admin/api-tokens/${token.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect((await withToken()).statusCode).toBe(401);
  });

  it('webhooks: registers a loopback endpoint, lists it, and a message is delivered to it', async () => {
    const receiver = await startReceiver();
    try {
      const worker = testWorker(server);
      // Events from before the endpoint existed are no one's: start from a caught-up cursor.
      await worker.fanOut();
      const registered = await write(cookies.clinic, 'POST', '/api/webhooks', {
        url: receiver.url('/smoke'),
        eventTypes: ['message.created'],
      });
      expect(registered.statusCode).toBe(201);
      const listed = await read(cookies.clinic, '/api/webhooks');
      expect(listed.statusCode).toBe(200);
      expect(listed.json().items.map((item: WithId) => item.id)).toContain(registered.json().id);

      const sent = await write(cookies.clinic, 'POST', `/api/patients/${ids.maria}/messages`, {
        body: 'Smoke pass webhook',
      });
      await worker.runOnce();
      expect(receiver.at('/smoke').map((delivery) => delivery.payload.data)).toEqual([
        { patientId: ids.maria, messageId: sent.json().message.id },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('access-requests: a visitor asks for access and an admin sees the request', async () => {
    const created = await write(undefined, 'POST', '/api/access-requests', {
      name: 'Jordan Smoke',
      email: 'jordan.smoke@example.test',
      organization: 'Smoke Physio',
      phone: '555-0100',
      role: 'clinic',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().status).toBe('pending');
    const pending = await read(cookies.admin, '/api/access-requests');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().items.map((item: WithId) => item.id)).toContain(created.json().id);
  });

  it('events: an open stream receives the event of a write, woken by NOTIFY', async () => {
    const stream = await openSse(`${baseUrl}/api/events`, { cookie: cookies.attorney });
    try {
      expect(stream.status).toBe(200);
      const sent = await write(cookies.clinic, 'POST', `/api/patients/${ids.maria}/messages`, {
        body: 'Smoke pass live event',
      });
      expect(sent.statusCode).toBe(201);
      const messageId = sent.json().message.id as string;
      // No flushEvents(): the hub must read the event because its LISTEN was notified.
      const isDelivered = () =>
        stream
          .changes()
          .some(
            (change) =>
              change.topic === 'message.created' && change.payload?.messageId === messageId,
          );
      await stream.waitFor(isDelivered, 5_000);
      expect(isDelivered()).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('audit: the reads above are in the audit log, and the hash chain verifies', async () => {
    expect(auditedReads.length).toBeGreaterThanOrEqual(8);
    for (const { action, patientId, userName } of auditedReads) {
      const listed = await read(
        cookies.admin,
        `/api/audit-logs?action=${action}&patient=${patientId}&limit=5`,
      );
      expect(listed.statusCode).toBe(200);
      const userNames = listed.json().items.map((item: { userName: string }) => item.userName);
      // The action rides along so that a failure names the read that was not audited.
      expect({ action, userNames }).toEqual({
        action,
        userNames: expect.arrayContaining([userName]),
      });
    }
    const verified = await write(cookies.admin, 'POST', '/api/admin/audit/verify');
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ intact: true, brokenAtId: null });
  });
});
