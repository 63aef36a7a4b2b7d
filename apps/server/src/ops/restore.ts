import '#src/runtime-check.ts';
import path from 'node:path';
import {
  describeAuditChain,
  type TAuditChainReport,
} from '@casebridge/domain/audit/audit-chain.schemas';
import { acquireDataDirLock } from '#src/db/data-dir-lock.ts';
import { parseEnv } from '#src/env.ts';
import { loadAuditKeyring } from '#src/modules/audit/audit-key.ts';
import { createFileStorage } from '#src/storage/create-file-storage.ts';
import { getPgdataDir } from './backup-pglite.ts';
import { restoreBackup, type RestoreOutcome } from './restore-backup.ts';
import { runCommand } from './run-command.ts';
import { describeBackup } from './write-backup.ts';

/**
 * `npm run restore -- <dir> [--send-outboxes]`: into the empty database at DATABASE_URL, or into
 * an empty DATA_DIR (held under its lock, so no server can open it half-restored), then verified,
 * its audit chain against the manifest's checkpoint under the configured audit keys. Its mail
 * and webhooks start paused unless `--send-outboxes` (restore-backup.ts).
 */
const sendOutboxes = process.argv.includes('--send-outboxes');
const PAUSED_NOTE =
  'Mail and webhooks are paused: resume them in the admin console (Settings, Jobs) once this is the instance meant to send.';

/** The chain's line: a warning, with what to do, when it does not verify (not a refusal). */
function describeRestoredChain(report: TAuditChainReport): string {
  if (report.intact) return describeAuditChain(report);
  const advice =
    report.reason === 'unknown-key'
      ? 'set AUDIT_KEY (or AUDIT_KEYS_PREVIOUS) to the audit key of the instance the backup came from'
      : 'the backup holds the log so; see docs/operations.md, "Verifying the audit log"';
  return `Warning: ${describeAuditChain(report)}: ${advice}.`;
}

function describeRestore(outcome: RestoreOutcome): string {
  const lines = [describeBackup(outcome.manifest), describeRestoredChain(outcome.auditChain)];
  if (!sendOutboxes) lines.push(PAUSED_NOTE);
  return lines.join('\n');
}

await runCommand('restore', async (dirArgument) => {
  const dir = path.resolve(dirArgument);
  const env = parseEnv();
  const storage = createFileStorage(env);
  // Before anything is written: a key that does not parse stops the restore here.
  const options = { sendOutboxes, auditKeys: loadAuditKeyring(env) };
  if (env.databaseUrl) {
    const target = { kind: 'postgres', databaseUrl: env.databaseUrl } as const;
    const outcome = await restoreBackup(dir, target, storage, options);
    return `Restored and verified ${dir}: ${describeRestore(outcome)}`;
  }
  const lock = await acquireDataDirLock(env.dataDir);
  try {
    const target = { kind: 'pglite', pgdataDir: getPgdataDir(env.dataDir) } as const;
    const outcome = await restoreBackup(dir, target, storage, options);
    return `Restored and verified ${dir} into ${env.dataDir}: ${describeRestore(outcome)}`;
  } finally {
    lock.release();
  }
});
