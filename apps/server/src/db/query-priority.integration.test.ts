import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { runWithQueryPriority } from './query-priority.ts';

const QUEUED_READS = 60;

describe('PGlite query gate', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('runs a write request’s statement ahead of the reads already waiting', async () => {
    const finished: string[] = [];
    const reads = Array.from({ length: QUEUED_READS }, (_, index) =>
      database.db.execute(sql`select pg_sleep(0.002)`).then(() => finished.push(`read ${index}`)),
    );
    let write: Promise<unknown> = Promise.resolve();
    runWithQueryPriority(() => {
      write = database.db
        .transaction((tx) => tx.execute(sql`select 1`))
        .then(() => finished.push('write'));
    });
    await Promise.all([...reads, write]);
    // Only the read already running when the write arrived may finish before it.
    expect(finished.indexOf('write')).toBeLessThanOrEqual(1);
    expect(finished).toHaveLength(QUEUED_READS + 1);
  });

  it('lets the event loop turn between reads, so a write waiting on a callback is not held back', async () => {
    const finished: string[] = [];
    const reads = Array.from({ length: 200 }, () =>
      database.db.execute(sql`select pg_sleep(0.001)`).then(() => finished.push('read')),
    );
    let write: Promise<unknown> = Promise.resolve();
    runWithQueryPriority(() => {
      write = (async () => {
        await database.db.execute(sql`select 1`);
        // A callback of the next turn of the event loop, as WebCrypto's or a socket's is.
        await new Promise((resolve) => setImmediate(resolve));
        await database.db.execute(sql`select 1`);
        finished.push('write');
      })();
    });
    await Promise.all([...reads, write]);
    // 200 reads of at least 1 ms each: the loop turns after each 20 ms slice, not after all.
    expect(finished.indexOf('write')).toBeLessThan(100);
  });

  it('keeps reads in arrival order without priority', async () => {
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        database.db.execute(sql`select ${index}`).then(() => finished.push(index)),
      ),
    );
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
