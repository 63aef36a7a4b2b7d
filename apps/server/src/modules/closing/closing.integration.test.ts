import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClosing } from '@casebridge/domain/closing/closing.schemas';
import type { TPatientPage } from '@casebridge/domain/patients/patient.schemas';
import { auditLogs, caseStageHistory, events, notifications, users } from '#src/db/schema/index.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { findDemoLien, type Lien } from '#src/modules/reductions/reduction-test-support.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  billAs,
  closingUrl,
  payoffsUrl,
  readClosing,
  recordSettlementAs,
} from './closing-test-support.ts';

/**
 * One case from settlement to closed, on James Whitfield (Harbor + Riverside, Morgan & Hale,
 * MedLien): the stage follows through the case facts, a payoff is disputed and proposed again,
 * the confirmation records one payment, the statement is a PDF, and the closed case leaves the
 * plain lists but is found by search and the Closed filter. Also the clinic's final bill.
 */
describe('closing a case', () => {
  let server: TestServer;
  let attorney: string;
  let lienholder: string;
  let clinic: string;
  let james: string;
  let lien: Lien;

  beforeAll(async () => {
    server = await createTestServer();
    attorney = await server.login('attorney@demo.test');
    lienholder = await server.login('lienholder@demo.test');
    clinic = await server.login('clinic@demo.test');
    james = await getPatientId(server, 'James Whitfield');
    lien = await findDemoLien(server, 'James Whitfield', 'MedLien Funding Partners');
    await billAs(server, clinic, james, '3000.00');
  });
  afterAll(async () => server.close());

  const notificationsOf = async (email: string) =>
    server.context.db
      .select({ content: notifications.content })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.recipientUserId))
      .where(and(eq(users.email, email), eq(notifications.type, 'payment')));
  const auditActions = async () =>
    (
      await server.context.db
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(eq(auditLogs.patientId, james))
    ).map((row) => row.action);
  const post = (cookie: string, url: string, body: object = {}) =>
    server.request({ method: 'POST', url, cookie, body });

  it('records the settlement and moves the stage to Settled through the case facts', async () => {
    const response = await recordSettlementAs(server, attorney, james);
    expect(response.statusCode).toBe(200);
    const closing = response.json<TClosing>();
    expect(closing.stage).toBe('settled');
    expect(closing.settlement).toMatchObject({ grossCents: 10_000_000, version: 1 });
    expect(closing.settlementHistory).toHaveLength(1);
    expect(closing.figures!.feeCents).toBe(3_333_000);
    const moves = await server.context.db
      .select()
      .from(caseStageHistory)
      .where(eq(caseStageHistory.patientId, james));
    expect(moves.some((move) => move.toStage === 'settled')).toBe(true);
    const edited = await recordSettlementAs(server, attorney, james, { gross: '120000.00' });
    expect(edited.json<TClosing>().settlementHistory.map((item) => item.action)).toEqual([
      'recorded',
      'edited',
    ]);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['settlement_recorded', 'settlement_edited', 'case_stage_changed']),
    );
  });

  it('a disputed payoff can be proposed again; a confirmation records one payment', async () => {
    const first = await post(attorney, payoffsUrl(james, lien.lienholderId), { amount: '1500' });
    expect(first.statusCode).toBe(200);
    expect(
      (await notificationsOf('lienholder@demo.test')).some((item) =>
        item.content.includes('proposed a final payoff of $1,500.00'),
      ),
    ).toBe(true);
    const again = await post(attorney, payoffsUrl(james, lien.lienholderId), { amount: '1' });
    expect(again.statusCode).toBe(409);
    const payoffId = first.json<TClosing>().liens[0]!.payoffs[0]!.id;
    const disputed = await post(
      lienholder,
      payoffsUrl(james, lien.lienholderId, `/${payoffId}/dispute`),
      { reason: 'Our bill is higher' },
    );
    expect(disputed.statusCode).toBe(200);
    expect(
      (await notificationsOf('attorney@demo.test')).some((item) =>
        item.content.includes('disputed the final payoff of $1,500.00'),
      ),
    ).toBe(true);
    const tooMuch = await post(attorney, payoffsUrl(james, lien.lienholderId), {
      amount: '999999',
    });
    expect(tooMuch.statusCode).toBe(400);
    const second = await post(attorney, payoffsUrl(james, lien.lienholderId), { amount: '2000' });
    const secondId = second
      .json<TClosing>()
      .liens[0]!.payoffs.find((payoff) => payoff.status === 'proposed')!.id;
    const notYet = await post(attorney, closingUrl(james, '/disburse'), {
      disbursedOn: '2026-02-01',
      version: (await readClosing(server, attorney, james)).settlement!.version,
    });
    expect(notYet.statusCode).toBe(409);
    const before = (await readClosing(server, attorney, james)).liens[0]!;
    const confirmed = await post(
      lienholder,
      payoffsUrl(james, lien.lienholderId, `/${secondId}/confirm`),
      { paidOn: '2026-02-01', reference: 'CHK 77' },
    );
    expect(confirmed.statusCode).toBe(200);
    const after = (await readClosing(server, attorney, james)).liens[0]!;
    expect(after.paidCents).toBe(before.paidCents + 200_000);
    expect(after.isResolved).toBe(true);
    expect(after.payoffs.map((payoff) => payoff.status)).toEqual(['confirmed', 'disputed']);
    const told = await notificationsOf('attorney@demo.test');
    expect(told.some((item) => item.content.includes('confirmed the final payoff'))).toBe(true);
  });

  it('shows what the confirmed payoff left unpaid as waived, with nothing owed', async () => {
    const { paidCents, billedCents, reducedCents } = (await readClosing(server, attorney, james))
      .liens[0]!;
    const unpaid = billedCents - reducedCents - paidCents;
    expect(unpaid).toBeGreaterThan(0);
    for (const cookie of [attorney, lienholder, clinic]) {
      const ledger = await server.request({ url: `/api/patients/${james}/liens`, cookie });
      expect(ledger.statusCode).toBe(200);
      const item = ledger
        .json<{
          items: Array<{ lienholderId: string; waivedCents: number; balanceCents: number }>;
        }>()
        .items.find((entry) => entry.lienholderId === lien.lienholderId);
      expect(item).toMatchObject({ waivedCents: unpaid, balanceCents: 0 });
    }
    const closing = await readClosing(server, attorney, james);
    expect(closing.liens[0]).toMatchObject({ waivedCents: unpaid, balanceCents: 0 });
    // The lienholder's portfolio owes nothing on the lien either.
    const portfolio = await server.request({
      url: '/api/liens/portfolio?search=whitfield&limit=100',
      cookie: lienholder,
    });
    const row = portfolio
      .json<{ items: Array<{ patientId: string; balanceCents: number; paidCents: number }> }>()
      .items.find((entry) => entry.patientId === james);
    expect(row).toMatchObject({ balanceCents: 0, paidCents });
  });

  it('serves the statement as a PDF, audited as a read', async () => {
    const response = await server.request({
      url: `/api/patients/${james}/disbursement-statement.pdf`,
      cookie: attorney,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await auditActions()).toContain('disbursement_statement_viewed');
  });

  it('disburses, closes, and the case leaves the plain lists but stays findable', async () => {
    const version = () => readClosing(server, attorney, james).then((c) => c.settlement!.version);
    const early = await post(attorney, closingUrl(james, '/close'), { version: await version() });
    expect(early.statusCode).toBe(409);
    const disbursed = await post(attorney, closingUrl(james, '/disburse'), {
      disbursedOn: '2026-02-02',
      version: await version(),
    });
    expect(disbursed.statusCode).toBe(200);
    expect(disbursed.json<TClosing>().stage).toBe('disbursed');
    const closed = await post(attorney, closingUrl(james, '/close'), { version: await version() });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<TClosing>().stage).toBe('closed');
    await server.flushEvents();
    const topics = (await server.context.db.select({ topic: events.topic }).from(events)).map(
      (row) => row.topic,
    );
    expect(topics).toEqual(
      expect.arrayContaining(['settlement.recorded', 'payoff.confirmed', 'case.closed']),
    );
    for (const cookie of [attorney, clinic, lienholder]) {
      const list = async (query: string) =>
        (await server.request({ url: `/api/patients${query}`, cookie })).json<TPatientPage>();
      const plain = await list('');
      expect(plain.items.some((item) => item.id === james)).toBe(false);
      expect(plain.total).toBe(plain.items.length);
      expect((await list('?closed=closed')).items.map((item) => item.id)).toEqual([james]);
      expect((await list('?closed=all')).items.some((item) => item.id === james)).toBe(true);
      expect((await list('?search=Whitfield')).items.some((item) => item.id === james)).toBe(true);
    }
  });

  it('after the clinic marks its bill final, a new line needs a correction reason', async () => {
    const marked = await server.request({
      method: 'PUT',
      url: `/api/patients/${james}/bill-final`,
      cookie: clinic,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<TClosing>().billFinals.map((bill) => bill.clinicName)).toEqual([
      'Harbor Physical Therapy',
    ]);
    const refused = await server.request({
      method: 'POST',
      url: `/api/patients/${james}/billing`,
      cookie: clinic,
      body: { cptCode: '97110', sessionCount: 1, amount: '10.00' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('correction');
    const corrected = await server.request({
      method: 'POST',
      url: `/api/patients/${james}/billing`,
      cookie: clinic,
      body: { cptCode: '97110', sessionCount: 1, amount: '10.00', correctionReason: 'Late charge' },
    });
    expect(corrected.statusCode).toBe(201);
    const history = await server.request({
      url: `/api/patients/${james}/billing/${corrected.json().id}/history`,
      cookie: clinic,
    });
    expect(history.json().items[0]).toMatchObject({ action: 'created', reason: 'Late charge' });
    // Riverside's bill is not final: its lines need no reason.
    const imaging = await server.login('imaging@demo.test');
    await billAs(server, imaging, james, '20.00');
  });
});

/**
 * Two confirmations of one payoff at the same moment, on PostgreSQL with a real pool: one wins,
 * the other is told it was answered, and one payment is recorded.
 */
describe.runIf((await import('vitest')).inject('testTemplate').kind === 'postgres')(
  'concurrent confirmations of one payoff on PostgreSQL',
  () => {
    let server: TestServer;
    afterAll(async () => server?.close());

    it('records exactly one payment', async () => {
      server = await createTestServer();
      const attorney = await server.login('attorney2@demo.test');
      const sessions = [
        await server.login('keystone@demo.test'),
        await server.login('keystone@demo.test'),
      ];
      const clinic = await server.login('clinic2@demo.test');
      const daniel = await getPatientId(server, 'Daniel Okafor');
      const lien = await findDemoLien(server, 'Daniel Okafor', 'Keystone Medical Receivables');
      await billAs(server, clinic, daniel, '500.00');
      expect((await recordSettlementAs(server, attorney, daniel)).statusCode).toBe(200);
      const proposed = await server.request({
        method: 'POST',
        url: payoffsUrl(daniel, lien.lienholderId),
        cookie: attorney,
        body: { amount: '100' },
      });
      const payoffId = proposed.json<TClosing>().liens[0]!.payoffs[0]!.id;
      const paidBefore = (await readClosing(server, attorney, daniel)).liens[0]!.paidCents;
      const answers = await Promise.all(
        sessions.map((cookie) =>
          server.request({
            method: 'POST',
            url: payoffsUrl(daniel, lien.lienholderId, `/${payoffId}/confirm`),
            cookie,
            body: { paidOn: '2026-02-01' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 409]);
      const paidAfter = (await readClosing(server, attorney, daniel)).liens[0]!.paidCents;
      expect(paidAfter).toBe(paidBefore + 10_000);
    });
  },
);
