import path from 'node:path';
import { acquireDataDirLock } from '#src/db/data-dir-lock.ts';
import { parseEnv } from '#src/env.ts';
import { createFileStorage } from '#src/storage/create-file-storage.ts';
import { getPgdataDir } from './backup-pglite.ts';
import { restoreBackup } from './restore-backup.ts';
import { runCommand } from './run-command.ts';
import { describeBackup } from './write-backup.ts';

/**
 * `npm run restore -- <dir> [--send-outboxes]`: into the empty database at DATABASE_URL, or into
 * an empty DATA_DIR (held under its lock, so no server can open it half-restored), then verified.
 * Its mail and webhooks start paused unless `--send-outboxes` (restore-backup.ts).
 */
const sendOutboxes = process.argv.includes('--send-outboxes');
const PAUSED_NOTE =
  'Mail and webhooks are paused: resume them in the admin console (Settings, Jobs) once this is the instance meant to send.';

await runCommand('restore', async (dirArgument) => {
  const dir = path.resolve(dirArgument);
  const env = parseEnv();
  const storage = createFileStorage(env);
  if (env.databaseUrl) {
    const target = { kind: 'postgres', databaseUrl: env.databaseUrl } as const;
    const manifest = await restoreBackup(dir, target, storage, { sendOutboxes });
    return `Restored and verified ${dir}: ${describeBackup(manifest)}${sendOutboxes ? '' : `\n${PAUSED_NOTE}`}`;
  }
  const lock = await acquireDataDirLock(env.dataDir);
  try {
    const target = { kind: 'pglite', pgdataDir: getPgdataDir(env.dataDir) } as const;
    const manifest = await restoreBackup(dir, target, storage, { sendOutboxes });
    return `Restored and verified ${dir} into ${env.dataDir}: ${describeBackup(manifest)}${sendOutboxes ? '' : `\n${PAUSED_NOTE}`}`;
  } finally {
    lock.release();
  }
});
