import { eq } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '#src/db/schema/index.ts';
import { changeStatusAsUser, releaseHeldStatusChanges } from '#src/test/patient-writes.ts';
import { openSse } from '#src/test/sse-client.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

// A JSON list well over the 1 KB threshold: the clinic's directory of organisations.
const LIST = '/api/organizations';

describe('compressed API answers (@fastify/compress)', () => {
  let server: TestServer;
  let clinic: string;
  let identity: string;

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
    const plain = await server.request({ url: LIST, cookie: clinic });
    if (plain.statusCode !== 200) throw new Error(`GET ${LIST}: ${plain.statusCode}`);
    identity = plain.body;
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    server.request({
      url,
      cookie: clinic,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a JSON list of 1 KB or more as it is when the client accepts no encoding', async () => {
    expect(Buffer.byteLength(identity)).toBeGreaterThan(1024);
    const response = await get(LIST);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(identity);
    expect(() => JSON.parse(identity) as unknown).not.toThrow();
  });

  it('sends it brotli-encoded to a client that accepts brotli, preferring it to gzip', async () => {
    const response = await get(LIST, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(identity));
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(identity);
  });

  it('sends it gzip-encoded to a client that accepts only gzip', async () => {
    const response = await get(LIST, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(identity);
  });

  it('sends it as it is for an encoding it does not offer, or identity only', async () => {
    for (const acceptEncoding of ['identity', 'deflate', 'zstd']) {
      const response = await get(LIST, acceptEncoding);
      expect(response.headers['content-encoding'] ?? 'identity').toBe('identity');
      expect(response.body).toBe(identity);
    }
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const response = await get('/api/auth/session', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(response.body) as unknown).not.toThrow();
  });

  it('never encodes the live-event stream, and each event still arrives as it happens', async () => {
    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${baseUrl}/api/events`, {
      cookie: clinic,
      'accept-encoding': 'br, gzip',
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('content-encoding')).toBeNull();
      const [maria] = await server.context.db
        .select({ id: patients.id })
        .from(patients)
        .where(eq(patients.fullName, 'Maria Delgado'));
      const change = await changeStatusAsUser(server, {
        cookie: clinic,
        patientId: maria!.id,
        status: 'Evaluated',
      });
      expect(change.statusCode).toBe(200);
      await releaseHeldStatusChanges(server);
      await server.flushEvents();
      // The stream stays open: a compressing (buffering) stream would hold this event back.
      await stream.waitFor(() => stream.changes().some((event) => event.patientId === maria!.id));
      expect(stream.isEnded()).toBe(false);
    } finally {
      await stream.close();
    }
  });
});
