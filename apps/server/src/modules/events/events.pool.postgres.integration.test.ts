import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openSse } from '#src/test/sse-client.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * A storm of streams opening at once (every tab reconnecting after a deploy) must not take the
 * connections requests need: with the session already checked, opening a stream costs the
 * request pool nothing.
 */
describe.runIf(inject('testTemplate').kind === 'postgres')('opening live streams', () => {
  let server: TestServer;
  let baseUrl: string;
  let cookie: string;
  beforeAll(async () => {
    server = await createTestServer({ DATABASE_POOL_SIZE: '1' });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    cookie = await server.login('clinic@demo.test');
    // Checks the session once, so the streams below find it in this instance's cache.
    const checked = await server.request({ url: '/api/auth/session', cookie });
    if (checked.statusCode !== 200) throw new Error(`session check answered ${checked.statusCode}`);
  });
  afterAll(async () => server.close());

  it('opens while every request connection is taken', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isHolding = () => {};
    const holding = new Promise<void>((resolve) => {
      isHolding = resolve;
    });
    // The pool's one connection, busy until the streams have opened.
    const busy = server.context.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      isHolding();
      await held;
    });
    await holding;
    const streams = await Promise.all(
      Array.from({ length: 5 }, () => openSse(`${baseUrl}/api/events`, { cookie })),
    );
    try {
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      release();
      await busy;
      for (const stream of streams) await stream.close();
    }
  });
});
