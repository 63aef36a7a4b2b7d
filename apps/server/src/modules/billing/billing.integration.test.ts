import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@casebridge/domain/billing/billing.schemas';
import { auditLogs, billingEntries } from '#src/db/schema/index.ts';
import { DEMO_BILLING, DEMO_PATIENTS } from '#src/db/seed/demo-data.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { getPatientId, subscribeAs } from '#src/modules/documents/document-test-support.ts';
import { formMessage } from '#src/test/form-message.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

/** The demo billing total of the patients linked to a lienholder, from the seed data itself. */
const demoTotalFor = (lienholderKey: string | null) =>
  DEMO_BILLING.filter((entry) => {
    const patient = DEMO_PATIENTS.find((candidate) => candidate.fullName === entry.patient);
    return lienholderKey === null || patient!.lienholders.includes(lienholderKey);
  }).reduce((sum, entry) => sum + entry.cents, 0);

describe('billing', () => {
  let server: TestServer;
  const cookies = new Map<string, string>();
  let maria: string;
  let whitfield: string;

  beforeAll(async () => {
    server = await createTestServer();
    for (const email of [
      'admin@demo.test',
      'clinic@demo.test',
      'clinic2@demo.test',
      'attorney@demo.test',
      'attorney2@demo.test',
      'lienholder@demo.test',
      'keystone@demo.test',
    ])
      cookies.set(email, await server.login(email));
    maria = await getPatientId(server, 'Maria Delgado');
    whitfield = await getPatientId(server, 'James Whitfield');
  });
  afterAll(async () => server.close());

  const cookie = (email: string) => cookies.get(email)!;
  const countEntries = async () =>
    Number((await server.context.db.select({ n: count() }).from(billingEntries))[0]?.n ?? 0);
  const addEntry = (email: string | null, patientId: string, body: unknown) =>
    server.request({
      method: 'POST',
      url: `/api/patients/${patientId}/billing`,
      ...(email ? { cookie: cookie(email) } : {}),
      body,
    });

  it('shows the Billing History and its exact total to everyone who sees the patient', async () => {
    for (const email of [
      'admin@demo.test',
      'clinic@demo.test',
      'attorney@demo.test',
      'lienholder@demo.test',
    ]) {
      const response = await server.request({
        url: `/api/patients/${whitfield}/billing`,
        cookie: cookie(email),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.items.map((item: { cptCode: string }) => item.cptCode)).toEqual([
        '97110',
        '97161',
      ]);
      expect(body.items[0]).toMatchObject({
        sessionCount: 6,
        amountCents: 72_000,
        clinicName: 'Harbor Physical Therapy',
      });
      expect(body.totalCents).toBe(90_500);
    }
  });

  it('answers 404 alike for a patient out of scope, a missing one and a malformed id', async () => {
    const outOfScope = await server.request({
      url: `/api/patients/${maria}/billing`,
      cookie: cookie('clinic2@demo.test'),
    });
    const missing = await server.request({
      url: `/api/patients/${MISSING}/billing`,
      cookie: cookie('clinic2@demo.test'),
    });
    const malformed = await server.request({
      url: '/api/patients/nope/billing',
      cookie: cookie('clinic2@demo.test'),
    });
    const csv = await server.request({
      url: `/api/patients/${maria}/billing.csv`,
      cookie: cookie('keystone@demo.test'),
    });
    for (const response of [outOfScope, missing, malformed, csv]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(missing.json());
    }
    const signedOut = await server.request({ url: `/api/patients/${maria}/billing` });
    expect(signedOut.statusCode).toBe(401);
  });

  it.each([
    [{ cptCode: '9711', sessionCount: '1', amount: '10' }, BILLING_MESSAGES.cptInvalid],
    [{ cptCode: '', sessionCount: '1', amount: '10' }, BILLING_MESSAGES.cptRequired],
    [{ cptCode: '97110', sessionCount: '0', amount: '10' }, BILLING_MESSAGES.sessionsInvalid],
    [{ cptCode: '97110', sessionCount: '2.5', amount: '10' }, BILLING_MESSAGES.sessionsInvalid],
    [{ cptCode: '97110', sessionCount: '1', amount: '-1' }, BILLING_MESSAGES.amountInvalid],
    [{ cptCode: '97110', sessionCount: '1', amount: '10.999' }, BILLING_MESSAGES.amountInvalid],
    [{ cptCode: '97110', sessionCount: '1', amount: '' }, BILLING_MESSAGES.amountRequired],
  ])('refuses %j with a clear message and stores nothing', async (body, message) => {
    const before = await countEntries();
    const response = await addEntry('clinic@demo.test', maria, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(formMessage(response)).toBe(message);
    expect(await countEntries()).toBe(before);
  });

  it('lets only clinic and admin add entries, and only for patients they see', async () => {
    const body = { cptCode: '97110', sessionCount: '1', amount: '10' };
    const before = await countEntries();
    for (const email of ['attorney@demo.test', 'lienholder@demo.test'])
      expect((await addEntry(email, maria, body)).statusCode).toBe(403);
    expect((await addEntry('clinic2@demo.test', maria, body)).statusCode).toBe(404);
    expect((await addEntry('clinic2@demo.test', MISSING, body)).statusCode).toBe(404);
    expect((await addEntry(null, maria, body)).statusCode).toBe(401);
    expect(await countEntries()).toBe(before);
  });

  it('adds an entry in integer cents, keeps the total exact to the cent, audits and streams it', async () => {
    const listeners = await Promise.all(
      ['attorney@demo.test', 'lienholder@demo.test', 'clinic2@demo.test', 'keystone@demo.test'].map(
        (email) => subscribeAs(server, email),
      ),
    );
    const before = (
      await server.request({
        url: `/api/patients/${maria}/billing`,
        cookie: cookie('clinic@demo.test'),
      })
    ).json();
    const amounts = ['0.1', '0.2', '125.5', '1,000.07'];
    try {
      for (const [index, amount] of amounts.entries()) {
        const response = await addEntry('clinic@demo.test', maria, {
          cptCode: ['97110', 'g0283', '0001F', '99213'][index],
          sessionCount: index + 1,
          amount,
        });
        expect(response.statusCode).toBe(201);
      }
      const admin = await addEntry('admin@demo.test', maria, {
        cptCode: '97530',
        sessionCount: '2',
        amount: '0.03',
      });
      expect(admin.json()).toMatchObject({ amountCents: 3, clinicName: null, cptCode: '97530' });
      await server.flushEvents();
    } finally {
      listeners.forEach((listener) => listener.remove());
    }
    const after = (
      await server.request({
        url: `/api/patients/${maria}/billing`,
        cookie: cookie('attorney@demo.test'),
      })
    ).json();
    expect(after.totalCents - before.totalCents).toBe(10 + 20 + 12_550 + 100_007 + 3);
    expect(after.items.find((item: { cptCode: string }) => item.cptCode === 'G0283')).toMatchObject(
      {
        amountCents: 20,
        sessionCount: 2,
        clinicName: 'Harbor Physical Therapy',
      },
    );
    const billingEvents = listeners.map(
      (listener) => listener.received.filter((event) => event.topic === 'billing.created').length,
    );
    expect(billingEvents).toEqual([5, 5, 0, 0]);
    const audits = await server.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'billing_entry_created'), eq(auditLogs.patientId, maria)));
    expect(audits).toHaveLength(5);
    expect(audits.map((audit) => audit.details)).toContain('G0283, 2 session(s), 0.20');
  });

  it('exports the history as CSV with the total, and audits the export', async () => {
    const response = await server.request({
      url: `/api/patients/${whitfield}/billing.csv`,
      cookie: cookie('lienholder@demo.test'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="billing-James_Whitfield\.csv"/,
    );
    expect(response.body.split('\r\n')).toEqual([
      'CPT Code,Sessions,Amount,Date,Clinic',
      expect.stringMatching(/^97110,6,720\.00,\d{4}-\d{2}-\d{2},Harbor Physical Therapy$/),
      expect.stringMatching(/^97161,1,185\.00,\d{4}-\d{2}-\d{2},Harbor Physical Therapy$/),
      'Total Medical Specials,,905.00,,',
      '',
    ]);
    const audits = await server.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'billing_exported'), eq(auditLogs.patientId, whitfield)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.userRole).toBe('lienholder');
  });
});

describe('lienholder billing summary', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server.close());

  const summary = async (email: string) =>
    server.request({ url: '/api/billing/summary', cookie: await server.login(email) });

  it('totals every line of the linked patients exactly, and all lines for an admin', async () => {
    const medlien = (await summary('lienholder@demo.test')).json();
    const keystone = (await summary('keystone@demo.test')).json();
    const admin = (await summary('admin@demo.test')).json();
    expect(medlien.totalBilledCents).toBe(demoTotalFor('medlien'));
    expect(keystone.totalBilledCents).toBe(demoTotalFor('keystone'));
    expect(admin.totalBilledCents).toBe(demoTotalFor(null));
    expect(admin.entryCount).toBe(DEMO_BILLING.length);
    const medlienPatients = new Set(
      DEMO_PATIENTS.filter((patient) => patient.lienholders.includes('medlien')).map(
        (p) => p.fullName,
      ),
    );
    expect(medlien.recent.length).toBeGreaterThan(0);
    for (const entry of medlien.recent) expect(medlienPatients.has(entry.patientName)).toBe(true);
    const dates = medlien.recent.map((entry: { date: string }) => entry.date);
    expect(dates).toEqual(dates.toSorted().toReversed());
  });

  it('moves the linked lienholder’s total, and only theirs, when a clinic adds a line', async () => {
    const maria = await getPatientId(server, 'Maria Delgado');
    const before = [
      (await summary('lienholder@demo.test')).json(),
      (await summary('keystone@demo.test')).json(),
    ];
    const added = await server.request({
      method: 'POST',
      url: `/api/patients/${maria}/billing`,
      cookie: await server.login('clinic@demo.test'),
      body: { cptCode: '97140', sessionCount: '3', amount: '333.33' },
    });
    expect(added.statusCode).toBe(201);
    const medlien = (await summary('lienholder@demo.test')).json();
    const keystone = (await summary('keystone@demo.test')).json();
    expect(medlien.totalBilledCents - before[0].totalBilledCents).toBe(33_333);
    expect(keystone.totalBilledCents).toBe(before[1].totalBilledCents);
    expect(medlien.recent[0]).toMatchObject({
      patientName: 'Maria Delgado',
      cptCode: '97140',
      sessionCount: 3,
      amountCents: 33_333,
    });
  });

  it('is the lienholder and admin dashboard only', async () => {
    for (const email of ['clinic@demo.test', 'attorney@demo.test'])
      expect((await summary(email)).statusCode).toBe(403);
    expect((await server.request({ url: '/api/billing/summary' })).statusCode).toBe(401);
  });
});
