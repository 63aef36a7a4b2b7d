import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from '#src/test/sse-client.ts';
import {
  createUserOf,
  enrolTotp,
  setRequiredMfaRoles,
  signInWithPassword,
} from '#src/test/mfa-user.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

type Stream = Awaited<ReturnType<typeof openSse>>;

/** The live stream is data too: a session without its second factor gets none of it. */
describe('live streams and the second factor', () => {
  let server: TestServer;
  let baseUrl: string;
  const streams: Stream[] = [];

  beforeAll(async () => {
    server = await createTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    await server.close();
  });

  const openStream = async (cookie: string) => {
    const stream = await openSse(`${baseUrl}/api/events`, { cookie });
    streams.push(stream);
    return stream;
  };

  it('a session pending its code cannot open the stream', async () => {
    const user = await createUserOf(server, 'clinic', 'mfa-stream-pending@test.example');
    await enrolTotp(server, (await signInWithPassword(server, user.email)).cookie);
    const pending = await signInWithPassword(server, user.email);
    expect(pending.secondFactor).toBe('pending');
    expect((await openStream(pending.cookie)).status).toBe(401);
  });

  it("'Require MFA' for a role ends the open streams of its users without a factor", async () => {
    const held = await createUserOf(server, 'attorney', 'mfa-stream-held@test.example');
    const enrolled = await createUserOf(server, 'attorney', 'mfa-stream-enrolled@test.example');
    const heldSession = await signInWithPassword(server, held.email);
    const enrolledCookie = (await signInWithPassword(server, enrolled.email)).cookie;
    await enrolTotp(server, enrolledCookie);
    const heldStream = await openStream(heldSession.cookie);
    const enrolledStream = await openStream(enrolledCookie);
    expect([heldStream.status, enrolledStream.status]).toEqual([200, 200]);

    await setRequiredMfaRoles(server, await server.login('admin@demo.test'), ['attorney']);
    await heldStream.waitFor(() => heldStream.isEnded(), 3_000);
    expect(heldStream.isEnded()).toBe(true);
    expect(enrolledStream.isEnded()).toBe(false);
    expect((await openStream(heldSession.cookie)).status).toBe(403);
  });
});
