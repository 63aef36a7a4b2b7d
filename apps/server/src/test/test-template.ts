import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPglite, migrateDatabase, openDatabase } from '#src/db/client.ts';
import { seedDemoData } from '#src/db/seed/seed-demo.ts';
import { createDiskStorage } from '#src/storage/file-storage.ts';
import { readToolEnv } from '#src/env.ts';

/** What the global setup hands to every test worker: a migrated, seeded database to clone. */
export type TestTemplate =
  | { kind: 'pglite'; dumpFile: string; filesDir: string; root: string }
  | {
      kind: 'postgres';
      serverUrl: string;
      templateDb: string;
      prefix: string;
      filesDir: string;
      root: string;
    };

/** The PostgreSQL server to test against, when the run asks for one. */
export function getTestServerUrl(): string | undefined {
  return readToolEnv().testDatabaseUrl;
}

/** The Redis server to test against, when the run asks for one (like TEST_DATABASE_URL). */
export function getTestRedisUrl(): string | undefined {
  return readToolEnv().testRedisUrl;
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Builds the template once per run: migrations applied and demo data seeded, on the PostgreSQL
 * server at `serverUrl`, or on PGlite without one.
 */
export async function createTestTemplate(
  serverUrl: string | undefined = getTestServerUrl(),
): Promise<TestTemplate> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'casebridge-test-'));
  const filesDir = path.join(root, 'template-files');
  const storage = createDiskStorage(filesDir);

  if (!serverUrl) {
    const pglite = await createPglite('memory://');
    const database = await openDatabase({ pglite });
    await migrateDatabase(database);
    await seedDemoData(database.db, storage);
    const dump = await pglite.dumpDataDir('none');
    const dumpFile = path.join(root, 'template.tar');
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    return { kind: 'pglite', dumpFile, filesDir, root };
  }

  const prefix = `cb_test_${process.pid}_${Date.now().toString(36)}`;
  const templateDb = `${prefix}_tpl`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDb}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, templateDb) });
  await migrateDatabase(database);
  await seedDemoData(database.db, storage);
  await database.close();
  return { kind: 'postgres', serverUrl, templateDb, prefix, filesDir, root };
}

/** Drops the template and every database cloned from it; removes the files. */
export async function destroyTestTemplate(template: TestTemplate): Promise<void> {
  if (template.kind === 'postgres') {
    const admin = new pg.Client({ connectionString: template.serverUrl });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${template.prefix}%`],
    );
    for (const row of rows)
      await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
  }
  await rm(template.root, { recursive: true, force: true });
}
