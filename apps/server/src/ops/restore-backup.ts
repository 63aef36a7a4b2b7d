import path from 'node:path';
import type { TAuditChainReport } from '@casebridge/domain/audit/audit-chain.schemas';
import { createPglite, migrateDatabase, openDatabase } from '#src/db/client.ts';
import { pauseOutboxes } from '#src/jobs/job-pauses.ts';
import type { AuditKeyring } from '#src/modules/audit/audit-key.ts';
import { verifyAuditChain } from '#src/modules/audit/audit-verify.ts';
import type { FileStorage } from '#src/storage/file-storage.ts';
import { checkBackupFiles, checkStoredFiles, copyFilesIn } from './backup-files.ts';
import {
  BackupError,
  compareCounts,
  hashFile,
  readManifest,
  type TBackupManifest,
} from './backup-manifest.ts';
import { isEmptyDirectory, restorePglite } from './backup-pglite.ts';
import { countUserTables, restorePostgres } from './backup-postgres.ts';

export type RestoreTarget =
  { kind: 'pglite'; pgdataDir: string } | { kind: 'postgres'; databaseUrl: string };

function failed(dir: string, problems: string[]): BackupError {
  const shown = problems.slice(0, 20).map((problem) => `  - ${problem}`);
  if (problems.length > shown.length) shown.push(`  … and ${problems.length - shown.length} more`);
  return new BackupError(`Verification of ${dir} failed:\n${shown.join('\n')}`);
}

export type RestoreOptions = {
  /** The keys the restored instance will verify its audit chain under (loadAuditKeyring). */
  auditKeys: AuditKeyring;
  sendOutboxes?: boolean;
};

export type RestoreOutcome = { manifest: TBackupManifest; auditChain: TAuditChainReport };

/**
 * Opens the restored database as a server would at start (migrating first), then:
 *
 * - Walks its audit chain under the configured keys against the manifest's checkpoint. A broken
 *   chain is reported, not refused: a restore is recovery, and the log is exactly what the
 *   backup holds (the dump matched the manifest's hash), so refusing would only withhold the
 *   data. What the report catches is a log edited before the backup was taken, or audit keys
 *   that are not the ones the rows were signed under (docs/operations.md, 'Backup and restore').
 * - A restore is not the original: the outboxes it holds (queued mail, webhook deliveries,
 *   events not yet fanned out) may have been sent by the original after the backup was taken.
 *   Unless told to send them, the restored database's outbox jobs start paused, with the reason
 *   the admin console shows; migrating first gives the pauses their table.
 */
async function checkRestoredDatabase(
  target: RestoreTarget,
  manifest: TBackupManifest,
  options: RestoreOptions,
): Promise<TAuditChainReport> {
  const database = await openDatabase(
    target.kind === 'pglite'
      ? { pglite: await createPglite(target.pgdataDir) }
      : { databaseUrl: target.databaseUrl },
  );
  try {
    await migrateDatabase(database);
    const auditChain = await verifyAuditChain(database.db, {
      keys: options.auditKeys,
      checkpoint: manifest.auditCheckpoint ?? undefined,
    });
    if (!options.sendOutboxes)
      await pauseOutboxes(
        database.db,
        `Restored from the backup of ${manifest.createdAt}: mail and webhooks wait until an admin resumes them`,
      );
    return auditChain;
  } finally {
    await database.close();
  }
}

/**
 * Refuses a target that holds data, checks the backup against its manifest before writing
 * anything, restores, then checks the restored rows and files against the manifest again and
 * walks the restored audit chain to the manifest's checkpoint (reported in the outcome, not
 * refused). The outboxes start paused unless `sendOutboxes`.
 */
export async function restoreBackup(
  dir: string,
  target: RestoreTarget,
  storage: FileStorage,
  options: RestoreOptions,
): Promise<RestoreOutcome> {
  const manifest = await readManifest(dir);
  if (manifest.database.kind !== target.kind)
    throw new BackupError(
      `This is a ${manifest.database.kind} backup; it restores only into ${manifest.database.kind}` +
        (manifest.database.kind === 'postgres' ? ' (set DATABASE_URL).' : ' (unset DATABASE_URL).'),
    );
  await assertEmptyTarget(target, storage);

  const dumpFile = path.join(dir, manifest.database.file);
  const dump = await hashFile(dumpFile).catch(() => null);
  const problems = await checkBackupFiles(dir, manifest);
  if (dump?.sha256 !== manifest.database.sha256)
    problems.unshift(`database ${manifest.database.file}: missing or differs from the manifest`);
  if (problems.length > 0) throw failed(dir, problems);

  const restored =
    target.kind === 'pglite'
      ? await restorePglite(target.pgdataDir, dumpFile)
      : await restorePostgres(target.databaseUrl, dumpFile);
  await copyFilesIn(storage, dir, manifest);
  const after = [
    ...compareCounts(manifest.database.tables, restored),
    ...(await checkStoredFiles(storage, manifest)),
  ];
  if (after.length > 0) throw failed(dir, after);
  const auditChain = await checkRestoredDatabase(target, manifest, options);
  return { manifest, auditChain };
}

async function assertEmptyTarget(target: RestoreTarget, storage: FileStorage): Promise<void> {
  if (target.kind === 'pglite' && !(await isEmptyDirectory(target.pgdataDir)))
    throw new BackupError(
      `${target.pgdataDir} already holds a database: restore only into an empty DATA_DIR.`,
    );
  if (target.kind === 'postgres' && (await countUserTables(target.databaseUrl)) > 0)
    throw new BackupError(
      'The database at DATABASE_URL already has tables: restore only into an empty database.',
    );
  if ((await storage.list()).length > 0)
    throw new BackupError('The file storage already holds files: restore only into empty storage.');
}
