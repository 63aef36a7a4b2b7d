import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TReductionHistory } from '@casebridge/domain/liens/reduction.schemas';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { findDemoLien, negotiate, reductionsUrl, type Lien } from './reduction-test-support.ts';

const ROUNDS = 5;

/**
 * Two answers to one offer at the same moment, on PostgreSQL with a real connection pool: the
 * lienholder's accept and counter (from two sessions) race, and exactly one wins each time; the
 * other is told the offer was already answered. The balance counts the winner only.
 */
describe.runIf(inject('testTemplate').kind === 'postgres')(
  'concurrent answers to one reduction offer on PostgreSQL',
  () => {
    let server: TestServer;
    let lien: Lien;
    let attorney: string;
    const lienholders: string[] = [];

    beforeAll(async () => {
      server = await createTestServer();
      lien = await findDemoLien(server, 'James Whitfield', 'MedLien Funding Partners');
      attorney = await server.login('attorney@demo.test');
      lienholders.push(await server.login('lienholder@demo.test'));
      lienholders.push(await server.login('lienholder@demo.test'));
    });
    afterAll(async () => server.close());

    it('lets exactly one of accept and counter win, every time', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const proposed = await negotiate(server, attorney, reductionsUrl(lien), {
          kind: 'amount',
          value: '1',
        });
        expect(proposed.statusCode).toBe(200);
        const history = proposed.json<TReductionHistory>();
        const offer = history.offers.find((item) => item.status === 'open')!;
        const [accept, counter] = await Promise.all([
          negotiate(server, lienholders[0]!, reductionsUrl(lien, `/${offer.id}/accept`)),
          negotiate(server, lienholders[1]!, reductionsUrl(lien, `/${offer.id}/counter`), {
            kind: 'amount',
            value: '0.50',
          }),
        ]);
        expect([accept.statusCode, counter.statusCode].toSorted()).toEqual([200, 409]);
        const after = (accept.statusCode === 200 ? accept : counter).json<TReductionHistory>();
        const answered = after.offers.find((item) => item.id === offer.id)!;
        expect(answered.status).toBe(accept.statusCode === 200 ? 'accepted' : 'countered');
        if (accept.statusCode === 200) {
          expect(after.lien!.reducedCents).toBe(history.lien!.reducedCents + 100);
        } else {
          // Close the counter's round so the next proposal may open one.
          const open = after.offers.find((item) => item.status === 'open')!;
          const rejected = await negotiate(
            server,
            attorney,
            reductionsUrl(lien, `/${open.id}/reject`),
          );
          expect(rejected.statusCode).toBe(200);
          expect(after.lien!.reducedCents).toBe(history.lien!.reducedCents);
        }
      }
    });
  },
);
