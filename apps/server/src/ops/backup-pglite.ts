import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { countRows, readAuditCheckpoint, type RunSql } from './backup-manifest.ts';
import type { TAuditCheckpoint } from '@casebridge/domain/audit/audit-chain.schemas';
import { PGLITE_EXTENSIONS } from '#src/db/client.ts';

export const PGLITE_DUMP_FILE = 'database.tar.gz';

const runOn =
  (client: Pick<PGlite, 'query'>): RunSql =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

/**
 * Dumps the embedded database while the app keeps running. Every PGlite query and transaction
 * takes the instance's transaction lock, so holding a transaction here pauses the app's writes
 * for the length of the dump: the counts and the dump see one state, never half a transaction.
 * CHECKPOINT first so the copied files hold every committed page, not only the WAL.
 */
export async function dumpPglite(
  pglite: PGlite,
  dir: string,
): Promise<{
  file: string;
  tables: Record<string, number>;
  auditCheckpoint: TAuditCheckpoint | null;
}> {
  const { dump, tables, auditCheckpoint } = await pglite.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    const counts = await countRows(runOn(tx));
    const head = await readAuditCheckpoint(runOn(tx));
    return { dump: await pglite.dumpDataDir('gzip'), tables: counts, auditCheckpoint: head };
  });
  const file = path.join(dir, PGLITE_DUMP_FILE);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()), { flag: 'wx' });
  return { file, tables, auditCheckpoint };
}

/** The PGlite data directory of DATA_DIR, as the server opens it. */
export function getPgdataDir(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

export function hasPgliteDatabase(pgdataDir: string): boolean {
  return existsSync(path.join(pgdataDir, 'PG_VERSION'));
}

export async function isEmptyDirectory(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Unpacks a dump into an empty data directory and returns the restored row counts. */
export async function restorePglite(
  pgdataDir: string,
  dumpFile: string,
): Promise<Record<string, number>> {
  await mkdir(pgdataDir, { recursive: true });
  const pglite = await PGlite.create(pgdataDir, {
    loadDataDir: new Blob([await readFile(dumpFile)]),
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    return await countRows(runOn(pglite));
  } finally {
    await pglite.close();
  }
}
