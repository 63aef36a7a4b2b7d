import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { events } from '#src/db/schema/index.ts';
import { subscribeAs } from '#src/modules/documents/document-test-support.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { EVENT_RETENTION_DAYS, pruneEvents } from './event-retention.ts';
import { publishEvent } from './outbox.ts';

describe('event retention', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server.close());

  const ids = async () =>
    (await server.context.db.select({ id: events.id }).from(events).orderBy(asc(events.id))).map(
      (row) => row.id,
    );

  it(`prunes events older than ${EVENT_RETENTION_DAYS} days, keeps the rest, and replay from before them resyncs`, async () => {
    const db = server.context.db;
    for (let index = 0; index < 4; index += 1)
      await publishEvent(db, { topic: 'settings.changed' });
    const all = await ids();
    const [oldest, second, third] = all.slice(-4);
    // The first two are past retention; the third is just inside it.
    await db.execute(
      sql`update events set created_at = now() - interval '8 days' where id <= ${second!}`,
    );
    await db.execute(
      sql`update events set created_at = now() - interval '6 days' where id = ${third!}`,
    );

    // The webhook fan-out has read them all (it keeps what it has not: webhooks tests).
    await server.jobs.runDue({ names: ['webhooks.fan-out'] });
    await pruneEvents(db);
    const kept = await ids();
    expect(kept.filter((id) => id <= second!)).toEqual([]);
    expect(kept).toContain(third);

    const { actor, remove } = await subscribeAs(server, 'attorney@demo.test');
    remove();
    // A browser last seen before the pruned events cannot be replayed exactly: resync.
    const tooOld = await server.context.hub.replayMissed(actor, oldest! - 1);
    expect(tooOld).toEqual({ events: [], resyncId: kept.at(-1) });
    // One last seen at the newest pruned event still gets everything after it.
    const recent = await server.context.hub.replayMissed(actor, second!);
    expect(recent.resyncId).toBeNull();
    expect(recent.events.map((event) => event.id)).toEqual(kept.filter((id) => id > second!));
  });

  it('never prunes the newest event, so an idle system still tells pruned from quiet', async () => {
    const db = server.context.db;
    await publishEvent(db, { topic: 'settings.changed' });
    await db.execute(sql`update events set created_at = now() - interval '30 days'`);
    await server.jobs.runDue({ names: ['webhooks.fan-out'] });
    await pruneEvents(db);
    expect(await ids()).toHaveLength(1);
  });
});
