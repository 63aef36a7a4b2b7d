import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { count, like } from 'drizzle-orm';
import { rateLimitCounters } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { PUBLIC_RATE_LIMITS } from './rate-limits.ts';
import { countHit } from './rate-limit-store.ts';

/** Set when the run has a Redis server (scripts/test.mjs passes the machine's). */
const REDIS_URL = inject('redisUrl');
const { max } = PUBLIC_RATE_LIMITS.accessRequest;

/** A client address of its own per run, so counts left in Redis by an earlier run never meet it. */
function randomClientIp() {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** max + 1 access requests from one client, alternating between the instances. */
async function sendAlternating(servers: TestServer[], ip: string | ((index: number) => string)) {
  const codes: number[] = [];
  for (let index = 0; index <= max; index += 1) {
    const response = await servers[index % servers.length]!.app.inject({
      method: 'POST',
      url: '/api/access-requests',
      remoteAddress: typeof ip === 'string' ? ip : ip(index),
      payload: {
        name: 'Flood',
        email: `flood-${index}@example.com`,
        organization: 'Flood Co',
        phone: '1',
        role: 'other',
      },
    });
    codes.push(response.statusCode);
  }
  return codes;
}

const expectedCodes = [...Array<number>(max).fill(201), 429];

/** Two servers for the enclosing describe, started before its tests and closed after them. */
function useTwoInstances(start: () => Promise<TestServer[]>): TestServer[] {
  const instances: TestServer[] = [];
  beforeAll(async () => {
    instances.push(...(await start()));
  });
  afterAll(async () => {
    // Last first: a second instance may have joined the first one's database.
    for (const instance of instances.splice(0).toReversed()) await instance.close();
  });
  return instances;
}

describe('database rate-limit counter', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server.close());

  it('counts concurrent hits atomically within one window', async () => {
    const key = `test:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 40 }, () => countHit(server.context.db, key, 60_000)),
    );
    expect(results.map((result) => result.current).toSorted((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    for (const { ttl } of results) expect(ttl).toBeGreaterThan(0);
    for (const { ttl } of results) expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('restarts the count once the window is over', async () => {
    const key = `test:${randomUUID()}`;
    expect((await countHit(server.context.db, key, 200)).current).toBe(1);
    await sleep(300);
    expect((await countHit(server.context.db, key, 60_000)).current).toBe(1);
    expect((await countHit(server.context.db, key, 60_000)).current).toBe(2);
  });

  it('limits a public endpoint through the table', async () => {
    const ip = randomClientIp();
    expect(await sendAlternating([server], ip)).toEqual(expectedCodes);
    const rows = await server.context.db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.key, `%/api/access-requests-${ip}`));
    expect(rows).toEqual([{ hits: max + 1 }]);
  });

  it('counts a client that moves through its IPv6 /64 as one', async () => {
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    expect(
      await sendAlternating([server], (index) => `${network}:${(index + 1).toString(16)}::1`),
    ).toEqual(expectedCodes);
    const rows = await server.context.db
      .select({ key: rateLimitCounters.key, hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.key, `%${network}%`));
    expect(rows).toEqual([{ key: expect.stringContaining(`-${network}::/64`), hits: max + 1 }]);
  });
});

describe.runIf(inject('testTemplate').kind === 'postgres')(
  'rate limits shared by two instances on one PostgreSQL database',
  () => {
    const instances = useTwoInstances(async () => {
      const first = await createTestServer();
      return [first, await createTestServer({}, { joinDatabaseUrl: first.databaseUrl })];
    });

    it('refuses the client once both instances together reach the limit', async () => {
      expect(await sendAlternating(instances, randomClientIp())).toEqual(expectedCodes);
    });
  },
);

describe.runIf(REDIS_URL)('rate limits shared through Redis', () => {
  // Two databases: only Redis is shared, so a shared count can only come from there.
  const instances = useTwoInstances(async () => [
    await createTestServer({ REDIS_URL }),
    await createTestServer({ REDIS_URL }),
  ]);

  it('refuses the client once both instances together reach the limit', async () => {
    expect(await sendAlternating(instances, randomClientIp())).toEqual(expectedCodes);
    for (const server of instances) {
      const [rows] = await server.context.db.select({ n: count() }).from(rateLimitCounters);
      expect(Number(rows?.n)).toBe(0);
    }
  });
});
