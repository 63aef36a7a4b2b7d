import pg from 'pg';
import { createPglite, openDatabase, type Database } from '#src/db/client.ts';
import { readToolEnv } from '#src/env.ts';

/**
 * A database for a bench: an in-memory PGlite, or with DATABASE_URL a fresh PostgreSQL database
 * named `cb_bench_<name>_<pid>`, dropped by `cleanup`.
 */
export async function openBenchDatabase(
  name: string,
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const url = readToolEnv().databaseUrl;
  if (!url) {
    const database = await openDatabase({ pglite: await createPglite('memory://') });
    return { database, cleanup: () => database.close() };
  }
  const databaseName = `cb_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const target = new URL(url);
  target.pathname = `/${databaseName}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return {
    database,
    cleanup: async () => {
      await database.close();
      await admin.query(`DROP DATABASE ${databaseName} WITH (FORCE)`);
      await admin.end();
    },
  };
}
