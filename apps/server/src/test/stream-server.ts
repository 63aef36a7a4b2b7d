import { afterAll, beforeAll, expect } from 'vitest';
import { openSse } from './sse-client.ts';
import { createTestServer, type TestServer } from './test-server.ts';

export type Stream = Awaited<ReturnType<typeof openSse>>;

/**
 * A test server listening on a port for the enclosing `describe`, so that tests can open real
 * live streams; the streams are closed, then the server, after the tests.
 */
export function useStreamServer() {
  let server: TestServer | undefined;
  let baseUrl = '';
  const streams: Stream[] = [];
  beforeAll(async () => {
    server = await createTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('useStreamServer: the server exists once beforeAll has run');
      return server;
    },
    /** Opens the event stream of the session behind `cookie` (on another instance's URL if given). */
    async openStream(cookie: string, url = baseUrl): Promise<Stream> {
      const stream = await openSse(`${url}/api/events`, { cookie });
      streams.push(stream);
      expect(stream.status).toBe(200);
      return stream;
    },
  };
}

/** The server ended the stream within `timeoutMs`, and it delivered no change before that. */
export async function expectEndedAtOnce(stream: Stream, timeoutMs = 3_000): Promise<void> {
  await stream.waitFor(() => stream.isEnded(), timeoutMs);
  expect(stream.changes()).toEqual([]);
}
