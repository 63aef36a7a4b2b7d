import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessGrants } from '#src/db/schema/index.ts';
import {
  createTokenAs,
  organizationOf,
  requestWithToken,
} from '#src/modules/api-tokens/api-token-test-support.ts';
import { getPatientId, getUserId } from '#src/modules/documents/document-test-support.ts';
import {
  findDemoLien,
  MISSING_ID,
  signInMatrix,
  type Lien,
} from '#src/modules/reductions/reduction-test-support.ts';
import {
  DEMO_ACTOR_EMAILS,
  DEMO_ACTOR_PATIENTS,
  type DemoActorKey,
  type MatrixPatient,
} from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  billAs,
  closingFingerprint,
  closingUrl,
  openPayoffId,
  payoffsUrl,
  readClosing,
  recordSettlementAs,
  settlementBody,
} from './closing-test-support.ts';

/**
 * The closing routes × every role × {a patient in its scope, one outside it, a missing one}.
 * James Whitfield: Harbor + Riverside, Morgan & Hale, MedLien. Daniel Okafor: Summit,
 * Castillo, Keystone. Reads need liens:read (not a contact); the firm's writes need
 * settlements:manage (attorneys only: admins and everyone else 403) and the patient's own firm
 * (else 404); a payoff's answer needs liens:record-payment and the lien's own lienholder; a
 * bill's final mark needs one of the patient's clinics. A refused write changes nothing.
 */
const ACTORS = DEMO_ACTOR_PATIENTS;
const FIRMS = new Set<DemoActorKey>(['attorney', 'attorney2']);
const LIENHOLDERS = new Set<DemoActorKey>(['lienholder', 'keystone']);
const CLINICS = new Set<DemoActorKey>(['clinic', 'imaging', 'clinic2']);
const FIRM_OF: Record<MatrixPatient, DemoActorKey> = {
  'James Whitfield': 'attorney',
  'Daniel Okafor': 'attorney2',
};

type Rule = (actor: DemoActorKey) => number;
const only = (allowed: Set<DemoActorKey>): { inScope: Rule; outside: Rule } => ({
  inScope: (actor) => (allowed.has(actor) ? 200 : 403),
  outside: (actor) => (allowed.has(actor) ? 404 : 403),
});

describe('closing routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<DemoActorKey, string>;
  const ids = {} as Record<MatrixPatient | 'Thomas Becker', string>;
  const liens = {} as Record<MatrixPatient, Lien>;

  beforeAll(async () => {
    server = await createTestServer();
    for (const name of ['James Whitfield', 'Daniel Okafor', 'Thomas Becker'] as const)
      ids[name] = await getPatientId(server, name);
    liens['James Whitfield'] = await findDemoLien(
      server,
      'James Whitfield',
      'MedLien Funding Partners',
    );
    liens['Daniel Okafor'] = await findDemoLien(
      server,
      'Daniel Okafor',
      'Keystone Medical Receivables',
    );
    Object.assign(cookies, await signInMatrix(server, 'James Whitfield'));
    // Castillo's attorney covers Thomas Becker's closing through temporary access.
    const [grantee, grantor] = [
      await getUserId(server, DEMO_ACTOR_EMAILS.attorney2),
      await getUserId(server, DEMO_ACTOR_EMAILS.admin),
    ];
    await server.context.db.insert(accessGrants).values({
      grantedBy: grantor,
      grantedByName: 'Avery Admin',
      userId: grantee,
      patientId: ids['Thomas Becker'],
      reason: 'Covering the closing',
      expiresAt: new Date(Date.now() + 7_200_000),
    });
    await billAs(server, cookies.clinic, ids['James Whitfield'], '2000.00');
    await billAs(server, cookies.clinic2, ids['Daniel Okafor'], '2000.00');
    for (const patient of ['James Whitfield', 'Daniel Okafor'] as const) {
      const recorded = await recordSettlementAs(server, cookies[FIRM_OF[patient]], ids[patient]);
      if (recorded.statusCode !== 200) throw new Error(`settlement: ${recorded.body}`);
    }
  });
  afterAll(async () => server.close());

  const patientOf = (patient: MatrixPatient | null) => (patient ? ids[patient] : MISSING_ID);

  const ROUTES: Array<{
    name: string;
    isWrite: boolean;
    rule: { inScope: Rule; outside: Rule };
    call: (cookie: string, patient: MatrixPatient | null) => Promise<{ statusCode: number }>;
  }> = [
    {
      name: 'read the closing',
      isWrite: false,
      rule: {
        inScope: (actor) => (actor === 'contact' ? 403 : 200),
        outside: (actor) => (actor === 'contact' ? 403 : 404),
      },
      call: (cookie, patient) => server.request({ url: closingUrl(patientOf(patient)), cookie }),
    },
    {
      name: 'record the settlement',
      isWrite: true,
      rule: only(FIRMS),
      call: async (cookie, patient) => {
        const version = patient
          ? (await readClosing(server, cookies[FIRM_OF[patient]], ids[patient])).settlement!.version
          : 1;
        return server.request({
          method: 'PUT',
          url: closingUrl(patientOf(patient), '/settlement'),
          cookie,
          body: settlementBody({ version, note: `saved ${Math.random()}` }),
        });
      },
    },
    {
      name: 'propose a payoff',
      isWrite: true,
      rule: only(FIRMS),
      call: async (cookie, patient) => {
        if (patient) {
          // Withdraw what is open so only the rules can refuse the proposal.
          const firm = cookies[FIRM_OF[patient]];
          const open = await openPayoffId(server, firm, ids[patient], liens[patient].lienholderId);
          await server.request({
            method: 'POST',
            url: payoffsUrl(ids[patient], liens[patient].lienholderId, `/${open}/withdraw`),
            cookie: firm,
          });
        }
        const lienholderId = patient ? liens[patient].lienholderId : MISSING_ID;
        return server.request({
          method: 'POST',
          url: payoffsUrl(patientOf(patient), lienholderId),
          cookie,
          body: { amount: '5.00' },
        });
      },
    },
    {
      name: 'dispute a payoff',
      isWrite: true,
      rule: only(LIENHOLDERS),
      call: async (cookie, patient) => {
        const payoffId = patient
          ? await openPayoffId(
              server,
              cookies[FIRM_OF[patient]],
              ids[patient],
              liens[patient].lienholderId,
            )
          : MISSING_ID;
        const lienholderId = patient ? liens[patient].lienholderId : MISSING_ID;
        return server.request({
          method: 'POST',
          url: payoffsUrl(patientOf(patient), lienholderId, `/${payoffId}/dispute`),
          cookie,
          body: { reason: 'Our figure is higher' },
        });
      },
    },
    {
      name: 'mark the bill final',
      isWrite: true,
      // Admins hold billing:create but are no clinic of the patient: 403 (a missing one 404).
      rule: {
        inScope: only(CLINICS).inScope,
        outside: (actor) => (CLINICS.has(actor) || actor === 'admin' ? 404 : 403),
      },
      call: (cookie, patient) =>
        server.request({
          method: 'PUT',
          url: `/api/patients/${patientOf(patient)}/bill-final`,
          cookie,
        }),
    },
    {
      name: 'download the statement',
      isWrite: false,
      rule: only(FIRMS),
      call: (cookie, patient) =>
        server.request({
          url: `/api/patients/${patientOf(patient)}/disbursement-statement.pdf`,
          cookie,
        }),
    },
  ];

  for (const route of ROUTES) {
    for (const [actor, scope] of Object.entries(ACTORS) as Array<
      [DemoActorKey, (typeof ACTORS)[DemoActorKey]]
    >) {
      const cases = [
        { on: scope.inScope, patient: scope.inScope, expected: route.rule.inScope(actor) },
        ...(scope.outside
          ? [{ on: scope.outside, patient: scope.outside, expected: route.rule.outside(actor) }]
          : []),
        { on: 'a missing patient', patient: null, expected: route.rule.outside(actor) },
      ];
      for (const { on, patient, expected } of cases) {
        it(`${route.name}: ${actor} on ${on} → ${expected}`, async () => {
          const response = await route.call(cookies[actor], patient);
          expect(response.statusCode).toBe(expected);
          if (route.isWrite && expected >= 400) {
            // The setup above may have written; the refused call itself must not.
            const before = await closingFingerprint(server);
            expect((await route.call(cookies[actor], patient)).statusCode).toBe(expected);
            const after = await closingFingerprint(server);
            expect(after.payments).toBe(before.payments);
            expect(after.billFinals).toBe(before.billFinals);
          }
        });
      }
    }
  }

  it('confirm: only the lien’s own lienholder, and the payment is recorded once', async () => {
    const lien = liens['James Whitfield'];
    const payoffId = await openPayoffId(
      server,
      cookies.attorney,
      lien.patientId,
      lien.lienholderId,
    );
    const confirmUrl = payoffsUrl(lien.patientId, lien.lienholderId, `/${payoffId}/confirm`);
    const body = { paidOn: '2026-02-01', reference: 'CHK 1' };
    const before = await closingFingerprint(server);
    for (const actor of ['admin', 'clinic', 'attorney', 'keystone', 'contact'] as const) {
      const refused = await server.request({
        method: 'POST',
        url: confirmUrl,
        cookie: cookies[actor],
        body,
      });
      expect(refused.statusCode).toBe(actor === 'keystone' ? 404 : 403);
    }
    expect(await closingFingerprint(server)).toEqual(before);
    const confirmed = await server.request({
      method: 'POST',
      url: confirmUrl,
      cookie: cookies.lienholder,
      body,
    });
    expect(confirmed.statusCode).toBe(200);
    const again = await server.request({
      method: 'POST',
      url: confirmUrl,
      cookie: cookies.lienholder,
      body,
    });
    expect(again.statusCode).toBe(409);
    expect((await closingFingerprint(server)).payments).toBe(before.payments + 1);
  });

  it('the inbox: a lienholder sees its own payoffs only, a contact 403', async () => {
    const lien = liens['Daniel Okafor'];
    await openPayoffId(server, cookies.attorney2, lien.patientId, lien.lienholderId);
    const inbox = async (actor: DemoActorKey) =>
      server.request({ url: '/api/payoffs/inbox', cookie: cookies[actor] });
    expect((await inbox('contact')).statusCode).toBe(403);
    const keystone = (await inbox('keystone')).json<{ items: Array<{ lienholderId: string }> }>();
    expect(keystone.items.length).toBeGreaterThan(0);
    expect(keystone.items.every((item) => item.lienholderId === lien.lienholderId)).toBe(true);
    const medlien = (await inbox('lienholder')).json<{ items: Array<{ patientId: string }> }>();
    expect(medlien.items.some((item) => item.patientId === lien.patientId)).toBe(false);
  });

  it('a clinic and a lienholder read the payoffs but never the settlement figures', async () => {
    const james = ids['James Whitfield'];
    for (const actor of ['clinic', 'lienholder', 'attorney2'] as const) {
      if (actor === 'attorney2') continue;
      const closing = await readClosing(server, cookies[actor], james);
      expect(closing.settlement).toBeNull();
      expect(closing.figures).toBeNull();
      expect(closing.liens.length).toBeGreaterThan(0);
    }
    const admin = await readClosing(server, cookies.admin, james);
    expect(admin.settlement).not.toBeNull();
  });

  it("temporary access lets another firm's attorney read, never write", async () => {
    const thomas = ids['Thomas Becker'];
    const read = await server.request({ url: closingUrl(thomas), cookie: cookies.attorney2 });
    expect(read.statusCode).toBe(200);
    expect(read.json().settlement).toBeNull();
    const write = await server.request({
      method: 'PUT',
      url: closingUrl(thomas, '/settlement'),
      cookie: cookies.attorney2,
      body: settlementBody(),
    });
    expect(write.statusCode).toBe(404);
  });

  it('a stale version is 409 and none is 428', async () => {
    const james = ids['James Whitfield'];
    const stale = await server.request({
      method: 'PUT',
      url: closingUrl(james, '/settlement'),
      cookie: cookies.attorney,
      body: settlementBody({ version: 1, gross: '1.00' }),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.settlement.version).toBeGreaterThan(1);
    const none = await server.request({
      method: 'PUT',
      url: closingUrl(james, '/settlement'),
      cookie: cookies.attorney,
      body: settlementBody(),
    });
    expect(none.statusCode).toBe(428);
  });

  it('no session: 401; malformed input: 400', async () => {
    const james = ids['James Whitfield'];
    expect((await server.request({ url: closingUrl(james) })).statusCode).toBe(401);
    const malformed = await server.request({
      method: 'PUT',
      url: closingUrl(james, '/settlement'),
      cookie: cookies.attorney,
      body: settlementBody({ gross: 'lots', source: 'lottery' }),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('an API token needs settlements:manage to record and liens:read to read', async () => {
    const james = ids['James Whitfield'];
    const organizationId = await organizationOf(server, DEMO_ACTOR_EMAILS.attorney);
    const tokenWith = async (
      capabilities: Array<'patients:read' | 'liens:read' | 'settlements:manage'>,
    ) =>
      (
        await createTokenAs(server, cookies.admin, {
          name: capabilities.join(' '),
          organizationId,
          capabilities,
        })
      ).secret;
    const plain = await tokenWith(['patients:read']);
    const reader = await tokenWith(['liens:read']);
    const manager = await tokenWith(['liens:read', 'settlements:manage']);
    const read = (secret: string) => requestWithToken(server, secret, { url: closingUrl(james) });
    const write = async (secret: string) =>
      requestWithToken(server, secret, {
        method: 'PUT',
        url: closingUrl(james, '/settlement'),
        body: settlementBody({
          version: (await readClosing(server, cookies.attorney, james)).settlement!.version,
        }),
      });
    expect((await read(plain)).statusCode).toBe(403);
    expect((await read(reader)).statusCode).toBe(200);
    expect((await write(reader)).statusCode).toBe(403);
    expect((await write(manager)).statusCode).toBe(200);
  });
});
