import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  ZAuditCheckpoint,
  type TAuditCheckpoint,
} from '@casebridge/domain/audit/audit-chain.schemas';
import { assertStorageKey } from '#src/storage/storage-key.ts';

export const MANIFEST_FILE = 'manifest.json';

/** A refusal or a failed check, with a message meant for the operator running the command. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const isStorageKey = (key: string) => {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
};

const ZDigest = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * What a backup holds, written last so that its presence marks a complete backup. Keys are checked
 * again on reading: a tampered manifest must not make restore read outside the backup directory.
 */
export const ZBackupManifest = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    file: z.enum(['database.tar.gz', 'database.dump']),
    size: z.number().int().nonnegative(),
    sha256: ZDigest,
    /** Rows per "schema.table", counted in the same snapshot as the dump. */
    tables: z.record(z.string(), z.number().int().nonnegative()),
  }),
  /**
   * The audit chain's last row in the same snapshot (null: an empty log), kept outside the
   * database so `audit:verify --backup <dir>` shows a log cut or rewritten since. Absent from
   * backups taken before it was recorded.
   */
  auditCheckpoint: ZAuditCheckpoint.nullable().optional(),
  files: z.array(
    z.object({
      key: z.string().refine(isStorageKey, 'not a storage key'),
      size: z.number().int().nonnegative(),
      sha256: ZDigest,
    }),
  ),
});
export type TBackupManifest = z.infer<typeof ZBackupManifest>;
export type TManifestFile = TBackupManifest['files'][number];

export async function readManifest(dir: string): Promise<TBackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${dir} holds no ${MANIFEST_FILE}: not a backup, or an unfinished one.`);
  }
  const parsed = ZBackupManifest.safeParse(JSON.parse(text));
  if (!parsed.success) throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not valid.`);
  return parsed.data;
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Streams, so a large database dump is never held in memory just to hash it. */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Runs one statement and returns its rows: PGlite and node-postgres both fit. */
export type RunSql = (text: string) => Promise<Array<Record<string, unknown>>>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Row counts of every table outside the system schemas, keyed "schema.table". */
export async function countRows(run: RunSql): Promise<Record<string, number>> {
  const tables = await run(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const schema = String(table.schema);
    const name = String(table.name);
    const [row] = await run(`select count(*) as n from ${quote(schema)}.${quote(name)}`);
    counts[`${schema}.${name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The audit chain's last row, read in the dump's snapshot: the backup's checkpoint. */
export async function readAuditCheckpoint(run: RunSql): Promise<TAuditCheckpoint | null> {
  const [row] = await run('select id, hash from audit_logs order by id desc limit 1');
  if (!row || typeof row.hash !== 'string') return null;
  return { id: Number(row.id), hash: row.hash };
}

/** One line per table whose count differs, or that exists on one side only. */
export function compareCounts(
  expected: Record<string, number>,
  actual: Record<string, number>,
): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].toSorted();
  return names
    .filter((name) => expected[name] !== actual[name])
    .map(
      (name) =>
        `table ${name}: ${expected[name] ?? 'absent'} rows in the backup, ${actual[name] ?? 'absent'} restored`,
    );
}

/** A backup goes into a new or empty directory, never over another backup. */
export async function assertEmptyDirectory(dir: string): Promise<void> {
  try {
    if ((await readdir(dir)).length > 0)
      throw new BackupError(`${dir} is not empty: give a new directory for each backup.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
