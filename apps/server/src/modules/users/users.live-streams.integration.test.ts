import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations } from '#src/db/schema/index.ts';
import { openSse } from '#src/test/sse-client.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * A role or organisation change ends the user's sessions and live streams at once: the change's
 * own `user.changed` event makes every instance re-check its streams,
 * long before the 15 s heartbeat would.
 */
describe('an access change ends the user’s live streams at once', () => {
  let server: TestServer;
  let baseUrl: string;
  let admin: string;

  beforeAll(async () => {
    server = await createTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await server.login('admin@demo.test');
  });
  afterAll(async () => {
    await server.close();
  });

  const findUser = async (email: string) => {
    const list = await server.request({
      url: `/api/users?search=${encodeURIComponent(email)}`,
      cookie: admin,
    });
    return list.json().items.find((item: { email: string }) => item.email === email);
  };
  const organizationId = async (name: string) =>
    (await server.context.db.select().from(organizations).where(eq(organizations.name, name)))[0]!
      .id;

  it.each([
    ['a role change', 'attorney2@demo.test', 'lienholder', 'MedLien Funding Partners'],
    ['an organisation change', 'clinic2@demo.test', 'clinic', 'Harbor Physical Therapy'],
  ] as const)('%s', async (_change, email, role, organization) => {
    // The heartbeat would notice only after 15 s; the stream must end long before.
    expect(server.context.hub.heartbeatMs).toBeGreaterThanOrEqual(15_000);
    const cookie = await server.login(email);
    const stream = await openSse(`${baseUrl}/api/events`, { cookie });
    try {
      expect(stream.status).toBe(200);
      const user = await findUser(email);
      const answer = await server.request({
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        cookie: admin,
        body: {
          name: user.name,
          role,
          organizationId: await organizationId(organization),
          version: user.version,
        },
      });
      expect(answer.statusCode).toBe(200);
      await stream.waitFor(() => stream.isEnded(), 3_000);
      expect((await server.request({ url: '/api/auth/session', cookie })).statusCode).toBe(401);
    } finally {
      await stream.close();
    }
  });
});
