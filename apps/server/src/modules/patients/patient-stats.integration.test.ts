import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLienholderCounters } from '@casebridge/domain/patients/dashboard-counters';
import {
  TREATMENT_STATUSES,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import { DEMO_ORGANIZATIONS } from '#src/db/seed/demo-data.ts';
import { organizations, users } from '#src/db/schema/index.ts';
import { listVisibleDemoPatients, type ScopedDemoPatient } from '#src/test/demo-scope.ts';
import { createTestServer, type DemoEmail, type TestServer } from '#src/test/test-server.ts';

/**
 * The dashboards' counters come from the server's counts per status, taken in SQL within the
 * user's scope (GET /api/patients/stats); the dashboards only name them with the domain rules.
 * Expected numbers are derived from the seed data itself.
 */
const EMAILS = [
  'admin@demo.test',
  'clinic@demo.test',
  'attorney@demo.test',
  'lienholder@demo.test',
  'keystone@demo.test',
] as const satisfies readonly DemoEmail[];

function expectedStats(email: string, extra: ScopedDemoPatient[] = []) {
  const visible = listVisibleDemoPatients(email, extra);
  const byStatus = Object.fromEntries(
    TREATMENT_STATUSES.map((status) => [
      status,
      visible.filter((patient) => patient.status === status).length,
    ]),
  ) as Record<TreatmentStatus, number>;
  return { total: visible.length, byStatus };
}

describe('dashboard counts per role', () => {
  let server: TestServer;
  const cookies = {} as Record<(typeof EMAILS)[number], string>;
  const getStats = async (email: (typeof EMAILS)[number]) => {
    const response = await server.request({ url: '/api/patients/stats', cookie: cookies[email] });
    expect(response.statusCode).toBe(200);
    return response.json() as ReturnType<typeof expectedStats>;
  };

  beforeAll(async () => {
    server = await createTestServer();
    for (const email of EMAILS) cookies[email] = await server.login(email);
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(EMAILS)(
    '%s: the counts per status are over exactly the patients in scope',
    async (email) => {
      expect(await getStats(email)).toEqual(expectedStats(email));
    },
  );

  it('the lienholder dashboard counts only the lienholder’s linked patients', async () => {
    const medlien = await getStats('lienholder@demo.test');
    const expected = expectedStats('lienholder@demo.test');
    const discharged = expected.byStatus.Discharged;
    expect(getLienholderCounters(medlien)).toEqual({
      linkedPatients: expected.total,
      inTreatment: expected.total - expected.byStatus.Referred - discharged,
      discharged,
    });
    // Neither all patients nor another lienholder's.
    const all = await getStats('admin@demo.test');
    const keystone = await getStats('keystone@demo.test');
    expect(medlien.total).toBeLessThan(all.total);
    expect(getLienholderCounters(keystone)).not.toEqual(getLienholderCounters(medlien));
  });

  it('a patient linked to one lienholder counts for it and its admin, not for an outsider', async () => {
    const orgIds = Object.fromEntries(
      (
        await server.context.db
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
      ).map((row) => [row.name, row.id]),
    );
    const orgId = (key: string) => orgIds[DEMO_ORGANIZATIONS.find((org) => org.key === key)!.name]!;
    const before = Object.fromEntries(
      await Promise.all(EMAILS.map(async (email) => [email, await getStats(email)] as const)),
    );
    const created = await server.request({
      method: 'POST',
      url: '/api/patients',
      cookie: cookies['admin@demo.test'],
      body: {
        fullName: 'Keystone Only',
        dob: '1984-05-06',
        clinicIds: [orgId('summit')],
        firmId: orgId('castillo'),
        lienholderIds: [orgId('keystone')],
      },
    });
    expect(created.statusCode).toBe(201);
    const extra: ScopedDemoPatient[] = [
      { status: 'Referred', clinics: ['summit'], firm: 'castillo', lienholders: ['keystone'] },
    ];
    for (const email of EMAILS) expect(await getStats(email)).toEqual(expectedStats(email, extra));
    // The outsiders' counters did not move; the linked lienholder's did.
    for (const email of ['clinic@demo.test', 'attorney@demo.test', 'lienholder@demo.test'] as const)
      expect(await getStats(email)).toEqual(before[email]);
    expect(getLienholderCounters(await getStats('keystone@demo.test')).linkedPatients).toBe(
      getLienholderCounters(before['keystone@demo.test']!).linkedPatients + 1,
    );
  });

  it('a lienholder user without a lienholder gets no counts', async () => {
    const [keystoneUser] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'keystone@demo.test'));
    // Simulate a broken account: a lienholder user whose lienholder link is gone.
    await server.context.db.execute(
      sql`alter table users drop constraint users_organization_check`,
    );
    await server.context.db
      .update(users)
      .set({ organizationId: null })
      .where(eq(users.id, keystoneUser!.id));
    // Written past the routes: on PostgreSQL the cached session check learns of it by NOTIFY
    // (auth/session-cache.ts), a moment later.
    const stats = () =>
      server.request({ url: '/api/patients/stats', cookie: cookies['keystone@demo.test'] });
    await expect
      .poll(async () => (await stats()).statusCode, { timeout: 1_000, interval: 20 })
      .toBe(403);
    expect((await stats()).json().error.message).toBe(
      'Lienholder user missing lienholder association',
    );
  });
});
