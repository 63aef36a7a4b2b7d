import '#src/runtime-check.ts';
import path from 'node:path';
import { createPglite } from '#src/db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from '#src/db/data-dir-lock.ts';
import { parseEnv } from '#src/env.ts';
import { createFileStorage } from '#src/storage/create-file-storage.ts';
import { BackupError } from './backup-manifest.ts';
import { getPgdataDir, hasPgliteDatabase } from './backup-pglite.ts';
import { requestBackup } from './backup-socket.ts';
import { runCommand } from './run-command.ts';
import { describeBackup, writeBackup } from './write-backup.ts';

/**
 * `npm run backup -- <dir>`: PostgreSQL through pg_dump; the embedded database by the server that
 * holds it when one runs (only one process may open it), else by this process under the lock.
 */
await runCommand('backup', async (dirArgument) => {
  const dir = path.resolve(dirArgument);
  const env = parseEnv();
  const storage = createFileStorage(env);
  if (env.databaseUrl) {
    const manifest = await writeBackup(
      { kind: 'postgres', databaseUrl: env.databaseUrl },
      storage,
      dir,
    );
    return `Backup written to ${dir}: ${describeBackup(manifest)}`;
  }

  let lock;
  try {
    lock = await acquireDataDirLock(env.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const manifest = await requestBackup(env.dataDir, dir);
    return `Backup written to ${dir} by the running server (pid ${error.holder.pid}): ${describeBackup(manifest)}`;
  }
  try {
    const pgdataDir = getPgdataDir(env.dataDir);
    if (!hasPgliteDatabase(pgdataDir))
      throw new BackupError(`There is no database in ${pgdataDir} to back up.`);
    const pglite = await createPglite(pgdataDir);
    try {
      const manifest = await writeBackup({ kind: 'pglite', pglite }, storage, dir);
      return `Backup written to ${dir}: ${describeBackup(manifest)}`;
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
});
