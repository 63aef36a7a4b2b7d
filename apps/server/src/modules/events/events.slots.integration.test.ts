import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { count, eq, max } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { events, liveStreamSlots, users } from '#src/db/schema/index.ts';
import { MAX_STREAMS_PER_USER, STREAMS_CLOSED_MESSAGE } from '#src/events/event-hub.ts';
import { publishEvent } from '#src/events/outbox.ts';
import { createTokenAs, organizationOf } from '#src/modules/api-tokens/api-token-test-support.ts';
import { openSse } from '#src/test/sse-client.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * The live stream never hangs on a Last-Event-ID it cannot place, and its slot under the per-user
 * cap (lib/stream-slots.ts) is freed however the stream ends: closed by the client, aborted in
 * the middle of the handshake, ended with its session, or failed by a server error. Each case is
 * repeated, then the user must still be able to open exactly MAX_STREAMS_PER_USER streams.
 */

/** Set when the run has a Redis server (scripts/test.mjs passes the machine's). */
const REDIS_URL = inject('redisUrl');
const EMAIL = 'clinic@demo.test';
const REPEAT = 20;
const REDIS_KEY_PREFIX = 'casebridge:stream-slots:';

type Backend = {
  name: string;
  isAvailable: boolean;
  overrides: Record<string, string>;
  /** The slots the user holds in this backend right now. */
  heldSlots(server: TestServer, userId: string): Promise<number>;
  /** Forgets the user's slots that an earlier run may have left (Redis outlives the test). */
  reset(userId: string): Promise<void>;
  close(): Promise<void>;
};

function databaseBackend(): Backend {
  return {
    name: 'database',
    isAvailable: true,
    overrides: {},
    async heldSlots(server, userId) {
      const [row] = await server.context.db
        .select({ n: count() })
        .from(liveStreamSlots)
        .where(eq(liveStreamSlots.userId, userId));
      return Number(row?.n ?? 0);
    },
    reset: async () => {},
    close: async () => {},
  };
}

function redisBackend(): Backend {
  let redis: Redis | null = null;
  const client = () => (redis ??= new Redis(REDIS_URL));
  return {
    name: 'Redis',
    isAvailable: REDIS_URL !== '',
    overrides: { REDIS_URL },
    heldSlots: (_server, userId) => client().zcard(`${REDIS_KEY_PREFIX}${userId}`),
    async reset(userId) {
      await client().del(`${REDIS_KEY_PREFIX}${userId}`);
    },
    async close() {
      await redis?.quit();
    },
  };
}

/** Polls until `check` answers true; fails with what `describe` says about the last state. */
async function waitUntil(check: () => Promise<boolean>, describeState: () => Promise<string>) {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${await describeState()}`);
    await sleep(25);
  }
}

/** A promise with its resolve function, to hold a hub method until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** The raw text of a stream until it contains `until`, for frames the SSE reader skips. */
async function readRawStream(url: string, headers: Record<string, string>, until: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const decoder = new TextDecoder();
  let text = '';
  const timer = setTimeout(() => controller.abort(), 5_000);
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      if (text.includes(until)) break;
    }
  } catch {
    // Timed out: the assertions below say what was missing.
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return text;
}

const MALFORMED_LAST_EVENT_IDS = [
  '2^63',
  '9223372036854775808',
  '9223372036854775807',
  '9007199254740993',
  '1.5',
  '-1',
  'abc',
  '1e3',
  '0x10',
  '1234567890'.repeat(4),
] as const;

const FULL_CAP = { opened: MAX_STREAMS_PER_USER, refused: 429, retryAfter: '30' };

function describeStreamSlotLeaks(backend: Backend) {
  describe.runIf(backend.isAvailable)(`live stream slots (${backend.name})`, () => {
    let server: TestServer;
    let url: string;
    let userId: string;

    const newestEventId = async () =>
      Number((await server.context.db.select({ id: max(events.id) }).from(events))[0]?.id ?? 0);
    const heldSlots = () => backend.heldSlots(server, userId);
    const describeState = async () =>
      `${await heldSlots()} slots held, ${server.context.hub.size} streams in the hub`;
    /** Every stream is gone from the hub and every slot released. */
    const waitForNoStreams = () =>
      waitUntil(
        async () => server.context.hub.size === 0 && (await heldSlots()) === 0,
        describeState,
      );

    /**
     * What a fresh sign-in gets when nothing leaked: exactly MAX_STREAMS_PER_USER streams, then a
     * 429 that says when to retry (FULL_CAP).
     */
    async function openToTheCap() {
      await waitForNoStreams();
      const cookie = await server.login(EMAIL);
      const streams = await Promise.all(
        Array.from({ length: MAX_STREAMS_PER_USER }, () => openSse(url, { cookie })),
      );
      try {
        const refused = await fetch(url, { headers: { cookie } });
        await refused.body?.cancel();
        return {
          opened: streams.filter((stream) => stream.status === 200).length,
          refused: refused.status,
          retryAfter: refused.headers.get('retry-after'),
        };
      } finally {
        await Promise.all(streams.map((stream) => stream.close()));
        await waitForNoStreams();
      }
    }

    beforeAll(async () => {
      server = await createTestServer(backend.overrides);
      url = `${await server.app.listen({ port: 0, host: '127.0.0.1' })}/api/events`;
      const [user] = await server.context.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, EMAIL));
      userId = user!.id;
      await backend.reset(userId);
    });
    afterEach(() => {
      vi.restoreAllMocks();
      server.context.hub.heartbeatMs = 15_000;
    });
    afterAll(async () => {
      await server.close();
      await backend.reset(userId);
      await backend.close();
    });

    it(`answers ${REPEAT} malformed or future Last-Event-IDs with a resync, then live events`, async () => {
      const cookie = await server.login(EMAIL);
      for (let index = 0; index < REPEAT; index += 1) {
        const newest = await newestEventId();
        // Every malformed id, and one from the future (a client of a database since restored).
        const values = [...MALFORMED_LAST_EVENT_IDS, String(newest + 1)];
        const value = values[index % values.length]!;
        // Half as the header, half as the query parameter of clients that cannot set headers.
        const viaHeader = index % 2 === 0;
        const stream = viaHeader
          ? await openSse(url, { cookie, 'last-event-id': value })
          : await openSse(`${url}?lastEventId=${encodeURIComponent(value)}`, { cookie });
        try {
          expect({ value, status: stream.status }).toEqual({ value, status: 200 });
          await stream.waitFor(() => stream.messages.some((message) => message.event === 'resync'));
          const resync = stream.messages.find((message) => message.event === 'resync');
          expect({ value, resyncId: resync?.id }).toEqual({ value, resyncId: String(newest) });
          // The stream is live after the resync: a new event arrives.
          await publishEvent(server.context.db, { topic: 'settings.changed' });
          await server.flushEvents();
          await stream.waitFor(() => stream.changes().some((event) => event.id > newest));
          expect(stream.changes().every((event) => event.id > newest)).toBe(true);
        } finally {
          await stream.close();
        }
      }
      expect(await openToTheCap()).toEqual(FULL_CAP);
    });

    it('treats an empty Last-Event-ID as absent: no resync, no replay, live events', async () => {
      const cookie = await server.login(EMAIL);
      const newest = await newestEventId();
      const stream = await openSse(url, { cookie, 'last-event-id': '' });
      try {
        expect(stream.status).toBe(200);
        await publishEvent(server.context.db, { topic: 'settings.changed' });
        await server.flushEvents();
        await stream.waitFor(() => stream.changes().length > 0);
        expect(stream.messages.some((message) => message.event === 'resync')).toBe(false);
        expect(stream.changes().every((event) => event.id > newest)).toBe(true);
      } finally {
        await stream.close();
      }
      expect(await openToTheCap()).toEqual(FULL_CAP);
    });

    it(`frees the slots of ${REPEAT} streams the client closed, one by one and all at once`, async () => {
      const cookie = await server.login(EMAIL);
      for (let index = 0; index < REPEAT; index += 1) {
        const stream = await openSse(url, { cookie });
        expect(stream.status).toBe(200);
        await stream.close();
      }
      for (let round = 0; round < REPEAT / MAX_STREAMS_PER_USER; round += 1) {
        await waitForNoStreams();
        const streams = await Promise.all(
          Array.from({ length: MAX_STREAMS_PER_USER }, () => openSse(url, { cookie })),
        );
        expect(streams.every((stream) => stream.status === 200)).toBe(true);
        await Promise.all(streams.map((stream) => stream.close()));
      }
      expect(await openToTheCap()).toEqual(FULL_CAP);
    });

    it(`frees the slot of ${REPEAT} streams aborted while the slot was being taken`, async () => {
      const cookie = await server.login(EMAIL);
      const { hub } = server.context;
      const reserve = hub.reserveStream.bind(hub);
      for (let index = 0; index < REPEAT; index += 1) {
        const reached = gate();
        const release = gate();
        vi.spyOn(hub, 'reserveStream').mockImplementation(async (id) => {
          reached.open();
          await release.opened;
          return reserve(id);
        });
        const controller = new AbortController();
        const request = fetch(url, { headers: { cookie }, signal: controller.signal }).catch(
          () => null,
        );
        await reached.opened;
        controller.abort();
        await request;
        // Alternately before and after the server has seen the socket close.
        if (index % 2 === 0) await sleep(20);
        release.open();
        vi.restoreAllMocks();
      }
      expect(await openToTheCap()).toEqual(FULL_CAP);
    });

    it(`frees the slot of ${REPEAT} streams aborted during the replay`, async () => {
      const cookie = await server.login(EMAIL);
      const { hub } = server.context;
      const replay = hub.replayMissed.bind(hub);
      const from = String(await newestEventId());
      for (let index = 0; index < REPEAT; index += 1) {
        const reached = gate();
        const release = gate();
        vi.spyOn(hub, 'replayMissed').mockImplementation(async (actor, afterId) => {
          reached.open();
          await release.opened;
          return replay(actor, afterId);
        });
        const controller = new AbortController();
        const request = fetch(url, {
          headers: { cookie, 'last-event-id': from },
          signal: controller.signal,
        }).catch(() => null);
        await reached.opened;
        controller.abort();
        await request;
        if (index % 2 === 0) await sleep(20);
        release.open();
        vi.restoreAllMocks();
      }
      expect(await openToTheCap()).toEqual(FULL_CAP);
    });

    it(`frees the slot of ${REPEAT} requests aborted at a random moment`, async () => {
      const cookie = await server.login(EMAIL);
      for (let index = 0; index < REPEAT; index += 1) {
        const controller = new AbortController();
        const request = fetch(url, {
          headers: { cookie, 'last-event-id': index % 2 === 0 ? '1' : 'abc' },
          signal: controller.signal,
        }).catch(() => null);
        await sleep(index % 5);
        controller.abort();
        await request;
      }
      expect(await openToTheCap()).toEqual(FULL_CAP);
    });

    it(`frees the slots of ${REPEAT} streams whose session expired while streaming`, async () => {
      server.context.hub.heartbeatMs = 100;
      for (let round = 0; round < REPEAT / MAX_STREAMS_PER_USER; round += 1) {
        await waitForNoStreams();
        const cookie = await server.login(EMAIL);
        const streams = await Promise.all(
          Array.from({ length: MAX_STREAMS_PER_USER }, () => openSse(url, { cookie })),
        );
        try {
          expect(streams.every((stream) => stream.status === 200)).toBe(true);
          await server.idleSessions(EMAIL, 61);
          for (const stream of streams)
            await stream.waitFor(() =>
              stream.messages.some((message) => message.event === 'session-ended'),
            );
          // The server ended them itself, without the client closing anything.
          await waitForNoStreams();
        } finally {
          await Promise.all(streams.map((stream) => stream.close()));
        }
      }
      expect(await openToTheCap()).toEqual(FULL_CAP);
    });

    it('answers a failed slot store with an error and holds nothing', async () => {
      const cookie = await server.login(EMAIL);
      vi.spyOn(server.context.hub, 'reserveStream').mockRejectedValue(new Error('store away'));
      for (let index = 0; index < REPEAT; index += 1) {
        const response = await fetch(url, { headers: { cookie } });
        expect(response.status).toBe(500);
        expect(await response.json()).toMatchObject({ error: { code: 'INTERNAL' } });
      }
      vi.restoreAllMocks();
      expect(await openToTheCap()).toEqual(FULL_CAP);
    });

    it('ends the stream and frees its slot when the replay fails', async () => {
      const cookie = await server.login(EMAIL);
      vi.spyOn(server.context.hub, 'replayMissed').mockRejectedValue(new Error('database away'));
      for (let index = 0; index < REPEAT; index += 1) {
        const stream = await openSse(url, { cookie, 'last-event-id': '1' });
        expect(stream.status).toBe(200);
        // Ended by the server (the browser reconnects), not left open without a replay.
        await stream.waitFor(() => stream.isEnded());
        await stream.close();
      }
      vi.restoreAllMocks();
      expect(await openToTheCap()).toEqual(FULL_CAP);
    });

    it('frees the slot when registering the stream fails after the slot was taken', async () => {
      const cookie = await server.login(EMAIL);
      vi.spyOn(server.context.hub, 'add').mockImplementation(() => {
        throw new Error('hub broken');
      });
      for (let index = 0; index < REPEAT; index += 1) {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 3_000);
        const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
        // Never a stream that stays open without delivering: an error, or a stream that ends.
        const body: unknown = await response.json();
        clearTimeout(timer);
        expect({ status: response.status, body }).toEqual({
          status: 500,
          body: { error: { code: 'INTERNAL', message: expect.any(String) } },
        });
      }
      vi.restoreAllMocks();
      expect(await openToTheCap()).toEqual(FULL_CAP);
    });

    it('refuses an API token (the stream is for sessions) without taking a slot', async () => {
      const admin = await server.login('admin@demo.test');
      const { secret } = await createTokenAs(server, admin, {
        name: 'Stream probe',
        organizationId: await organizationOf(server, EMAIL),
        capabilities: ['patients:read'],
      });
      const response = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      expect(await heldSlots()).toBe(0);
    });

    it('sends the retry hint, a connected comment and a ping comment at each heartbeat', async () => {
      const cookie = await server.login(EMAIL);
      server.context.hub.heartbeatMs = 100;
      const text = await readRawStream(url, { cookie }, ': ping\n\n: ping\n\n');
      expect(text).toBe('retry: 2000\n\n: connected\n\n: ping\n\n: ping\n\n');
      expect(await openToTheCap()).toEqual(FULL_CAP);
    });
  });
}

describeStreamSlotLeaks(databaseBackend());
describeStreamSlotLeaks(redisBackend());

describe('live streams once the instance has begun to shut down', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('ends the open streams, then refuses a new one with 503 and frees its slot', async () => {
    const url = `${await server.app.listen({ port: 0, host: '127.0.0.1' })}/api/events`;
    const cookie = await server.login(EMAIL);
    const [user] = await server.context.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, EMAIL));
    const open = await openSse(url, { cookie });
    expect(open.status).toBe(200);

    // What the server's close() does first: a stream that arrives after it, such as one whose
    // session was still being read, must not stay open and hold the close to its deadline.
    server.context.hub.closeStreams();
    await open.waitFor(() => open.isEnded());
    const refused = await fetch(url, { headers: { cookie } });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({
      error: { code: 'UNAVAILABLE', message: STREAMS_CLOSED_MESSAGE },
    });
    expect(server.context.hub.size).toBe(0);
    const heldSlots = () => databaseBackend().heldSlots(server, user!.id);
    await waitUntil(
      async () => (await heldSlots()) === 0,
      async () => `${await heldSlots()} slots held`,
    );
    await open.close();
  });
});
