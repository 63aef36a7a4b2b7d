import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { TSettlement } from '@casebridge/domain/settlements/settlement.schemas';
import { events, organizations, patients } from '#src/db/schema/index.ts';
import { getUserId } from '#src/modules/documents/document-test-support.ts';
import { expectOneAuditRow } from '#src/test/audit-rows.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { findDemoLien } from '#src/modules/reductions/reduction-test-support.ts';

const ATTORNEY = 'attorney@demo.test';

/**
 * The settlement preview of James Whitfield (Morgan Hale's patient): the first save creates the
 * draft, later ones name their version; the figures are the domain's, in cents, against the
 * liens as they are now; reads and saves are audited and the firm hears of a save.
 */
describe('settlement preview', () => {
  let server: TestServer;
  let cookie: string;
  let patientId: string;
  const url = () => `/api/patients/${patientId}/settlement`;
  const save = (body: object, headers: Record<string, string> = {}) =>
    server.request({ method: 'PUT', url: url(), cookie, body, headers });

  beforeAll(async () => {
    server = await createTestServer();
    cookie = await server.login(ATTORNEY);
    ({ patientId } = await findDemoLien(server, 'James Whitfield', 'MedLien Funding Partners'));
  });
  afterAll(async () => server.close());

  it('reads an empty worksheet with the liens, audited', async () => {
    const { response } = await expectOneAuditRow(
      server,
      { email: ATTORNEY, action: 'settlement_viewed', patientId },
      () => server.request({ url: url(), cookie }),
    );
    expect(response.statusCode).toBe(200);
    const settlement = response.json<TSettlement>();
    expect(settlement.draft).toBeNull();
    expect(settlement.figures).toBeNull();
    expect(settlement.liens.map((lien) => lien.lienholderName)).toEqual([
      'MedLien Funding Partners',
    ]);
  });

  it('saves a draft, computes the figures in cents and refuses a stale save', async () => {
    const { response } = await expectOneAuditRow(
      server,
      { email: ATTORNEY, action: 'settlement_saved', patientId },
      () => save({ gross: '25,000.00', feePercent: '33.33', costs: '1250.5', note: 'Offer A' }),
    );
    expect(response.statusCode).toBe(200);
    const first = response.json<TSettlement>();
    const liens = Math.max(0, first.liens[0]!.balanceCents);
    expect(first.liens).toHaveLength(1);
    expect(first.draft).toMatchObject({
      grossCents: 2_500_000,
      feeBasisPoints: 3333,
      costsCents: 125_050,
      note: 'Offer A',
      version: 1,
    });
    expect(first.figures).toEqual({
      grossCents: 2_500_000,
      feeCents: 833_250,
      costsCents: 125_050,
      liensCents: liens,
      netCents: 2_500_000 - 833_250 - 125_050 - liens,
    });

    const [event] = await server.context.db
      .select()
      .from(events)
      .where(eq(events.topic, 'settlement.changed'))
      .orderBy(desc(events.id))
      .limit(1);
    expect(event?.recipientUserIds).toEqual([await getUserId(server, ATTORNEY)]);

    expect((await save({ gross: '1', feePercent: '0', costs: '' })).statusCode).toBe(428);
    const second = await save(
      { gross: '30000', feePercent: '40', costs: '0' },
      { 'if-match': '"1"' },
    );
    expect(second.statusCode).toBe(200);
    expect(second.json<TSettlement>().draft?.version).toBe(2);
    const stale = await save({ gross: '1', feePercent: '0', costs: '', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ current: TSettlement }>().current.draft?.grossCents).toBe(3_000_000);
  });

  it('takes the bills once when two lienholders hold liens on them', async () => {
    const emily = await findDemoLien(server, 'Emily Chen', 'MedLien Funding Partners');
    const saved = await server.request({
      method: 'PUT',
      url: `/api/patients/${emily.patientId}/settlement`,
      cookie,
      body: { gross: '50,000.00', feePercent: '30', costs: '0' },
    });
    expect(saved.statusCode).toBe(200);
    const { liens, figures } = saved.json<TSettlement>();
    expect(liens).toHaveLength(2);
    const [first, second] = liens;
    expect(first!.billedCents).toBe(second!.billedCents);
    const owed = Math.max(
      0,
      first!.billedCents - liens.reduce((sum, lien) => sum + lien.reducedCents + lien.paidCents, 0),
    );
    expect(owed).toBeGreaterThan(0);
    expect(figures?.liensCents).toBe(owed);
    expect(figures?.netCents).toBe(5_000_000 - 1_500_000 - owed);
  });

  it('lets the new firm keep its own worksheet after the case moves to it', async () => {
    const emily = await findDemoLien(server, 'Emily Chen', 'MedLien Funding Partners');
    const emilyUrl = `/api/patients/${emily.patientId}/settlement`;
    const body = { gross: '40,000.00', feePercent: '25', costs: '0' };
    // Morgan Hale's draft exists: a save must name its version.
    expect((await server.request({ method: 'PUT', url: emilyUrl, cookie, body })).statusCode).toBe(
      428,
    );
    const [castillo] = await server.context.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.name, 'Castillo Legal Group'));
    await server.context.db
      .update(patients)
      .set({ firmId: castillo!.id })
      .where(eq(patients.id, emily.patientId));
    const castilloCookie = await server.login('attorney2@demo.test');
    const first = await server.request({
      method: 'PUT',
      url: emilyUrl,
      cookie: castilloCookie,
      body,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json<TSettlement>().draft).toMatchObject({ grossCents: 4_000_000, version: 1 });
    // The former firm no longer sees the patient, nor its worksheet.
    expect((await server.request({ url: emilyUrl, cookie })).statusCode).toBe(404);
  });

  it('shows a shortfall as a negative net and refuses malformed figures', async () => {
    const shortfall = await save({ gross: '10', feePercent: '50', costs: '100', version: 2 });
    expect(shortfall.json<TSettlement>().figures?.netCents).toBeLessThan(0);
    for (const body of [
      { gross: '', feePercent: '30', costs: '0', version: 3 },
      { gross: '100', feePercent: '100.01', costs: '0', version: 3 },
      { gross: '100', feePercent: '30', costs: '-1', version: 3 },
    ]) {
      expect((await save(body)).statusCode).toBe(400);
    }
  });
});
