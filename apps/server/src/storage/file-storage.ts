import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey } from './storage-key.ts';

/** Where document bytes live. Local disk by default; an object store can implement the same. */
export type FileStorage = {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key, sorted; backups copy the store through it. */
  list(): Promise<string[]>;
  /**
   * Deletes what puts that never finished left behind (a crash mid-write) once older than
   * `olderThanMs`; resolves with how many. A store whose puts are atomic has none.
   */
  pruneAbandoned(olderThanMs: number): Promise<number>;
};

/** Keys are relative paths; anything that would escape the root is refused. */
function resolveKey(root: string, key: string): string {
  assertStorageKey(key);
  const resolved = path.resolve(root, key);
  if (!resolved.startsWith(root + path.sep)) throw new Error('invalid storage key');
  return resolved;
}

export function createDiskStorage(root: string): FileStorage {
  const base = path.resolve(root);
  return {
    async put(key, data) {
      const target = resolveKey(base, key);
      // Owner-only: other local accounts must not list patients' folders or read their files.
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // Write then rename, so a crash never leaves a half-written file under the real key.
      const temporary = `${target}.${process.pid}.${Date.now()}.partial`;
      try {
        await writeFile(temporary, data, { flag: 'wx', mode: 0o600 });
        await rename(temporary, target);
      } catch (error) {
        // Never leave patient bytes behind under a name nothing points at.
        await rm(temporary, { force: true });
        throw error;
      }
    },
    read: async (key) => readFile(resolveKey(base, key)),
    stream: (key) => createReadStream(resolveKey(base, key)),
    async remove(key) {
      await rm(resolveKey(base, key), { force: true });
    },
    async exists(key) {
      const target = resolveKey(base, key);
      try {
        return (await stat(target)).isFile();
      } catch {
        return false;
      }
    },
    async list() {
      return (
        (await listFiles(base))
          // A '.partial' file is a put still in flight (or lost to a crash), never a stored key.
          .filter((entry) => !entry.name.endsWith('.partial'))
          .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)))
          .map((key) => key.split(path.sep).join('/'))
          .toSorted()
      );
    },
    async pruneAbandoned(olderThanMs) {
      const before = Date.now() - olderThanMs;
      let pruned = 0;
      for (const entry of await listFiles(base)) {
        if (!entry.name.endsWith('.partial')) continue;
        const file = path.join(entry.parentPath, entry.name);
        const stats = await stat(file).catch(() => null);
        if (!stats || stats.mtimeMs > before) continue;
        await rm(file, { force: true });
        pruned += 1;
      }
      return pruned;
    },
  };
}

async function listFiles(base: string) {
  try {
    return (await readdir(base, { recursive: true, withFileTypes: true })).filter((entry) =>
      entry.isFile(),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
