import { describeAuditChain } from '@casebridge/domain/audit/audit-chain.schemas';
import { createPglite, openDatabase, type Database } from '#src/db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from '#src/db/data-dir-lock.ts';
import { parseEnv } from '#src/env.ts';
import { verifyAuditChain } from '#src/modules/audit/audit-verify.ts';
import { getPgdataDir, hasPgliteDatabase } from './backup-pglite.ts';

/** A refusal to check, told without a stack; exit status 2 (1 means the chain is broken). */
class CannotVerifyError extends Error {}

async function withDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const env = parseEnv();
  if (env.databaseUrl) {
    const database = await openDatabase({ databaseUrl: env.databaseUrl });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  }
  // Only one process may open the embedded database: while the server runs, it checks instead.
  const lock = await acquireDataDirLock(env.dataDir).catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new CannotVerifyError(
      `The server (pid ${error.holder.pid}) holds ${env.dataDir}: use 'Verify audit chain' ` +
        `under Admin → Settings → System tools, or stop the server and run this again.`,
    );
  });
  try {
    const pgdataDir = getPgdataDir(env.dataDir);
    if (!hasPgliteDatabase(pgdataDir))
      throw new CannotVerifyError(`There is no database in ${pgdataDir}.`);
    const database = await openDatabase({ pglite: await createPglite(pgdataDir) });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * `npm run audit:verify`: walks the audit hash chain of the configured database (DATABASE_URL,
 * else the embedded one in DATA_DIR) and prints the outcome; exit status 1 when it is broken.
 */
try {
  const report = await withDatabase((database) => verifyAuditChain(database.db));
  console.info(describeAuditChain(report));
  process.exit(report.intact ? 0 : 1);
} catch (error) {
  console.error(error instanceof CannotVerifyError ? error.message : error);
  process.exit(2);
}
