import { describe, expect, it } from 'vitest';
import {
  createUserOf,
  enrolTotp,
  setRequiredMfaRoles,
  signInWithPassword,
} from '#src/test/mfa-user.ts';
import { expectEndedAtOnce, useStreamServer } from '#src/test/stream-server.ts';

/** The live stream is data too: a session without its second factor gets none of it. */
describe('live streams and the second factor', () => {
  const setup = useStreamServer();
  const streamStatus = async (cookie: string) =>
    (await setup.server.request({ url: '/api/events', cookie })).statusCode;

  it('a session pending its code cannot open the stream', async () => {
    const { server } = setup;
    const user = await createUserOf(server, 'clinic', 'mfa-stream-pending@test.example');
    await enrolTotp(server, (await signInWithPassword(server, user.email)).cookie);
    const pending = await signInWithPassword(server, user.email);
    expect(pending.secondFactor).toBe('pending');
    expect(await streamStatus(pending.cookie)).toBe(401);
  });

  it("'Require MFA' for a role ends the open streams of its users without a factor", async () => {
    const { server } = setup;
    const held = await createUserOf(server, 'attorney', 'mfa-stream-held@test.example');
    const enrolled = await createUserOf(server, 'attorney', 'mfa-stream-enrolled@test.example');
    const heldSession = await signInWithPassword(server, held.email);
    const enrolledCookie = (await signInWithPassword(server, enrolled.email)).cookie;
    await enrolTotp(server, enrolledCookie);
    const heldStream = await setup.openStream(heldSession.cookie);
    const enrolledStream = await setup.openStream(enrolledCookie);

    await setRequiredMfaRoles(server, await server.login('admin@demo.test'), ['attorney']);
    await expectEndedAtOnce(heldStream);
    expect(heldStream.isEnded()).toBe(true);
    expect(enrolledStream.isEnded()).toBe(false);
    expect(await streamStatus(heldSession.cookie)).toBe(403);
  });
});
