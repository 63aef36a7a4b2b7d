import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { settlementDrafts } from '#src/db/schema/index.ts';
import type { DemoActorKey } from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  findDemoLien,
  MISSING_ID,
  signInMatrix,
} from '#src/modules/reductions/reduction-test-support.ts';

/**
 * The settlement routes × every role × {the firm's patient, another firm's, missing}. Only an
 * attorney of the patient's firm reads or saves the worksheet (settlements:manage is the
 * attorney's alone: everyone else 403 before any lookup); another firm's attorney gets the 404 of
 * a missing patient; a refused save writes nothing.
 */
const EXPECTED: Record<DemoActorKey, number> = {
  admin: 403,
  clinic: 403,
  imaging: 403,
  clinic2: 403,
  attorney: 200,
  attorney2: 404,
  lienholder: 403,
  keystone: 403,
  contact: 403,
};

describe('settlement routes authorization matrix', () => {
  let server: TestServer;
  let cookies: Record<DemoActorKey, string>;
  let james: string;

  beforeAll(async () => {
    server = await createTestServer();
    cookies = await signInMatrix(server, 'James Whitfield');
    ({ patientId: james } = await findDemoLien(
      server,
      'James Whitfield',
      'MedLien Funding Partners',
    ));
  });
  afterAll(async () => server.close());

  const drafts = async () =>
    (await server.context.db.select({ n: count() }).from(settlementDrafts))[0]!.n;

  for (const actor of Object.keys(EXPECTED) as DemoActorKey[]) {
    it(`${actor}: reads and saves only its firm's worksheet`, async () => {
      const before = await drafts();
      const routes = (patientId: string) => [
        { method: 'GET' as const, url: `/api/patients/${patientId}/settlement` },
        {
          method: 'PUT' as const,
          url: `/api/patients/${patientId}/settlement`,
          body: { gross: '100', feePercent: '30', costs: '0' },
        },
      ];
      const expectedMissing = EXPECTED[actor] === 403 ? 403 : 404;
      for (const route of routes(MISSING_ID)) {
        const response = await server.request({ ...route, cookie: cookies[actor] });
        expect(response.statusCode).toBe(expectedMissing);
      }
      const [read] = routes(james);
      const response = await server.request({ ...read!, cookie: cookies[actor] });
      expect(response.statusCode).toBe(EXPECTED[actor]);
      if (EXPECTED[actor] === 200) return;
      const write = await server.request({ ...routes(james)[1]!, cookie: cookies[actor] });
      expect(write.statusCode).toBe(EXPECTED[actor]);
      expect(await drafts()).toBe(before);
    });
  }
});
