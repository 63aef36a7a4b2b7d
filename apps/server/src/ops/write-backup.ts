import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { formatAuditCheckpoint } from '@casebridge/domain/audit/audit-chain.schemas';
import type { FileStorage } from '#src/storage/file-storage.ts';
import { copyFilesOut } from './backup-files.ts';
import {
  assertEmptyDirectory,
  hashFile,
  MANIFEST_FILE,
  type TBackupManifest,
} from './backup-manifest.ts';
import { dumpPglite, PGLITE_DUMP_FILE } from './backup-pglite.ts';
import { dumpPostgres, POSTGRES_DUMP_FILE } from './backup-postgres.ts';

export type BackupSource =
  { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; databaseUrl: string };

/**
 * Database first, then files (see copyFilesOut), then the manifest: a directory without
 * manifest.json is an unfinished backup and restore refuses it.
 */
export async function writeBackup(
  source: BackupSource,
  storage: FileStorage,
  dir: string,
): Promise<TBackupManifest> {
  await assertEmptyDirectory(dir);
  await mkdir(dir, { recursive: true });
  const createdAt = new Date().toISOString();
  const dump =
    source.kind === 'pglite'
      ? await dumpPglite(source.pglite, dir)
      : await dumpPostgres(source.databaseUrl, dir);
  const files = await copyFilesOut(storage, dir);
  const manifest: TBackupManifest = {
    format: 1,
    createdAt,
    database: {
      kind: source.kind,
      file: source.kind === 'pglite' ? PGLITE_DUMP_FILE : POSTGRES_DUMP_FILE,
      ...(await hashFile(dump.file)),
      tables: dump.tables,
    },
    auditCheckpoint: dump.auditCheckpoint,
    files,
  };
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    flag: 'wx',
  });
  return manifest;
}

/** One line for the operator: what the backup holds. */
export function describeBackup(manifest: TBackupManifest): string {
  const tables = Object.values(manifest.database.tables);
  const rows = tables.reduce((sum, count) => sum + count, 0);
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  const checkpoint = manifest.auditCheckpoint
    ? `; audit checkpoint ${formatAuditCheckpoint(manifest.auditCheckpoint)}`
    : '';
  return (
    `${manifest.database.kind} database (${tables.length} tables, ${rows} rows) and ` +
    `${manifest.files.length} files (${bytes} bytes), taken ${manifest.createdAt}${checkpoint}`
  );
}
