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
});
