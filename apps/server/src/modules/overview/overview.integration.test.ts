import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANIZATIONS, DEMO_PATIENTS, DEMO_USERS } from '#src/db/seed/demo-data.ts';
import { users } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

describe('GET /api/admin/overview', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives admins the real counts', async () => {
    const cookie = await server.login('admin@demo.test');
    const userCount = (await server.context.db.select().from(users)).length;
    const response = await server.request({ url: '/api/admin/overview', cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalUsers).toBe(userCount);
    expect(body.totalUsers).toBeGreaterThanOrEqual(DEMO_USERS.length);
    expect(body.organizations).toEqual({
      clinics: DEMO_ORGANIZATIONS.filter((org) => org.kind === 'clinic').length,
      firms: DEMO_ORGANIZATIONS.filter((org) => org.kind === 'firm').length,
      lienholders: DEMO_ORGANIZATIONS.filter((org) => org.kind === 'lienholder').length,
    });
    expect(body.patients.total).toBe(DEMO_PATIENTS.length);
    expect(body.patients.byStatus.Discharged).toBe(
      DEMO_PATIENTS.filter((patient) => patient.status === 'Discharged').length,
    );
  });

  it.each(['clinic@demo.test', 'attorney@demo.test', 'lienholder@demo.test'])(
    'refuses %s',
    async (email) => {
      const response = await server.request({
        url: '/api/admin/overview',
        cookie: await server.login(email),
      });
      expect(response.statusCode).toBe(403);
    },
  );
});
