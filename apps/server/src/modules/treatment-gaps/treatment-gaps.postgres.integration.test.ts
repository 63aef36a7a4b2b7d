import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { runTreatmentGapCheck } from './treatment-gaps.service.ts';
import {
  insertGapPatient,
  listGapDigestMails,
  listGapDigests,
  listGaps,
  organizationOf,
  runGapDigestAt,
} from './treatment-gaps-test-support.ts';

/**
 * The production path: two server instances on one PostgreSQL database run the gap check at the
 * same moment, many times over. Each due gap is opened once, and each user told of them, in one
 * notification and one e-mail, once.
 */
describe.runIf(inject('testTemplate').kind === 'postgres')(
  'treatment gap check across two instances on PostgreSQL',
  () => {
    let first: TestServer;
    let second: TestServer;

    beforeAll(async () => {
      first = await createTestServer();
      second = await createTestServer({}, { joinDatabaseUrl: first.databaseUrl });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('opens each gap once and tells each user once, whichever instance claims it', async () => {
      const harbor = await organizationOf(first, 'clinic@demo.test');
      const morgan = await organizationOf(first, 'attorney@demo.test');
      const patientIds: string[] = [];
      for (let index = 0; index < 12; index += 1) {
        patientIds.push(
          await insertGapPatient(first, {
            fullName: `Gap Race ${index}`,
            lastTreatmentDaysAgo: 20 + index,
            clinicIds: [harbor],
            firmId: morgan,
          }),
        );
      }
      const runs = [first, second, first, second].map((server) =>
        runTreatmentGapCheck(server.context.db, { appUrl: server.context.env.appUrl }),
      );
      const results = await Promise.all(runs);
      expect(results.reduce((sum, result) => sum + result.opened, 0)).toBeGreaterThanOrEqual(12);
      for (const patientId of patientIds) expect(await listGaps(first, patientId)).toHaveLength(1);
      await Promise.all([first, second, first, second].map((server) => runGapDigestAt(server)));
      const told = await listGapDigests(first);
      expect(told.length).toBeGreaterThan(0);
      expect(new Set(told.map((row) => row.userId)).size).toBe(told.length);
      for (const digest of told) expect(digest.content).toContain('Treatment gaps: 12 patients');
      const mails = await listGapDigestMails(first);
      expect(mails.map((mail) => mail.userId).toSorted()).toEqual(
        told.map((row) => row.userId).toSorted(),
      );
    });
  },
);
