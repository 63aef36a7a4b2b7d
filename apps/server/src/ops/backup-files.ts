import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '#src/storage/file-storage.ts';
import { hashFile, sha256, type TBackupManifest, type TManifestFile } from './backup-manifest.ts';

const FILES_DIR = 'files';

/** Where a stored key lives inside a backup; keys were checked (manifest schema, storage). */
function backupPath(dir: string, key: string): string {
  return path.join(dir, FILES_DIR, ...key.split('/'));
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Copies every stored document file into the backup, through the FileStorage interface so that
 * the disk and the object store back up alike. Runs after the database dump: documents are never
 * deleted, so what is copied then is a superset of what the dump refers to. A key gone between
 * listing and reading (a health-check probe, a failed upload) was never referenced: skipped.
 */
export async function copyFilesOut(storage: FileStorage, dir: string): Promise<TManifestFile[]> {
  const files: TManifestFile[] = [];
  for (const key of await storage.list()) {
    let data: Buffer;
    try {
      data = await storage.read(key);
    } catch (error) {
      if (isMissing(error)) continue;
      throw error;
    }
    const target = backupPath(dir, key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data, { flag: 'wx' });
    files.push({ key, size: data.length, sha256: sha256(data) });
  }
  return files;
}

/** Problems with the backup's own copies, checked before anything is restored. */
export async function checkBackupFiles(dir: string, manifest: TBackupManifest): Promise<string[]> {
  const problems: string[] = [];
  for (const file of manifest.files) {
    try {
      const actual = await hashFile(backupPath(dir, file.key));
      if (actual.sha256 !== file.sha256 || actual.size !== file.size)
        problems.push(`file ${file.key}: its content differs from the manifest (sha256 mismatch)`);
    } catch (error) {
      if (!isMissing(error)) throw error;
      problems.push(`file ${file.key}: missing from the backup`);
    }
  }
  return problems;
}

export async function copyFilesIn(
  storage: FileStorage,
  dir: string,
  manifest: TBackupManifest,
): Promise<void> {
  for (const file of manifest.files)
    await storage.put(file.key, await readFile(backupPath(dir, file.key)));
}

/** Reads every restored file back from the store and compares it with the manifest. */
export async function checkStoredFiles(
  storage: FileStorage,
  manifest: TBackupManifest,
): Promise<string[]> {
  const problems: string[] = [];
  for (const file of manifest.files) {
    try {
      if (sha256(await storage.read(file.key)) !== file.sha256)
        problems.push(`file ${file.key}: restored content differs from the manifest`);
    } catch (error) {
      if (!isMissing(error)) throw error;
      problems.push(`file ${file.key}: not in the restored storage`);
    }
  }
  return problems;
}
