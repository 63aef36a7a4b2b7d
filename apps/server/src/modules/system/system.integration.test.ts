import { describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { ZSystemOverview, type TSystemOverview } from '@casebridge/domain/admin/system.schemas';
import { serverInstances } from '#src/db/schema/index.ts';
import { createTokenAs, requestWithToken } from '#src/modules/api-tokens/api-token-test-support.ts';
import { useTestServer } from '#src/test/test-server.ts';
import { buildInfo } from '#src/version.ts';
import { readMigrationJournal } from './migration-status.ts';

const OTHERS = ['clinic@demo.test', 'attorney@demo.test', 'lienholder@demo.test'] as const;

/** A row as another instance's heartbeat writes it, last seen `secondsAgo` by the database. */
const otherInstance = (id: string, version: string, secondsAgo: number) => ({
  id,
  hostname: 'app-2.internal',
  pid: 4242,
  version,
  commit: 'feedc0ffee00',
  startedAt: new Date(Date.now() - 3_600_000),
  lastSeenAt: sql`now() - ${`${secondsAgo} seconds`}::interval`,
});

describe('GET /api/admin/system', () => {
  const setup = useTestServer('admin@demo.test');
  const read = async () => {
    const response = await setup.server.request({ url: '/api/admin/system', cookie: setup.cookie });
    expect(response.statusCode).toBe(200);
    return ZSystemOverview.parse(response.json());
  };

  it('shows an admin the health, this build, the migrations, this instance and the queues', async () => {
    const overview = await read();
    const health = (await setup.server.request({ url: '/api/health' })).json();
    expect(overview.health.status).toBe(health.status);
    expect(
      Object.fromEntries(overview.health.checks.map((check) => [check.name, check.status])),
    ).toEqual(health.checks);
    expect(overview.health.checks.find((check) => check.name === 'redis')).toEqual({
      name: 'redis',
      status: 'not_configured',
      message: 'Not configured: limits and stream slots are kept in the database',
    });
    expect(overview.build).toEqual(buildInfo());

    const journal = await readMigrationJournal();
    expect(overview.migrations).toEqual({
      applied: journal.length,
      known: journal.length,
      latest: { tag: journal.at(-1)!.tag, createdAt: new Date(journal.at(-1)!.when).toISOString() },
      pending: [],
      unknown: [],
    });

    const { instance } = setup.server.context;
    expect(overview.instances).toContainEqual({
      id: instance.id,
      hostname: instance.hostname,
      pid: process.pid,
      version: buildInfo().version,
      commit: buildInfo().commit,
      startedAt: instance.startedAt.toISOString(),
      lastSeenAt: expect.any(String),
      isCurrent: true,
    });
    expect(overview.queues.map((queue) => queue.name)).toContain('patient-status.release');
  });

  it("says what a failing dependency means, with the probe's error", async () => {
    const { storage } = setup.server.context;
    const exists = storage.exists;
    storage.exists = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000'));
    try {
      const { health } = await read();
      expect(health.status).toBe('degraded');
      expect(health.checks.find((check) => check.name === 'storage')).toEqual({
        name: 'storage',
        status: 'unavailable',
        message:
          'Does not answer: documents cannot be uploaded or read (connect ECONNREFUSED 127.0.0.1:9000)',
      });
    } finally {
      storage.exists = exists;
    }
  });

  it('lists another instance seen in the last minute, and not one last seen 2 minutes ago', async () => {
    const { db } = setup.server.context;
    const ids = ['instance-newer', 'instance-gone'];
    await db
      .insert(serverInstances)
      .values([otherInstance(ids[0]!, '9.9.9', 5), otherInstance(ids[1]!, '0.0.1', 120)]);
    try {
      const { instances } = await read();
      const other = instances.find((row) => row.id === 'instance-newer');
      expect(other).toMatchObject({
        version: '9.9.9',
        hostname: 'app-2.internal',
        isCurrent: false,
      });
      expect(instances.map((row) => row.id)).not.toContain('instance-gone');
      expect(instances.filter((row) => row.isCurrent)).toHaveLength(1);
    } finally {
      await db.delete(serverInstances).where(inArray(serverInstances.id, ids));
    }
  });

  it('names a migration the database applied that this code does not know', async () => {
    const { db } = setup.server.context;
    const newer = (await readMigrationJournal()).at(-1)!.when + 60_000;
    const drop = sql`delete from drizzle.__drizzle_migrations where created_at = ${newer}`;
    // What a newer instance's migrator leaves behind during a rolling upgrade.
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${newer})`,
    );
    try {
      const { migrations } = await read();
      const unknown = { tag: null, createdAt: new Date(newer).toISOString() };
      expect(migrations.unknown).toEqual([unknown]);
      expect(migrations.latest).toEqual(unknown);
      expect(migrations.applied).toBe(migrations.known + 1);
    } finally {
      await db.execute(drop);
    }
  });

  it('refuses clinic, attorney and lienholder users, a token without the capability and anonymous callers', async () => {
    const { server } = setup;
    for (const email of OTHERS) {
      const answer = await server.request({
        url: '/api/admin/system',
        cookie: await server.login(email),
      });
      expect({ email, status: answer.statusCode }).toEqual({ email, status: 403 });
      expect(answer.body).not.toContain('instances');
    }
    expect((await server.request({ url: '/api/admin/system' })).statusCode).toBe(401);
    const tokenWith = async (capability: 'admin:metrics' | 'admin:audit') => {
      const token = await createTokenAs(server, setup.cookie, {
        name: `System ${capability}`,
        organizationId: null,
        capabilities: [capability],
      });
      return requestWithToken(server, token.secret, { url: '/api/admin/system' });
    };
    expect((await tokenWith('admin:audit')).statusCode).toBe(403);
    // The operators' read-only capability (a monitoring token) reads it, as it reads the metrics.
    const monitoring = await tokenWith('admin:metrics');
    expect(monitoring.statusCode).toBe(200);
    expect((monitoring.json() as TSystemOverview).instances.length).toBeGreaterThan(0);
  });
});
