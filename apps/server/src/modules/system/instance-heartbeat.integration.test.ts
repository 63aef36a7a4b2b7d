import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { serverInstances } from '#src/db/schema/index.ts';
import { createJobRunner, type JobRunner } from '#src/jobs/job-runner.ts';
import { useTestServer } from '#src/test/test-server.ts';
import { createInstanceHeartbeat, describeThisInstance } from './instance-heartbeat.ts';

const quiet = { info: () => undefined, warn: () => undefined };

describe("an instance's heartbeat on its job runner", () => {
  const setup = useTestServer('admin@demo.test');
  const runners: JobRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });

  /** A runner of no jobs whose poll loop beats every `everyMs`. */
  function startRunner(everyMs: number) {
    const { db } = setup.server.context;
    const instance = describeThisInstance();
    const runner = createJobRunner({
      db,
      definitions: [],
      appUrl: 'http://localhost:3000',
      pollMs: 10,
      heartbeat: { ...createInstanceHeartbeat(db, instance), everyMs },
      log: quiet,
    });
    runners.push(runner);
    const row = async () =>
      (await db.select().from(serverInstances).where(eq(serverInstances.id, instance.id)))[0];
    return { runner, instance, row };
  }

  it('writes the row at start, refreshes it as the runner polls and deletes it at stop', async () => {
    const { runner, instance, row } = startRunner(50);
    await runner.start();
    const first = await row();
    expect(first).toMatchObject({ hostname: instance.hostname, pid: process.pid });
    await expect
      .poll(async () => (await row())!.lastSeenAt.getTime())
      .toBeGreaterThan(first!.lastSeenAt.getTime());
    await runner.stop();
    expect(await row()).toBeUndefined();
  });

  it('deletes the rows of instances not seen for a day when it beats', async () => {
    const { db } = setup.server.context;
    const killed = { ...describeThisInstance(), id: 'killed-yesterday' };
    await db
      .insert(serverInstances)
      .values({ ...killed, lastSeenAt: sql`now() - interval '25 hours'` });
    const recent = { ...describeThisInstance(), id: 'seen-an-hour-ago' };
    await db
      .insert(serverInstances)
      .values({ ...recent, lastSeenAt: sql`now() - interval '1 hour'` });
    const { runner } = startRunner(60_000);
    await runner.start();
    const ids = (await db.select().from(serverInstances)).map((each) => each.id);
    expect(ids).not.toContain('killed-yesterday');
    expect(ids).toContain('seen-an-hour-ago');
    await db.delete(serverInstances).where(eq(serverInstances.id, 'seen-an-hour-ago'));
  });
});
