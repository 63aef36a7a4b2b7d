import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import type { TAuditCheckpoint } from '@casebridge/domain/audit/audit-chain.schemas';
import { BackupError, countRows, readAuditCheckpoint } from './backup-manifest.ts';
import { inheritEnv } from '#src/env.ts';

export const POSTGRES_DUMP_FILE = 'database.dump';

/**
 * pg_dump in custom format, sharing one snapshot with the row counts: the counting transaction
 * exports its snapshot and pg_dump reads through it, so the manifest describes the dump exactly.
 */
export async function dumpPostgres(
  databaseUrl: string,
  dir: string,
): Promise<{
  file: string;
  tables: Record<string, number>;
  auditCheckpoint: TAuditCheckpoint | null;
}> {
  const file = path.join(dir, POSTGRES_DUMP_FILE);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const run = async (text: string) => (await client.query(text)).rows;
    const tables = await countRows(run);
    const auditCheckpoint = await readAuditCheckpoint(run);
    await runTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${rows[0]?.snapshot}`, `--file=${file}`],
      databaseUrl,
    );
    await client.query('COMMIT');
    return { file, tables, auditCheckpoint };
  } finally {
    await client.end();
  }
}

/** Tables anywhere outside the system schemas: an empty database has none. */
export async function countUserTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p')
         and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg_toast%'`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Restores in one transaction, so a failure leaves the database as empty as it was. */
export async function restorePostgres(
  databaseUrl: string,
  dumpFile: string,
): Promise<Record<string, number>> {
  // Roles differ between servers: the restoring user owns what it creates.
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dumpFile],
    databaseUrl,
  );
  return countPostgresRows(databaseUrl);
}

/** Rows per table of the database at this URL, as the manifest records them. */
export async function countPostgresRows(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await countRows(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client tool; the password goes in PGPASSWORD, out of the process list. */
async function runTool(tool: string, args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const child = spawn(tool, [...args, '--no-password', `--dbname=${url.toString()}`], {
    // The environment passes through unchanged (PATH, PGSSLROOTCERT…), plus the password.
    env: inheritEnv(password ? { PGPASSWORD: password } : {}),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT')
      throw new BackupError(
        `${tool} was not found on PATH: install the PostgreSQL client tools, at least the server's version.`,
      );
    throw error;
  });
  if (code !== 0) throw new BackupError(`${tool} failed (exit ${code}): ${stderr.trim()}`);
}
