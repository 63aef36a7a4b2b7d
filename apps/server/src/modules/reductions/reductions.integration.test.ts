import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REDUCTION_MESSAGES } from '@casebridge/domain/liens/reduction.policy';
import type { TReductionHistory } from '@casebridge/domain/liens/reduction.schemas';
import { patientActivity } from '#src/db/schema/index.ts';
import { expectOneAuditRow } from '#src/test/audit-rows.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  countReductionNotifications,
  findDemoLien,
  listReductionMails,
  negotiate,
  readReductions,
  reductionsUrl,
  type Lien,
} from './reduction-test-support.ts';

const ATTORNEY = 'attorney@demo.test';
const LIENHOLDER = 'lienholder@demo.test';

/**
 * Reduction rounds on James Whitfield's MedLien lien (Morgan Hale's patient): the attorney
 * proposes, the lienholder counters, the attorney accepts and the reduced balance is locked;
 * only the side that did not make the open offer answers it, its maker withdraws it, and every
 * step is audited, in the Activity feed and told to the other side.
 */
describe('reduction negotiation', () => {
  let server: TestServer;
  let lien: Lien;
  const cookies = {} as Record<'attorney' | 'lienholder' | 'clinic', string>;

  beforeAll(async () => {
    server = await createTestServer();
    lien = await findDemoLien(server, 'James Whitfield', 'MedLien Funding Partners');
    cookies.attorney = await server.login(ATTORNEY);
    cookies.lienholder = await server.login(LIENHOLDER);
    cookies.clinic = await server.login('clinic@demo.test');
  });
  afterAll(async () => server.close());

  const open = (history: TReductionHistory) => history.offers.find((o) => o.status === 'open');

  it('runs a round: propose, counter with a percentage, accept; the balance is locked', async () => {
    const before = await readReductions(server, cookies.attorney, lien);
    expect(before.viewerParty).toBe('attorney');
    const balance = before.lien!.balanceCents;
    const reducedBefore = before.lien!.reducedCents;
    const notifiedBefore = await countReductionNotifications(server, LIENHOLDER);

    const { response: proposed } = await expectOneAuditRow(
      server,
      { email: ATTORNEY, action: 'reduction_proposed', patientId: lien.patientId },
      () =>
        negotiate(server, cookies.attorney, reductionsUrl(lien), {
          kind: 'amount',
          value: '100.50',
          note: 'Policy limits',
        }),
    );
    expect(proposed.statusCode).toBe(200);
    const first = open(proposed.json<TReductionHistory>())!;
    expect(first.round).toBe(Math.max(0, ...before.offers.map((offer) => offer.round)) + 1);
    expect(first).toMatchObject({
      offeredBy: 'attorney',
      amountCents: 10_050,
      balanceCents: balance,
    });
    expect(await countReductionNotifications(server, LIENHOLDER)).toBe(notifiedBefore + 1);
    // And one e-mail, which without detailed content names neither the patient nor the figure.
    const mails = await listReductionMails(server, LIENHOLDER);
    expect(mails.filter((mail) => mail.subjectId === first.id)).toHaveLength(1);
    expect(mails.at(-1)?.text).not.toMatch(/Whitfield|100\.50/);

    // The maker cannot answer its own offer; the lienholder cannot withdraw it.
    const own = await negotiate(
      server,
      cookies.attorney,
      reductionsUrl(lien, `/${first.id}/accept`),
    );
    expect(own.statusCode).toBe(403);
    const notOwn = await negotiate(
      server,
      cookies.lienholder,
      reductionsUrl(lien, `/${first.id}/withdraw`),
    );
    expect(notOwn.statusCode).toBe(403);

    const countered = await negotiate(
      server,
      cookies.lienholder,
      reductionsUrl(lien, `/${first.id}/counter`),
      { kind: 'percent', value: '5' },
    );
    expect(countered.statusCode).toBe(200);
    const afterCounter = countered.json<TReductionHistory>();
    const counter = open(afterCounter)!;
    expect(counter).toMatchObject({
      round: first.round,
      offeredBy: 'lienholder',
      kind: 'percent',
      percentBasisPoints: 500,
      amountCents: Math.floor((balance * 500 + 5000) / 10_000),
    });
    expect(afterCounter.offers.find((o) => o.id === first.id)?.status).toBe('countered');

    const accepted = await negotiate(
      server,
      cookies.attorney,
      reductionsUrl(lien, `/${counter.id}/accept`),
    );
    expect(accepted.statusCode).toBe(200);
    const after = accepted.json<TReductionHistory>();
    expect(open(after)).toBeUndefined();
    expect(after.lien!.reducedCents).toBe(reducedBefore + counter.amountCents);
    expect(after.lien!.balanceCents).toBe(balance - counter.amountCents);

    // Answered is final: a second answer is a conflict and changes nothing.
    const again = await negotiate(
      server,
      cookies.attorney,
      reductionsUrl(lien, `/${counter.id}/reject`),
    );
    expect(again.statusCode).toBe(409);
    expect((await readReductions(server, cookies.attorney, lien)).lien).toEqual(after.lien);

    const activity = await server.context.db
      .select()
      .from(patientActivity)
      .where(
        and(eq(patientActivity.patientId, lien.patientId), eq(patientActivity.kind, 'reduction')),
      );
    expect(activity.map((row) => row.recordId)).toEqual(
      expect.arrayContaining([first.id, counter.id]),
    );
  });

  it('shows the clinic the accepted reductions only, and the history to both sides', async () => {
    const forClinic = await readReductions(server, cookies.clinic, lien);
    expect(forClinic.viewerParty).toBeNull();
    expect(forClinic.offers.length).toBeGreaterThan(0);
    expect(forClinic.offers.every((offer) => offer.status === 'accepted')).toBe(true);
    // The Activity feed says no more to the clinic than the panel does.
    const feed = await server.request({
      url: `/api/patients/${lien.patientId}/activity`,
      cookie: cookies.clinic,
    });
    const items = feed.json<{ items: Array<{ kind: string; recordId: string | null }> }>().items;
    const reductionItems = items.filter((item) => item.kind === 'reduction');
    expect(reductionItems.length).toBeGreaterThan(0);
    const accepted = new Set(forClinic.offers.map((offer) => offer.id));
    expect(reductionItems.every((item) => accepted.has(item.recordId ?? ''))).toBe(true);
    const forLienholder = await readReductions(server, cookies.lienholder, lien);
    expect(forLienholder.offers.map((o) => o.status)).toEqual(
      expect.arrayContaining(['accepted', 'countered']),
    );
  });

  it('starts a new round after an answer; a rejection or a withdrawal reduces nothing', async () => {
    const before = await readReductions(server, cookies.attorney, lien);
    const latestRound = Math.max(...before.offers.map((offer) => offer.round));
    const proposed = await negotiate(server, cookies.attorney, reductionsUrl(lien), {
      kind: 'amount',
      value: '10',
    });
    const next = open(proposed.json<TReductionHistory>())!;
    expect(next.round).toBe(latestRound + 1);

    const second = await negotiate(server, cookies.attorney, reductionsUrl(lien), {
      kind: 'amount',
      value: '20',
    });
    expect(second.statusCode).toBe(409);
    const byLienholder = await negotiate(server, cookies.lienholder, reductionsUrl(lien), {
      kind: 'amount',
      value: '20',
    });
    expect(byLienholder.statusCode).toBe(403);

    const { response: rejected } = await expectOneAuditRow(
      server,
      { email: LIENHOLDER, action: 'reduction_rejected', patientId: lien.patientId },
      () =>
        negotiate(server, cookies.lienholder, reductionsUrl(lien, `/${next.id}/reject`), {
          note: 'Too much',
        }),
    );
    expect(rejected.statusCode).toBe(200);
    const third = open(
      (
        await negotiate(server, cookies.attorney, reductionsUrl(lien, ''), {
          kind: 'percent',
          value: '1.25',
        })
      ).json<TReductionHistory>(),
    )!;
    expect(third.round).toBe(latestRound + 2);
    const withdrawn = await negotiate(
      server,
      cookies.attorney,
      reductionsUrl(lien, `/${third.id}/withdraw`),
    );
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<TReductionHistory>().lien).toEqual(before.lien);
  });

  it('refuses an amount above the balance and a malformed offer', async () => {
    const { lien: figures } = await readReductions(server, cookies.attorney, lien);
    const tooMuch = await negotiate(server, cookies.attorney, reductionsUrl(lien), {
      kind: 'amount',
      value: ((figures!.balanceCents + 100) / 100).toFixed(2),
    });
    expect(tooMuch.statusCode).toBe(400);
    for (const body of [
      { kind: 'percent', value: '100.5' },
      { kind: 'amount', value: '-3' },
      { kind: 'amount', value: '' },
      { kind: 'fixed', value: '3' },
    ]) {
      const response = await negotiate(server, cookies.attorney, reductionsUrl(lien), body);
      expect(response.statusCode).toBe(400);
    }
  });

  it('refuses to accept an offer a payment since has made larger than the balance', async () => {
    const { lien: figures } = await readReductions(server, cookies.attorney, lien);
    const whole = (figures!.balanceCents / 100).toFixed(2);
    const proposed = await negotiate(server, cookies.attorney, reductionsUrl(lien), {
      kind: 'amount',
      value: whole,
    });
    const offer = open(proposed.json<TReductionHistory>())!;
    const paid = await server.request({
      method: 'POST',
      url: `/api/patients/${lien.patientId}/liens/${lien.lienholderId}/payments`,
      cookie: cookies.lienholder,
      body: { amount: '1.00', paidOn: '2026-01-02' },
    });
    expect(paid.statusCode).toBe(201);
    const accepted = await negotiate(
      server,
      cookies.lienholder,
      reductionsUrl(lien, `/${offer.id}/accept`),
      { note: null },
    );
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error.message).toBe(REDUCTION_MESSAGES.balanceChanged);
    const after = await readReductions(server, cookies.attorney, lien);
    expect(open(after)?.id).toBe(offer.id);
    expect(after.lien!.balanceCents).toBe(figures!.balanceCents - 100);
    await negotiate(server, cookies.attorney, reductionsUrl(lien, `/${offer.id}/withdraw`));
  });

  it('the demo shows a negotiated lien and a saved worksheet on Thomas Becker', async () => {
    const becker = await findDemoLien(server, 'Thomas Becker', 'MedLien Funding Partners');
    const history = await readReductions(server, cookies.lienholder, becker);
    expect(history.offers.map((offer) => offer.status)).toEqual(['open', 'accepted', 'countered']);
    expect(history.lien?.reducedCents).toBe(50_000);
    const settlement = await server.request({
      url: `/api/patients/${becker.patientId}/settlement`,
      cookie: cookies.attorney,
    });
    expect(settlement.json<{ draft: { grossCents: number } }>().draft?.grossCents).toBe(1_500_000);
  });
});
