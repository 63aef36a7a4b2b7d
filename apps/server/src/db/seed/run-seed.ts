import path from 'node:path';
import { createPglite, migrateDatabase, openDatabase } from '#src/db/client.ts';
import { acquireDataDirLock } from '#src/db/data-dir-lock.ts';
import { parseEnv } from '#src/env.ts';
import { createFileStorage } from '#src/storage/create-file-storage.ts';
import { seedDemoData } from './seed-demo.ts';

/** `npm run seed`: migrates and seeds demo data (idempotent). */
const env = parseEnv();
// Never beside a running server on the embedded database: that would corrupt it (ADR 0006).
const lock = env.databaseUrl ? null : await acquireDataDirLock(env.dataDir);
const database = await openDatabase(
  env.databaseUrl
    ? { databaseUrl: env.databaseUrl }
    : { pglite: await createPglite(path.join(env.dataDir, 'pgdata')) },
);
await migrateDatabase(database);
const result = await seedDemoData(database.db, createFileStorage(env));
console.info(result.seeded ? 'Demo data seeded.' : `Nothing to do: ${result.reason}.`);
await database.close();
lock?.release();
