import '#src/runtime-check.ts';
import {
  describeAuditChain,
  parseAuditCheckpoint,
  type TAuditCheckpoint,
} from '@casebridge/domain/audit/audit-chain.schemas';
import { createPglite, openDatabase, type Database } from '#src/db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from '#src/db/data-dir-lock.ts';
import { parseEnv, type Env } from '#src/env.ts';
import { loadAuditKeyring } from '#src/modules/audit/audit-key.ts';
import { verifyAuditChain } from '#src/modules/audit/audit-verify.ts';
import { BackupError, readManifest } from './backup-manifest.ts';
import { getPgdataDir, hasPgliteDatabase } from './backup-pglite.ts';

/** A refusal to check, told without a stack; exit status 2 (1 means the chain is broken). */
class CannotVerifyError extends Error {}

const USAGE = 'Usage: npm run audit:verify [-- --checkpoint <id>:<hash> | --backup <dir>]';

/**
 * The checkpoint to check the chain against: given as `<id>:<hash>` (from the checkpoint log),
 * or read from a backup's manifest. A backup of an empty log has none: nothing to check.
 */
async function readCheckpoint(args: string[]): Promise<TAuditCheckpoint | undefined> {
  const [flag, value, ...rest] = args;
  if (flag === undefined) return undefined;
  if (value === undefined || rest.length > 0) throw new CannotVerifyError(USAGE);
  if (flag === '--checkpoint') {
    const checkpoint = parseAuditCheckpoint(value);
    if (!checkpoint) throw new CannotVerifyError(`Not a checkpoint (<id>:<hash>): ${value}`);
    return checkpoint;
  }
  if (flag !== '--backup') throw new CannotVerifyError(USAGE);
  const manifest = await readManifest(value).catch((error: unknown) => {
    throw error instanceof BackupError ? new CannotVerifyError(error.message) : error;
  });
  if (manifest.auditCheckpoint === undefined)
    throw new CannotVerifyError(`${value} was taken before backups recorded the audit chain.`);
  return manifest.auditCheckpoint ?? undefined;
}

async function withDatabase<T>(env: Env, run: (database: Database) => Promise<T>): Promise<T> {
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
 * else the embedded one in DATA_DIR) under the configured audit keys, against a checkpoint when
 * given, and prints the outcome; exit status 1 when it is broken.
 */
try {
  const checkpoint = await readCheckpoint(process.argv.slice(2));
  const env = parseEnv();
  const keys = loadAuditKeyring(env);
  const report = await withDatabase(env, (database) =>
    verifyAuditChain(database.db, { keys, checkpoint }),
  );
  console.info(describeAuditChain(report));
  process.exit(report.intact ? 0 : 1);
} catch (error) {
  console.error(error instanceof CannotVerifyError ? error.message : error);
  process.exit(2);
}
