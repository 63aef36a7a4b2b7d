import '#src/runtime-check.ts';
import { openDatabase } from '#src/db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from '#src/db/data-dir-lock.ts';
import { parseEnv } from '#src/env.ts';
import { createFileStorage } from '#src/storage/create-file-storage.ts';
import { loadDocumentKeyring } from '#src/storage/document-encryption.ts';
import { getPgdataDir, hasPgliteDatabase } from './backup-pglite.ts';
import { describeRotation, rotateDocumentKeys, RotationError } from './document-key-rotation.ts';

/**
 * `npm run documents:rotate-key [-- --encrypt-legacy]`: with DOCUMENT_KEY set to the new master
 * key and the old one in DOCUMENT_KEYS_PREVIOUS, re-wraps every document's data key under the
 * new one. The embedded database is opened under the DATA_DIR lock (stop the server first);
 * PostgreSQL may stay in use if every instance already runs with the new configuration.
 */
const encryptLegacy = process.argv.includes('--encrypt-legacy');
try {
  const env = parseEnv();
  const documentKeys = loadDocumentKeyring(env);
  if (!env.databaseUrl && !hasPgliteDatabase(getPgdataDir(env.dataDir)))
    throw new RotationError(`There is no database in ${getPgdataDir(env.dataDir)}.`);
  const lock = env.databaseUrl ? null : await acquireDataDirLock(env.dataDir);
  const database = await openDatabase(
    env.databaseUrl ? { databaseUrl: env.databaseUrl } : { pgliteDir: getPgdataDir(env.dataDir) },
  );
  try {
    const context = { db: database.db, storage: createFileStorage(env), documentKeys };
    const result = await rotateDocumentKeys(context, { encryptLegacy });
    console.info(describeRotation(result, documentKeys.current.id));
  } finally {
    await database.close();
    lock?.release();
  }
  process.exit(0);
} catch (error) {
  const isExpected = error instanceof RotationError || error instanceof DataDirLockedError;
  console.error(isExpected ? error.message : error);
  process.exit(1);
}
