import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#src/db/schema/index.ts';
import { openSse } from '#src/test/sse-client.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/** A stream makes no requests, so it must notice by itself when its session ends. */
describe('live stream and the session', () => {
  let server: TestServer;
  let baseUrl: string;
  beforeAll(async () => {
    server = await createTestServer();
    server.context.hub.heartbeatMs = 100;
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
  });

  const ended = (stream: Awaited<ReturnType<typeof openSse>>) =>
    stream.messages.some((message) => message.event === 'session-ended');

  it('ends the stream of a session left idle past the timeout', async () => {
    const cookie = await server.login('attorney@demo.test');
    const stream = await openSse(`${baseUrl}/api/events`, { cookie });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ended(stream)).toBe(false);
      await server.idleSessions('attorney@demo.test', 61);
      await stream.waitFor(() => ended(stream));
    } finally {
      await stream.close();
    }
  });

  it('ends the stream of a deactivated user', async () => {
    const cookie = await server.login('lienholder@demo.test');
    const stream = await openSse(`${baseUrl}/api/events`, { cookie });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ended(stream)).toBe(false);
      await server.context.db
        .update(users)
        .set({ active: false })
        .where(eq(users.email, 'lienholder@demo.test'));
      await stream.waitFor(() => ended(stream));
    } finally {
      await stream.close();
    }
  });
});
