import { openDatabase, type Database } from '#src/db/client.ts';
import { acquireDataDirLock } from '#src/db/data-dir-lock.ts';
import type { Env } from '#src/env.ts';
import { getPgdataDir } from './backup-pglite.ts';

/**
 * Opens the configured database for a command (DATABASE_URL, else the embedded one in DATA_DIR,
 * created when missing, under the DATA_DIR lock: a running server refuses the command with
 * DataDirLockedError), runs `run` and closes it. Files created in DATA_DIR are the owner's alone.
 */
export async function withCommandDatabase<T>(
  env: Env,
  run: (database: Database) => Promise<T>,
): Promise<T> {
  process.umask(0o077);
  const lock = env.databaseUrl ? null : await acquireDataDirLock(env.dataDir);
  try {
    const database = await openDatabase(
      env.databaseUrl
        ? { databaseUrl: env.databaseUrl, log: console, poolSize: 2 }
        : { pgliteDir: getPgdataDir(env.dataDir) },
    );
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}
