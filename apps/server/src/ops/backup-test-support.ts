import { cp, mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { PGLITE_EXTENSIONS, type Db } from '#src/db/client.ts';
import { parseEnv } from '#src/env.ts';
import { createServer, type CaseBridgeServer } from '#src/server.ts';
import { createFileStorage } from '#src/storage/create-file-storage.ts';
import { createDiskStorage, type FileStorage } from '#src/storage/file-storage.ts';
import { createTestServer, TEST_AUDIT_KEY, TEST_MANUAL_JOBS } from '#src/test/test-server.ts';
import { withDatabase } from '#src/test/test-template.ts';
import { countRows, sha256 } from './backup-manifest.ts';
import { getPgdataDir } from './backup-pglite.ts';
import { countPostgresRows } from './backup-postgres.ts';

/** Test-only: sources and empty targets for backup drills, on the backend the run tests. */

const BASE_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
  // The commands verify what the server signed: the same audit key.
  AUDIT_KEY: TEST_AUDIT_KEY,
};

/** The environment the backup and restore commands see: the same DATA_DIR and database. */
export type CommandEnv = Record<string, string>;

export type BackupSource = { server: CaseBridgeServer; env: CommandEnv };

/** The seeded demo files, copied into an object store in place of DATA_DIR/files. */
async function copySeedFiles(filesDir: string, storage: FileStorage): Promise<void> {
  const seed = createDiskStorage(filesDir);
  for (const key of await seed.list()) await storage.put(key, await seed.read(key));
}

/**
 * A running server on the seeded demo data. On PGlite a real on-disk DATA_DIR opened by
 * createServer itself, so it holds the lock and serves online backups, as in production.
 * With a storage URL, its files live in that object store instead of DATA_DIR/files.
 */
export async function startBackupSource(storageUrl?: string): Promise<BackupSource> {
  const template = inject('testTemplate');
  const storageEnv: CommandEnv = storageUrl ? { STORAGE_URL: storageUrl } : {};
  let source: BackupSource;
  if (template.kind === 'postgres') {
    const server = await createTestServer({ SEED_DEMO: 'false', ...storageEnv });
    const env = {
      ...BASE_ENV,
      ...storageEnv,
      DATA_DIR: server.context.env.dataDir,
      DATABASE_URL: server.context.env.databaseUrl ?? '',
    };
    source = { server, env };
  } else {
    const dataDir = await mkdtemp(path.join(template.root, 'src-'));
    const seeded = await PGlite.create(getPgdataDir(dataDir), {
      loadDataDir: new Blob([await readFile(template.dumpFile)]),
      extensions: PGLITE_EXTENSIONS,
    });
    await seeded.close();
    if (!storageUrl) await cp(template.filesDir, path.join(dataDir, 'files'), { recursive: true });
    const env = { ...BASE_ENV, ...storageEnv, DATA_DIR: dataDir };
    const server = await createServer({
      env: parseEnv(env),
      logger: false,
      manualJobs: TEST_MANUAL_JOBS,
    });
    source = { server, env };
  }
  if (storageUrl) await copySeedFiles(template.filesDir, source.server.context.storage);
  return source;
}

export type RestoreTarget = {
  env: CommandEnv;
  storage: FileStorage;
  counts(): Promise<Record<string, number>>;
};

let targetCounter = 0;

/**
 * An empty DATA_DIR, plus an empty database when the run tests PostgreSQL, and files in the
 * object store at `storageUrl` (which must hold nothing yet) when one is given.
 */
export async function createEmptyTarget(storageUrl?: string): Promise<RestoreTarget> {
  const template = inject('testTemplate');
  const dataDir = await mkdtemp(path.join(template.root, 'dst-'));
  const storage = storageUrl
    ? createFileStorage({ dataDir, storageUrl })
    : createDiskStorage(path.join(dataDir, 'files'));
  const baseEnv: CommandEnv = { ...BASE_ENV, ...(storageUrl ? { STORAGE_URL: storageUrl } : {}) };
  if (template.kind === 'pglite') {
    return {
      env: { ...baseEnv, DATA_DIR: dataDir },
      storage,
      async counts() {
        const pglite = await PGlite.create(getPgdataDir(dataDir), {
          extensions: PGLITE_EXTENSIONS,
        });
        try {
          return await countRows(
            async (text) => (await pglite.query<Record<string, unknown>>(text)).rows,
          );
        } finally {
          await pglite.close();
        }
      },
    };
  }
  targetCounter += 1;
  // The template's prefix: the global teardown drops these databases with the rest.
  const name = `${template.prefix}_restore_${process.pid}_${targetCounter}`;
  const admin = new pg.Client({ connectionString: template.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = withDatabase(template.serverUrl, name);
  return {
    env: { ...baseEnv, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    storage,
    counts: () => countPostgresRows(databaseUrl),
  };
}

/** Row counts of a running server's database, through its own connection. */
export function countLiveRows(db: Db): Promise<Record<string, number>> {
  return countRows(
    async (text) =>
      ((await db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> })
        .rows,
  );
}

/** Every stored key with the sha256 of its content. */
export async function hashStore(storage: FileStorage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const key of await storage.list()) hashes[key] = sha256(await storage.read(key));
  return hashes;
}
