import path from 'node:path';
import type { Env } from '#src/env.ts';
import { createDiskStorage, type FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { parseStorageUrl } from './storage-url.ts';

/** The store named by STORAGE_URL, or DATA_DIR/files on the local disk when it is unset. */
export function createFileStorage(env: Pick<Env, 'dataDir' | 'storageUrl'>): FileStorage {
  if (env.storageUrl) return createS3Storage(parseStorageUrl(env.storageUrl));
  return createDiskStorage(path.join(env.dataDir, 'files'));
}
