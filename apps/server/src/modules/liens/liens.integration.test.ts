import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LIEN_MESSAGES } from '@casebridge/domain/liens/lien-ledger.schemas';
import {
  mailOutbox,
  notifications,
  reductionOffers,
  treatmentGaps,
  users,
} from '#src/db/schema/index.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { expectOneAuditRow } from '#src/test/audit-rows.ts';
import { listVisibleDemoPatients } from '#src/test/demo-scope.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  countPayments,
  getOrganizationId,
  KEYSTONE,
  MEDLIEN,
  paymentsUrl,
  postPayment,
  sumLivePayments,
} from './lien-test-support.ts';
import { formMessage } from '#src/test/form-message.ts';

type Lien = {
  lienholderId: string;
  lienholderName: string;
  billedCents: number;
  paidCents: number;
  reducedCents: number;
  balanceCents: number;
};

describe('lien ledger and payments', () => {
  let server: TestServer;
  const cookies = new Map<string, string>();
  let emily: string;
  let whitfield: string;
  let medlien: string;
  let keystone: string;

  beforeAll(async () => {
    server = await createTestServer();
    for (const email of [
      'admin@demo.test',
      'clinic@demo.test',
      'attorney@demo.test',
      'lienholder@demo.test',
      'keystone@demo.test',
    ])
      cookies.set(email, await server.login(email));
    emily = await getPatientId(server, 'Emily Chen');
    whitfield = await getPatientId(server, 'James Whitfield');
    medlien = await getOrganizationId(server, MEDLIEN);
    keystone = await getOrganizationId(server, KEYSTONE);
  });
  afterAll(async () => server.close());

  const cookie = (email: string) => cookies.get(email)!;
  const getLiens = async (email: string, patientId: string): Promise<Lien[]> => {
    const response = await server.request({
      url: `/api/patients/${patientId}/liens`,
      cookie: cookie(email),
    });
    expect(response.statusCode).toBe(200);
    return response.json().items;
  };
  const billedOf = async (patientId: string): Promise<number> =>
    (
      await server.request({
        url: `/api/patients/${patientId}/billing`,
        cookie: cookie('admin@demo.test'),
      })
    ).json().totalCents;

  it('shows a lienholder its own lien only, and the firm, clinics and admins every lien', async () => {
    const own = await getLiens('lienholder@demo.test', emily);
    expect(own.map((lien) => lien.lienholderName)).toEqual([MEDLIEN]);
    expect(
      (await getLiens('keystone@demo.test', emily)).map((lien) => lien.lienholderName),
    ).toEqual([KEYSTONE]);
    for (const email of ['attorney@demo.test', 'clinic@demo.test', 'admin@demo.test']) {
      expect((await getLiens(email, emily)).map((lien) => lien.lienholderName)).toEqual([
        KEYSTONE,
        MEDLIEN,
      ]);
    }
  });

  it('adds up billed, payments and accepted reductions in cents, and audits the read', async () => {
    const billed = await billedOf(emily);
    const paid = await sumLivePayments(server, emily, medlien);
    await server.context.db.insert(reductionOffers).values([
      {
        patientId: emily,
        lienholderId: medlien,
        round: 90,
        offeredBy: 'attorney',
        offeredByName: 'Test',
        kind: 'amount',
        amountCents: 1_001,
        balanceCents: billed,
        status: 'accepted',
      },
      {
        patientId: emily,
        lienholderId: medlien,
        round: 91,
        offeredBy: 'attorney',
        offeredByName: 'Test',
        kind: 'amount',
        amountCents: 50_000,
        balanceCents: billed,
        status: 'rejected',
      },
    ]);
    const posted = await postPayment(server, cookie('lienholder@demo.test'), emily, medlien, {
      amount: '1,234.56',
      paidOn: '2026-02-01',
      reference: 'CK 77',
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      amountCents: 123_456,
      paidOn: '2026-02-01',
      reference: 'CK 77',
    });

    const { response } = await expectOneAuditRow(
      server,
      { email: 'attorney@demo.test', action: 'lien_viewed', patientId: emily },
      () =>
        server.request({
          url: `/api/patients/${emily}/liens`,
          cookie: cookie('attorney@demo.test'),
        }),
    );
    const lien = (response.json().items as Lien[]).find((item) => item.lienholderId === medlien)!;
    const reducedBefore = lien.reducedCents - 1_001;
    expect(lien).toMatchObject({
      billedCents: billed,
      paidCents: paid + 123_456,
      balanceCents: billed - lien.reducedCents - paid - 123_456,
    });
    expect(reducedBefore).toBeGreaterThanOrEqual(0);
    // Keystone's lien on the same patient is untouched by MedLien's payment and reduction.
    const other = (response.json().items as Lien[]).find((item) => item.lienholderId === keystone)!;
    expect(other.paidCents).toBe(await sumLivePayments(server, emily, keystone));
  });

  it('leaves a voided payment out of the balance but keeps it listed with its reason', async () => {
    const [before] = await getLiens('lienholder@demo.test', whitfield);
    const posted = await postPayment(server, cookie('lienholder@demo.test'), whitfield, medlien, {
      amount: '50',
      paidOn: '2026-01-10',
    });
    const paymentId = posted.json().id as string;
    const voidUrl = `${paymentsUrl(whitfield, medlien)}/${paymentId}/void`;
    const blank = await server.request({
      method: 'POST',
      url: voidUrl,
      cookie: cookie('lienholder@demo.test'),
      body: { reason: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    const voided = await server.request({
      method: 'POST',
      url: voidUrl,
      cookie: cookie('lienholder@demo.test'),
      body: { reason: 'Check bounced' },
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ voidReason: 'Check bounced', version: 2 });
    const again = await server.request({
      method: 'POST',
      url: voidUrl,
      cookie: cookie('lienholder@demo.test'),
      body: { reason: 'Twice' },
    });
    expect(again.statusCode).toBe(409);
    expect(formMessage(again)).toBe(LIEN_MESSAGES.alreadyVoided);
    const [after] = await getLiens('lienholder@demo.test', whitfield);
    expect(after!.paidCents).toBe(before!.paidCents);
    const listed = await server.request({
      url: paymentsUrl(whitfield, medlien),
      cookie: cookie('attorney@demo.test'),
    });
    expect(listed.json().items.find((item: { id: string }) => item.id === paymentId)).toMatchObject(
      {
        voidReason: 'Check bounced',
      },
    );
  });

  it('lets only the lienholder record its own payments; others change nothing', async () => {
    const before = await countPayments(server);
    for (const email of ['attorney@demo.test', 'clinic@demo.test', 'admin@demo.test']) {
      expect((await postPayment(server, cookie(email), emily, medlien)).statusCode).toBe(403);
    }
    // Keystone on MedLien's lien of a shared patient, and on a patient it is not linked to.
    expect(
      (await postPayment(server, cookie('keystone@demo.test'), emily, medlien)).statusCode,
    ).toBe(404);
    expect(
      (await postPayment(server, cookie('keystone@demo.test'), whitfield, keystone)).statusCode,
    ).toBe(404);
    expect(
      (await postPayment(server, cookie('lienholder@demo.test'), whitfield, keystone)).statusCode,
    ).toBe(404);
    // A malformed lienholder or payment id is a missing record, not a server error.
    expect(
      (await postPayment(server, cookie('lienholder@demo.test'), emily, 'not-an-id')).statusCode,
    ).toBe(404);
    const voided = await server.request({
      method: 'POST',
      url: `/api/patients/${emily}/liens/${medlien}/payments/not-an-id/void`,
      cookie: cookie('lienholder@demo.test'),
      body: { reason: 'Typo' },
    });
    expect(voided.statusCode).toBe(404);
    expect(await countPayments(server)).toBe(before);
  });

  it('refuses a future date and a zero amount with their messages', async () => {
    const future = await postPayment(server, cookie('lienholder@demo.test'), emily, medlien, {
      amount: '10',
      paidOn: '2999-01-01',
    });
    expect(future.statusCode).toBe(400);
    expect(formMessage(future)).toBe(LIEN_MESSAGES.paidOnInvalid);
    const zero = await postPayment(server, cookie('lienholder@demo.test'), emily, medlien, {
      amount: '0',
      paidOn: '2026-01-01',
    });
    expect(formMessage(zero)).toBe(LIEN_MESSAGES.amountInvalid);
  });

  it("tells the patient's firm of a payment, audited", async () => {
    const [attorney] = await server.context.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'attorney@demo.test'));
    const ofPayment = and(
      eq(notifications.recipientUserId, attorney!.id),
      eq(notifications.type, 'payment'),
    );
    const before = (await server.context.db.select().from(notifications).where(ofPayment)).length;
    const { response } = await expectOneAuditRow(
      server,
      { email: 'lienholder@demo.test', action: 'lien_payment_recorded', patientId: whitfield },
      () => postPayment(server, cookie('lienholder@demo.test'), whitfield, medlien),
    );
    // The e-mail (on by default) names no patient unless detailed content is on.
    const mails = await server.context.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.kind, 'lien_payment'), eq(mailOutbox.subjectId, response.json().id)),
      );
    expect(mails.map((mail) => mail.toAddress)).toContain('attorney@demo.test');
    expect(mails.every((mail) => !mail.text.includes('James Whitfield'))).toBe(true);
    const after = await server.context.db.select().from(notifications).where(ofPayment);
    expect(after.length).toBe(before + 1);
    expect(after.some((row) => row.content.includes('James Whitfield'))).toBe(true);
  });

  describe('portfolio', () => {
    type Row = {
      patientName: string;
      balanceCents: number;
      hasGap: boolean;
      treatmentStatus: string;
    };
    const portfolio = async (email: string, query = '') => {
      const response = await server.request({
        url: `/api/liens/portfolio${query}`,
        cookie: cookie(email),
      });
      expect(response.statusCode).toBe(200);
      return response.json() as {
        items: Row[];
        total: number;
        totals: { balanceCents: number };
        nextCursor: string | null;
      };
    };

    it("holds one row per linked patient of the lienholder's own", async () => {
      const page = await portfolio('keystone@demo.test', '?limit=100');
      expect(page.items.map((row) => row.patientName).toSorted()).toEqual(
        listVisibleDemoPatients('keystone@demo.test')
          .map((patient) => patient.fullName)
          .toSorted(),
      );
      expect(page.total).toBe(page.items.length);
    });

    it('searches by name, filters by status and gap, sorts and pages', async () => {
      expect(
        (await portfolio('lienholder@demo.test', '?search=whit')).items.map((r) => r.patientName),
      ).toEqual(['James Whitfield']);
      const discharged = await portfolio('lienholder@demo.test', '?status=Discharged&limit=100');
      expect(discharged.items.every((row) => row.treatmentStatus === 'Discharged')).toBe(true);

      await server.context.db
        .insert(treatmentGaps)
        .values({ patientId: emily, lastCareOn: '2026-01-01', thresholdDays: 14 })
        .onConflictDoNothing();
      const gaps = await portfolio('lienholder@demo.test', '?hasGap=true&limit=100');
      expect(gaps.items.map((row) => row.patientName)).toContain('Emily Chen');
      expect(gaps.items.every((row) => row.hasGap)).toBe(true);
      const noGaps = await portfolio('lienholder@demo.test', '?hasGap=false&limit=100');
      expect(noGaps.items.map((row) => row.patientName)).not.toContain('Emily Chen');

      const all = await portfolio('lienholder@demo.test', '?sort=balance&direction=desc&limit=100');
      const balances = all.items.map((row) => row.balanceCents);
      expect(balances).toEqual(balances.toSorted((a, b) => b - a));
      expect(all.totals.balanceCents).toBe(balances.reduce((a, b) => a + b, 0));
      const first = await portfolio('lienholder@demo.test', '?sort=balance&direction=desc&limit=2');
      expect(first.items.map((row) => row.balanceCents)).toEqual(balances.slice(0, 2));
      expect(first.nextCursor).not.toBeNull();
      const second = await portfolio(
        'lienholder@demo.test',
        `?sort=balance&direction=desc&limit=2&cursor=${first.nextCursor}`,
      );
      expect(second.items.map((row) => row.balanceCents)).toEqual(balances.slice(2, 4));
      expect(second.total).toBe(all.total);
    });

    it('has no portfolio for firms and clinics; an admin reads one lienholder or all', async () => {
      for (const email of ['attorney@demo.test', 'clinic@demo.test']) {
        const response = await server.request({
          url: '/api/liens/portfolio',
          cookie: cookie(email),
        });
        expect(response.statusCode).toBe(403);
      }
      const keystoneRows = await portfolio('keystone@demo.test', '?limit=100');
      const adminKeystone = await portfolio(
        'admin@demo.test',
        `?lienholderId=${keystone}&limit=100`,
      );
      expect(adminKeystone.items).toEqual(keystoneRows.items);
      const medlienRows = await portfolio('lienholder@demo.test', '?limit=100');
      expect((await portfolio('admin@demo.test', '?limit=100')).total).toBe(
        keystoneRows.total + medlienRows.total,
      );
      // A lienholder cannot read another's portfolio through the parameter.
      expect(
        await portfolio('lienholder@demo.test', `?lienholderId=${keystone}&limit=100`),
      ).toEqual(medlienRows);
    });

    it('exports the whole portfolio as one CSV, audited', async () => {
      const all = await portfolio('lienholder@demo.test', '?limit=100');
      const { response } = await expectOneAuditRow(
        server,
        { email: 'lienholder@demo.test', action: 'lien_portfolio_exported', patientId: null },
        () =>
          server.request({
            url: '/api/liens/portfolio.csv',
            cookie: cookie('lienholder@demo.test'),
          }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain('lien-portfolio.csv');
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Patient,Lienholder,Case status,Intake date,Last care,Days since treatment,Treatment gap,Billed,Reduced,Paid,Balance',
      );
      expect(lines).toHaveLength(all.total + 2);
      expect(
        lines.some((line) => line.startsWith('James Whitfield,MedLien Funding Partners,')),
      ).toBe(true);
      expect(lines.at(-1)).toMatch(/^Total,/);
    });

    it('buckets the balance by months since intake, adding up to the portfolio', async () => {
      const all = await portfolio('lienholder@demo.test', '?limit=100');
      const response = await server.request({
        url: '/api/liens/aging',
        cookie: cookie('lienholder@demo.test'),
      });
      expect(response.statusCode).toBe(200);
      const buckets = response.json().buckets as Array<{
        key: string;
        balanceCents: number;
        lienCount: number;
      }>;
      expect(buckets.map((bucket) => bucket.key)).toEqual(['0-3', '3-6', '6-12', '12+']);
      expect(buckets.reduce((total, bucket) => total + bucket.balanceCents, 0)).toBe(
        all.totals.balanceCents,
      );
      expect(buckets.reduce((total, bucket) => total + bucket.lienCount, 0)).toBe(all.total);
    });
  });
});
