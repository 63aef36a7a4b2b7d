import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { APPLICATION_NAME, createPool } from './client.ts';

describe.runIf(inject('testTemplate').kind === 'postgres')('the connection pool', () => {
  it('takes back a client whose connection died while checked out and was never released', async () => {
    const template = inject('testTemplate');
    if (template.kind !== 'postgres') return;
    const pool = createPool(template.serverUrl);
    const admin = new pg.Client({ connectionString: template.serverUrl });
    await admin.connect();
    try {
      // As drizzle does when BEGIN fails on a dead connection: check out, never release.
      const leaked = await pool.connect();
      const { rows } = await leaked.query<{ pid: number }>('select pg_backend_pid() as pid');
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // Refused either way: by the terminated backend's answer, or, when the socket's error
      // arrived first, by node-postgres for a client whose connection died.
      await expect(leaked.query('begin')).rejects.toThrow(/terminat|connection error/i);

      const deadline = Date.now() + 5_000;
      while (pool.totalCount > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pool.totalCount).toBe(0);
      // The pool still serves, and closes without waiting on the dead client.
      const { rows: answer } = await pool.query<{ name: string }>(
        'select current_setting($1) as name',
        ['application_name'],
      );
      expect(answer[0]?.name).toBe(APPLICATION_NAME.pool);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
