import path from 'node:path';
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

/**
 * Refuses a target that holds data, checks the backup against its manifest before writing
 * anything, restores, then checks the restored rows and files against the manifest again.
 */
export async function restoreBackup(
  dir: string,
  target: RestoreTarget,
  storage: FileStorage,
): Promise<TBackupManifest> {
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
  return manifest;
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
