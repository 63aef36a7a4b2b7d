import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '#src/db/client.ts';
import { MAX_STREAMS_PER_USER } from '#src/events/event-hub.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import type { StreamSlotOptions } from './stream-slot-options.ts';
import { createPostgresStreamSlots } from './stream-slots-postgres.ts';
import { createRedisStreamSlots } from './stream-slots-redis.ts';
import type { StreamSlots } from './stream-slots.ts';

/** Set when the run has a Redis server (scripts/test.mjs passes the machine's). */
const REDIS_URL = inject('redisUrl');
const SHORT_TTL_MS = 2_500;

/** Two "instances": two StreamSlots objects, each on its own connection where the backend has one. */
type MakeInstances = (options: StreamSlotOptions) => Promise<[StreamSlots, StreamSlots]>;

function describeStreamSlots(
  name: string,
  setup: () => Promise<{ make: MakeInstances; close(): Promise<void> }>,
  isAvailable = true,
) {
  describe.runIf(isAvailable)(`${name} stream slots`, () => {
    let make: MakeInstances;
    let close: () => Promise<void>;
    const opened: StreamSlots[] = [];

    beforeAll(async () => {
      ({ make, close } = await setup());
    });
    afterAll(async () => {
      await Promise.all(opened.map((slots) => slots.close()));
      await close();
    });

    async function instances(options: Partial<StreamSlotOptions> = {}) {
      const pair = await make({ maxPerUser: MAX_STREAMS_PER_USER, ...options });
      opened.push(...pair);
      return pair;
    }

    it(`grants exactly ${MAX_STREAMS_PER_USER} of 12 concurrent acquires across two instances`, async () => {
      const [first, second] = await instances();
      const user = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) => (index % 2 ? first : second).acquire(user)),
      );
      const granted = results.filter((slot): slot is string => slot !== null);
      expect(granted).toHaveLength(MAX_STREAMS_PER_USER);
      expect(new Set(granted).size).toBe(MAX_STREAMS_PER_USER);
      // Another user is not affected by the first one's full set.
      expect(await second.acquire(randomUUID())).not.toBeNull();
    });

    it('frees a slot on release, on either instance', async () => {
      const [first, second] = await instances();
      const user = randomUUID();
      const slots = await Promise.all(
        Array.from({ length: MAX_STREAMS_PER_USER }, () => first.acquire(user)),
      );
      expect(await second.acquire(user)).toBeNull();
      await first.release(slots[0]!);
      const again = await second.acquire(user);
      expect(again).not.toBeNull();
      expect(await first.acquire(user)).toBeNull();
      // Releasing twice, or a slot that never existed, changes nothing.
      await first.release(slots[0]!);
      await first.release('not-a-slot');
      expect(await first.acquire(user)).toBeNull();
    });

    it('expires slots that are not refreshed and keeps those that are', async () => {
      const [crashed, alive] = await instances({ ttlMs: SHORT_TTL_MS });
      const user = randomUUID();
      await Promise.all(Array.from({ length: 5 }, () => crashed.acquire(user)));
      const kept = await Promise.all(Array.from({ length: 5 }, () => alive.acquire(user)));
      expect(await alive.acquire(user)).toBeNull();

      await sleep(SHORT_TTL_MS * 0.6);
      await alive.refresh(kept.filter((slot): slot is string => slot !== null));
      await sleep(SHORT_TTL_MS * 0.6);
      // The crashed instance's five lapsed; the refreshed five still count.
      const after = await Promise.all(Array.from({ length: 6 }, () => alive.acquire(user)));
      expect(after.filter((slot) => slot !== null)).toHaveLength(5);
    });
  });
}

describeStreamSlots('PostgreSQL', async () => {
  const server: TestServer = await createTestServer();
  const databases: Database[] = [];
  return {
    async make(options) {
      // On PostgreSQL each instance gets its own connection pool; PGlite is one process.
      if (!server.databaseUrl)
        return [
          createPostgresStreamSlots(server.context.db, options),
          createPostgresStreamSlots(server.context.db, options),
        ];
      const second = await openDatabase({ databaseUrl: server.databaseUrl });
      databases.push(second);
      return [
        createPostgresStreamSlots(server.context.db, options),
        createPostgresStreamSlots(second.db, options),
      ];
    },
    async close() {
      await Promise.all(databases.map((database) => database.close()));
      await server.close();
    },
  };
});

describeStreamSlots(
  'Redis',
  async () => ({
    make: async (options) => [
      createRedisStreamSlots(REDIS_URL, options),
      createRedisStreamSlots(REDIS_URL, options),
    ],
    close: async () => {},
  }),
  REDIS_URL !== '',
);
