import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accessGrants } from '#src/db/schema/index.ts';
import { getPatientId, getUserId } from '#src/modules/documents/document-test-support.ts';
import { openSse } from '#src/test/sse-client.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { grantAs } from './access-grant-test-support.ts';

type Stream = Awaited<ReturnType<typeof openSse>>;

/**
 * A grantee receives the patient's live events while the grant is active, and nothing once it
 * is revoked or has expired; someone without a grant never does. James Whitfield and Maria
 * Delgado are Harbor's patients; Summit (clinic2) and Keystone do not see them.
 */
describe('live events of a patient under temporary access', () => {
  let server: TestServer;
  let baseUrl: string;
  const cookies: Record<string, string> = {};
  const streams: Record<string, Stream> = {};

  beforeAll(async () => {
    server = await createTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    for (const email of ['admin', 'clinic', 'clinic2', 'keystone'])
      cookies[email] = await server.login(`${email}@demo.test`);
    for (const email of ['clinic', 'clinic2', 'keystone'])
      streams[email] = await openSse(`${baseUrl}/api/events`, { cookie: cookies[email]! });
  });
  afterAll(async () => {
    await Promise.all(Object.values(streams).map((stream) => stream.close()));
    await server.close();
  });

  const messagesAbout = (who: string, patientId: string) =>
    streams[who]!.changes().filter(
      (event) => event.topic === 'message.created' && event.patientId === patientId,
    ).length;

  /** Harbor writes in the patient's thread; resolves once Harbor's own stream has the event. */
  async function harborWrites(patientId: string): Promise<void> {
    const before = messagesAbout('clinic', patientId);
    const sent = await server.request({
      method: 'POST',
      url: `/api/patients/${patientId}/messages`,
      cookie: cookies.clinic,
      body: { body: 'Update from Harbor.' },
    });
    expect(sent.statusCode).toBe(201);
    await server.flushEvents();
    await streams.clinic!.waitFor(() => messagesAbout('clinic', patientId) > before);
    // Every stream got what it was going to get in the same delivery; allow the sockets a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  it('delivers while granted, stops at revocation, and never reaches an outsider', async () => {
    const james = await getPatientId(server, 'James Whitfield');
    const grant = (await grantAs(server, cookies.admin!, james, 'clinic2@demo.test')).json<{
      id: string;
    }>();
    await streams.clinic2!.waitFor(() =>
      streams.clinic2!.changes().some((event) => event.topic === 'access-grant.changed'),
    );
    await harborWrites(james);
    expect(messagesAbout('clinic2', james)).toBe(1);

    const revoked = await server.request({
      method: 'POST',
      url: `/api/patients/${james}/access-grants/${grant.id}/revoke`,
      cookie: cookies.admin,
    });
    expect(revoked.statusCode).toBe(204);
    await harborWrites(james);
    expect(messagesAbout('clinic2', james)).toBe(1);
    expect(messagesAbout('keystone', james)).toBe(0);
    expect(streams.keystone!.changes().filter((event) => event.patientId === james)).toEqual([]);
  });

  it('stops delivering when the grant expires, with no event to say so', async () => {
    const maria = await getPatientId(server, 'Maria Delgado');
    const admin = await getUserId(server, 'admin@demo.test');
    await server.context.db.insert(accessGrants).values({
      patientId: maria,
      userId: await getUserId(server, 'clinic2@demo.test'),
      reason: 'Weekend cover',
      expiresAt: sql`now() + interval '2 seconds'`,
      grantedBy: admin,
      grantedByName: 'Avery Admin',
    });
    await harborWrites(maria);
    expect(messagesAbout('clinic2', maria)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await harborWrites(maria);
    expect(messagesAbout('clinic2', maria)).toBe(1);
    expect(messagesAbout('keystone', maria)).toBe(0);
  });
});
