import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from './db/schema/index.ts';
import { EnvError, parseEnv } from './env.ts';
import { openSse } from './test/sse-client.ts';
import { createTestServer, type TestServer } from './test/test-server.ts';
import { changeStatusAsUser } from './test/patient-writes.ts';

const REQUEST_TIMEOUT_MS = 800;
const HEADERS_TIMEOUT_MS = 500;
/** Timeout plus Node's checking interval plus slack for a busy 2-core machine. */
const CUT_OFF_WITHIN_MS = 4_000;

type Stalled = { response: string; elapsedMs: number };

/** Sends the start of a request, then nothing more: resolves when the server closes the socket. */
function sendAndStall(port: number, start: string): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
    let response = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (response += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ response, elapsedMs: Date.now() - startedAt }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept a stalled request open: ${JSON.stringify(response)}`));
    }, CUT_OFF_WITHIN_MS);
  });
}

describe('slow clients are timed out, live streams are not', () => {
  let server: TestServer;
  let baseUrl: string;
  let port: number;

  beforeAll(async () => {
    server = await createTestServer({
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(baseUrl).port);
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 408 to a request whose body stalls after the headers', async () => {
    const body = JSON.stringify({ email: 'clinic@demo.test', password: 'demo-password-2026' });
    const stalled = await sendAndStall(
      port,
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    expect(stalled.response).toMatch(/^HTTP\/1\.1 408 /);
    expect(stalled.elapsedMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
  });

  it('closes a connection whose headers never finish', async () => {
    const stalled = await sendAndStall(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // Node answers 408 where it still can; a plain close is as good for a stalled client.
    expect(stalled.response === '' || stalled.response.startsWith('HTTP/1.1 408 ')).toBe(true);
    expect(stalled.elapsedMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
  });

  it('keeps an idle keep-alive connection open past the headers timeout', async () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    let received = '';
    socket.on('data', (chunk: string) => (received += chunk));
    const ask = async () => {
      received = '';
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const deadline = Date.now() + CUT_OFF_WITHIN_MS;
      while (!received.includes('"status"') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return received;
    };
    try {
      expect(await ask()).toMatch(/^HTTP\/1\.1 200 /);
      // Idle between requests is keepAliveTimeout's business, not the headers timeout's.
      await new Promise((resolve) => setTimeout(resolve, HEADERS_TIMEOUT_MS * 3));
      expect(socket.destroyed).toBe(false);
      expect(await ask()).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      socket.destroy();
    }
  });

  it('leaves a live event stream open well past the request timeout', async () => {
    const clinic = await server.login('clinic@demo.test');
    const stream = await openSse(`${baseUrl}/api/events`, { cookie: clinic });
    try {
      expect(stream.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS * 3));
      // Still delivering: a change made now arrives on the stream opened before the wait.
      const [maria] = await server.context.db
        .select()
        .from(patients)
        .where(eq(patients.fullName, 'Maria Delgado'));
      const changed = await changeStatusAsUser(server, {
        cookie: clinic,
        patientId: maria!.id,
        status: 'Evaluated',
      });
      expect(changed.statusCode).toBe(200);
      await server.flushEvents();
      await stream.waitFor(() => stream.changes().some((event) => event.patientId === maria!.id));
    } finally {
      await stream.close();
    }
  });
});

describe('request timeout configuration', () => {
  const base = { AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789' };

  it('defaults to 120 s for a whole request and 15 s for its headers', () => {
    expect(parseEnv(base)).toMatchObject({ requestTimeoutMs: 120_000, headersTimeoutMs: 15_000 });
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() =>
      parseEnv({ ...base, REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' }),
    ).toThrow(EnvError);
  });
});
