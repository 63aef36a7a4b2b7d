import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { TReductionHistory } from '@casebridge/domain/liens/reduction.schemas';
import { reductionOffers } from '#src/db/schema/index.ts';
import type { DemoActorKey } from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  findDemoLien,
  MISSING_ID,
  negotiate,
  reductionsUrl,
  signInMatrix,
  type Lien,
} from './reduction-test-support.ts';

/**
 * The reduction routes × every role × {in scope, out of scope, missing}, on James Whitfield's
 * MedLien lien (Harbor + Riverside, Morgan Hale, MedLien) and on Emily Chen's MedLien lien for
 * Keystone, her other lienholder. Reading needs liens:read (the contact has none: 403) and the
 * patient in scope (else the missing patient's 404); a lienholder reads its own lien only.
 * Negotiating needs reductions:negotiate (attorney and lienholder: everyone else 403 before any
 * lookup); only the attorney opens a round, only the other side answers. A refused write
 * changes nothing.
 */
const READ: Record<DemoActorKey, number> = {
  admin: 200,
  clinic: 200,
  imaging: 200,
  clinic2: 404,
  attorney: 200,
  attorney2: 404,
  lienholder: 200,
  keystone: 404,
  contact: 403,
};
const PROPOSE: Record<DemoActorKey, number> = {
  admin: 403,
  clinic: 403,
  imaging: 403,
  clinic2: 403,
  attorney: 200,
  attorney2: 404,
  lienholder: 403,
  keystone: 404,
  contact: 403,
};
const ACTORS = Object.keys(READ) as DemoActorKey[];

describe('reduction routes authorization matrix', () => {
  let server: TestServer;
  let cookies: Record<DemoActorKey, string>;
  let james: Lien;
  let emilyMedLien: Lien;
  let openOfferId: string;

  beforeAll(async () => {
    server = await createTestServer();
    cookies = await signInMatrix(server, 'James Whitfield');
    james = await findDemoLien(server, 'James Whitfield', 'MedLien Funding Partners');
    emilyMedLien = await findDemoLien(server, 'Emily Chen', 'MedLien Funding Partners');
    const proposed = await negotiate(server, cookies.attorney, reductionsUrl(james), {
      kind: 'amount',
      value: '5',
    });
    openOfferId = proposed.json<TReductionHistory>().offers.find((o) => o.status === 'open')!.id;
  });
  afterAll(async () => server.close());

  const offers = async () =>
    (await server.context.db.select({ n: count() }).from(reductionOffers))[0]!.n;
  const missingLiens = (): Lien[] => [
    { patientId: MISSING_ID, lienholderId: james.lienholderId },
    { patientId: james.patientId, lienholderId: MISSING_ID },
    { patientId: 'not-a-uuid', lienholderId: james.lienholderId },
  ];

  for (const actor of ACTORS) {
    it(`${actor}: reads the lien's reductions only in scope`, async () => {
      const read = (lien: Lien) =>
        server.request({ url: reductionsUrl(lien), cookie: cookies[actor] });
      expect((await read(james)).statusCode).toBe(READ[actor]);
      const missing = await read(missingLiens()[0]!);
      for (const lien of missingLiens()) {
        const response = await read(lien);
        expect(response.statusCode).toBe(READ[actor] === 403 ? 403 : 404);
        if (READ[actor] !== 403) expect(response.body).toBe(missing.body);
      }
    });

    it(`${actor}: negotiates only as a party to the lien; refusals change nothing`, async () => {
      const before = await offers();
      const propose = await negotiate(server, cookies[actor], reductionsUrl(james), {
        kind: 'amount',
        value: '1',
      });
      // The attorney's own round is open: a second proposal is a conflict, not a permission.
      expect(propose.statusCode).toBe(actor === 'attorney' ? 409 : PROPOSE[actor]);
      // The two parties' answers on James's open offer are the last test's; here only refusals.
      const isParty = actor === 'attorney' || actor === 'lienholder';
      const liens = isParty ? missingLiens() : [james, ...missingLiens()];
      for (const kind of ['accept', 'reject', 'withdraw', 'counter']) {
        for (const lien of liens) {
          const response = await negotiate(
            server,
            cookies[actor],
            reductionsUrl(lien, `/${openOfferId}/${kind}`),
            { kind: 'amount', value: '2' },
          );
          const expected = isParty ? 404 : PROPOSE[actor];
          expect({ kind, status: response.statusCode }).toEqual({ kind, status: expected });
        }
      }
      expect(await offers()).toBe(before);
    });
  }

  it("keystone: another lienholder's lien on its own patient is a 404", async () => {
    const read = await server.request({
      url: reductionsUrl(emilyMedLien),
      cookie: cookies.keystone,
    });
    expect(read.statusCode).toBe(404);
    const write = await negotiate(server, cookies.keystone, reductionsUrl(emilyMedLien), {
      kind: 'amount',
      value: '1',
    });
    expect(write.statusCode).toBe(404);
  });

  it('the open offer: its maker may not answer it, the lienholder may not withdraw it', async () => {
    const own = await negotiate(
      server,
      cookies.attorney,
      reductionsUrl(james, `/${openOfferId}/accept`),
    );
    expect(own.statusCode).toBe(403);
    const notOwn = await negotiate(
      server,
      cookies.lienholder,
      reductionsUrl(james, `/${openOfferId}/withdraw`),
    );
    expect(notOwn.statusCode).toBe(403);
    const wrongOffer = await negotiate(
      server,
      cookies.lienholder,
      reductionsUrl(james, `/${MISSING_ID}/accept`),
    );
    expect(wrongOffer.statusCode).toBe(404);
  });
});
