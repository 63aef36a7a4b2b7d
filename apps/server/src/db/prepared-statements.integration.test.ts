import { describe, expect, inject, it } from 'vitest';
import { createPool } from './client.ts';

describe.runIf(inject('testTemplate').kind === 'postgres')('prepared statements', () => {
  it("prepares a repeated statement once per connection, and the pool's answers stay right", async () => {
    const template = inject('testTemplate');
    if (template.kind !== 'postgres') return;
    const pool = createPool(template.serverUrl);
    try {
      const client = await pool.connect();
      try {
        const text = 'select $1::int + 1 as n';
        const answers = [];
        for (const n of [1, 2, 3]) answers.push((await client.query({ text }, [n])).rows[0]);
        expect(answers).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]);
        const { rows } = await client.query<{ statement: string }>(
          "select statement from pg_prepared_statements where name like 'cb\\_%'",
        );
        expect(rows.map((row) => row.statement)).toEqual([text]);
        // A statement without parameters is never prepared (a text may hold several).
        await client.query('select 1; select 2');
        await client.query('select 1; select 2');
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('runs queries awaited together on one client one after the other, in order, a failure alone', async () => {
    const template = inject('testTemplate');
    if (template.kind !== 'postgres') return;
    const pool = createPool(template.serverUrl);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const client = await pool.connect();
      try {
        const answers = await Promise.all([
          client.query('select pg_sleep(0.05), 1 as n'),
          client.query({ text: 'select $1::int as n' }, [2]),
          client.query('select nope').catch((error: Error) => error.message),
          client.query({ text: 'select $1::int as n' }, [4]),
        ]);
        await client.query('rollback');
        expect(
          answers.map((answer) => (typeof answer === 'string' ? answer : answer.rows[0].n)),
        ).toEqual([1, 2, expect.stringContaining('nope'), 4]);
        // node-postgres warns when a client is sent a query while one is running.
        await new Promise((resolve) => setImmediate(resolve));
        expect(warnings.filter((message) => message.includes('already executing'))).toEqual([]);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
