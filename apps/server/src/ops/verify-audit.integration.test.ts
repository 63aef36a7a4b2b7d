import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPglite, openDatabase, type Database } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema/index.ts';
import {
  formatAuditCheckpoint,
  type TAuditCheckpoint,
} from '@casebridge/domain/audit/audit-chain.schemas';
import { getChainHead } from '#src/modules/audit/audit-chain.queries.ts';
import { writeAudit } from '#src/modules/audit/audit.service.ts';
import { runNode } from '#src/test/run-node.ts';
import { readManifest } from './backup-manifest.ts';
import { getPgdataDir } from './backup-pglite.ts';
import { startBackupSource, type BackupSource } from './backup-test-support.ts';

const kind = inject('testTemplate').kind;
const verify = (env: Record<string, string>, args: string[] = []) =>
  runNode(['apps/server/src/ops/verify-audit.ts', ...args], env);

/** The database the command reads, opened by the test itself once the server (on PGlite) is gone. */
async function withCommandDatabase(
  source: BackupSource,
  run: (database: Database) => Promise<void>,
) {
  if (kind === 'postgres') return run({ db: source.server.context.db } as Database);
  const database = await openDatabase({
    pglite: await createPglite(getPgdataDir(source.env.DATA_DIR ?? '')),
  });
  try {
    await run(database);
  } finally {
    await database.close();
  }
}

/** Edits the log as only someone past the append-only trigger can. */
async function tamper(database: Database, statement: ReturnType<typeof sql>) {
  await database.db.execute(sql`alter table audit_logs disable trigger audit_logs_append_only`);
  await database.db.execute(statement);
  await database.db.execute(sql`alter table audit_logs enable trigger audit_logs_append_only`);
}

describe('npm run audit:verify', () => {
  let source: BackupSource;
  let isServerOpen = true;
  beforeAll(async () => {
    source = await startBackupSource();
    for (const details of ['one', 'two', 'three'])
      await writeAudit(source.server.context.db, { action: 'health_check_run', details });
  });
  afterAll(async () => {
    if (isServerOpen) await source.server.close();
  });

  it('prints the count when the chain is intact and exits 0', async () => {
    if (kind === 'pglite') {
      const held = await verify(source.env);
      expect(held.code).toBe(2);
      expect(held.output).toMatch(/holds .*Verify audit chain/s);
      await source.server.close();
      isServerOpen = false;
    }
    let rows = 0;
    await withCommandDatabase(source, async ({ db }) => {
      rows = (await db.select().from(auditLogs)).length;
    });
    const result = await verify(source.env);
    expect(result.output.trim()).toBe(`Audit chain intact: ${rows} rows`);
    expect(result.code).toBe(0);
  });

  it('names the first row whose content was changed and exits 1', async () => {
    let target = 0;
    await withCommandDatabase(source, async (database) => {
      const rows = await database.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .orderBy(auditLogs.id);
      target = rows.at(-2)?.id ?? 0;
      await tamper(database, sql`update audit_logs set details = 'edited' where id = ${target}`);
    });
    const result = await verify(source.env);
    expect(result.output.trim()).toBe(
      `Audit chain broken at row #${target} (its hash does not match its content)`,
    );
    expect(result.code).toBe(1);
  });
});

describe('npm run audit:verify against a checkpoint kept outside the database', () => {
  let source: BackupSource;
  let isServerOpen = true;
  let backupDir: string;
  let checkpoint: TAuditCheckpoint;
  beforeAll(async () => {
    source = await startBackupSource();
    for (const details of ['one', 'two', 'three'])
      await writeAudit(source.server.context.db, { action: 'health_check_run', details });
    backupDir = path.join(await mkdtemp(path.join(inject('testTemplate').root, 'ckpt-')), 'b');
    const backup = await runNode(['apps/server/src/ops/backup.ts', backupDir], source.env);
    if (backup.code !== 0) throw new Error(`the backup failed:\n${backup.output}`);
    const head = await getChainHead(source.server.context.db);
    if (!head) throw new Error('the seeded log is empty');
    checkpoint = head;
    // The embedded database opens in one process at a time: the command's, from here on.
    if (kind === 'pglite') {
      await source.server.close();
      isServerOpen = false;
    }
  });
  afterAll(async () => {
    if (isServerOpen) await source.server.close();
  });

  it('exits 0 when the chain still holds the checkpoint, given or from a backup', async () => {
    expect((await readManifest(backupDir)).auditCheckpoint).toEqual(checkpoint);
    let rows = 0;
    await withCommandDatabase(source, async ({ db }) => {
      rows = (await db.select().from(auditLogs)).length;
    });
    const intact = `Audit chain intact: ${rows} rows, checkpoint #${checkpoint.id} matches`;
    const given = await verify(source.env, ['--checkpoint', formatAuditCheckpoint(checkpoint)]);
    expect(given.output.trim()).toBe(intact);
    expect(given.code).toBe(0);
    const fromBackup = await verify(source.env, ['--backup', backupDir]);
    expect(fromBackup.output.trim()).toBe(intact);
    expect(fromBackup.code).toBe(0);
  });

  it('refuses a checkpoint it cannot read with exit status 2', async () => {
    const result = await verify(source.env, ['--checkpoint', 'last-tuesday']);
    expect(result.output.trim()).toBe('Not a checkpoint (<id>:<hash>): last-tuesday');
    expect(result.code).toBe(2);
  });

  it('reports a tail cut since the checkpoint, which the walk alone cannot see, and exits 1', async () => {
    await withCommandDatabase(source, (database) =>
      tamper(database, sql`delete from audit_logs where id >= ${checkpoint.id - 1}`),
    );
    // What is left still links up: without a checkpoint the cut goes unseen.
    const walk = await verify(source.env);
    expect(walk.output.trim()).toMatch(/^Audit chain intact: \d+ rows$/);
    expect(walk.code).toBe(0);
    const cut = `Audit chain broken at row #${checkpoint.id} (the checkpoint row is missing: the log was cut)`;
    const given = await verify(source.env, ['--checkpoint', formatAuditCheckpoint(checkpoint)]);
    expect(given.output.trim()).toBe(cut);
    expect(given.code).toBe(1);
    const fromBackup = await verify(source.env, ['--backup', backupDir]);
    expect(fromBackup.output.trim()).toBe(cut);
    expect(fromBackup.code).toBe(1);
  });
});
