import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { CASE_REQUEST_MAIL_KIND } from './case-request-notify.ts';
import { sendOverdueReminders } from './case-requests.service.ts';
import {
  createRequestAs,
  loadRequestWorld,
  type RequestWorld,
} from './case-request-test-support.ts';

/**
 * Two instances on one PostgreSQL database run the reminder job at the same moment: the claim
 * (one UPDATE … RETURNING) gives each overdue request to one of them, so each side is told once.
 */
describe.runIf(inject('testTemplate').kind === 'postgres')(
  'overdue reminders across two instances on PostgreSQL',
  () => {
    let first: TestServer;
    let second: TestServer;
    let world: RequestWorld;
    beforeAll(async () => {
      first = await createTestServer();
      second = await createTestServer({}, { joinDatabaseUrl: first.databaseUrl });
      world = await loadRequestWorld(first, ['attorney']);
    });
    afterAll(async () => {
      await second.close();
      await first.close();
    });

    it('sends one reminder per request per day when both instances run at once', async () => {
      const request = await createRequestAs(
        first,
        world,
        world.cookies.attorney,
        'James Whitfield',
        {
          kind: 'imaging',
          dueOn: '2020-03-03',
        },
      );
      const options = { appUrl: 'http://x' };
      const runs = await Promise.all([
        sendOverdueReminders(first.context.db, options),
        sendOverdueReminders(second.context.db, options),
        sendOverdueReminders(first.context.db, options),
        sendOverdueReminders(second.context.db, options),
      ]);
      expect(runs.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
      expect(
        await Promise.all([
          sendOverdueReminders(first.context.db, options),
          sendOverdueReminders(second.context.db, options),
        ]),
      ).toEqual([0, 0]);
      const mails = await first.context.db
        .select({ to: mailOutbox.toAddress })
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.kind, CASE_REQUEST_MAIL_KIND), eq(mailOutbox.subjectId, request.id)),
        );
      // The creation told the clinic; the reminder told the clinic and the firm once each.
      const perAddress = new Map<string, number>();
      for (const mail of mails) perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
      expect(perAddress.get('attorney@demo.test')).toBe(1);
      expect(perAddress.get('clinic@demo.test')).toBe(2);
    });
  },
);
