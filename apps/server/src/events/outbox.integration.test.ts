import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, gt, max } from 'drizzle-orm';
import { events } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { publishEvents } from './outbox.ts';

describe('publishing events (events/outbox.ts)', () => {
  let server: TestServer;
  const newestId = async () =>
    Number((await server.context.db.select({ id: max(events.id) }).from(events))[0]?.id ?? 0);
  const eventsAfter = (id: number) =>
    server.context.db.select().from(events).where(gt(events.id, id)).orderBy(asc(events.id));

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server.close());

  it('publishes a batch in one statement, in the order given, each addressed as its topic says', async () => {
    const before = await newestId();
    const patientId = randomUUID();
    await server.context.db.transaction((tx) =>
      publishEvents(tx, [
        { topic: 'message.created', patientId, payload: { messageId: 'message-1' } },
        {
          topic: 'notification.created',
          recipientUserIds: ['user-a', 'user-b'],
          payload: { type: 'status_update' },
        },
        { topic: 'access-request.created' },
        { topic: 'patient.created', patientId },
      ]),
    );
    const rows = await eventsAfter(before);
    expect(
      rows.map(({ topic, patientId: id, recipientUserIds, adminOnly, payload }) => ({
        topic,
        patientId: id,
        recipientUserIds,
        adminOnly,
        payload,
      })),
    ).toEqual([
      {
        topic: 'message.created',
        patientId,
        recipientUserIds: null,
        adminOnly: false,
        payload: { messageId: 'message-1' },
      },
      {
        topic: 'notification.created',
        patientId: null,
        recipientUserIds: ['user-a', 'user-b'],
        adminOnly: false,
        payload: { type: 'status_update' },
      },
      {
        topic: 'access-request.created',
        patientId: null,
        recipientUserIds: null,
        adminOnly: true,
        payload: {},
      },
      {
        topic: 'patient.created',
        patientId,
        recipientUserIds: null,
        adminOnly: false,
        payload: {},
      },
    ]);
    // Consecutive ids, so nothing of another publisher's lands between them.
    expect(rows.map((row) => row.id - rows[0]!.id)).toEqual([0, 1, 2, 3]);
  });

  it('publishes nothing for an empty batch', async () => {
    const before = await newestId();
    await publishEvents(server.context.db, []);
    expect(await eventsAfter(before)).toEqual([]);
  });
});
