import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '#src/db/schema/index.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  postMessage,
  registerEndpoint,
  startReceiver,
  testWorker,
  type Receiver,
} from './webhook-test-support.ts';

/**
 * Two instances on one PostgreSQL database run the fan-out and the sender at the same moment:
 * the cursor row's lock makes them take turns reading events, the unique (endpoint, event) key
 * refuses a second row, and the claim (skip locked, a lease) gives each delivery to one sender.
 * The receiver hears of each event once.
 */
describe.runIf(inject('testTemplate').kind === 'postgres')(
  'webhook deliveries across two instances on PostgreSQL',
  () => {
    let first: TestServer;
    let second: TestServer;
    let receiver: Receiver;
    beforeAll(async () => {
      first = await createTestServer();
      second = await createTestServer({}, { joinDatabaseUrl: first.databaseUrl });
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver.close();
      await second.close();
      await first.close();
    });

    it('delivers each event once when both instances run at once', async () => {
      const [admin, clinic] = [
        await first.login('admin@demo.test'),
        await first.login('clinic@demo.test'),
      ];
      const james = await getPatientId(first, 'James Whitfield');
      await testWorker(first).fanOut();
      const endpoint = await registerEndpoint(first, admin, {
        url: receiver.url('/both'),
        eventTypes: ['message.created'],
      });
      const sent: string[] = [];
      for (let index = 0; index < 8; index += 1)
        sent.push((await postMessage(first, clinic, james)).message.id);
      const workers = [
        testWorker(first),
        testWorker(second),
        testWorker(first),
        testWorker(second),
      ];
      await Promise.all(workers.map((worker) => worker.runOnce()));
      await Promise.all(workers.map((worker) => worker.runOnce()));

      const received = receiver.at('/both');
      expect(received.map((delivery) => delivery.payload.data.messageId).toSorted()).toEqual(
        sent.toSorted(),
      );
      expect(new Set(received.map((delivery) => delivery.payload.id)).size).toBe(sent.length);
      const rows = await first.context.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(rows).toHaveLength(sent.length);
      expect(rows.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(true);
    });
  },
);
