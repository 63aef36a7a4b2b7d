import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPglite, openDatabase, type Database } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema/index.ts';
import { writeAudit } from '#src/modules/audit/audit.service.ts';
import { runNode } from '#src/test/run-node.ts';
import { getPgdataDir } from './backup-pglite.ts';
import { startBackupSource, type BackupSource } from './backup-test-support.ts';

const kind = inject('testTemplate').kind;
const verify = (env: Record<string, string>) =>
  runNode(['apps/server/src/ops/verify-audit.ts'], env);

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

  /** The database the command reads, opened by this test once the server (on PGlite) is gone. */
  async function withCommandDatabase(run: (database: Database) => Promise<void>) {
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

  it('prints the count when the chain is intact and exits 0', async () => {
    if (kind === 'pglite') {
      const held = await verify(source.env);
      expect(held.code).toBe(2);
      expect(held.output).toMatch(/holds .*Verify audit chain/s);
      await source.server.close();
      isServerOpen = false;
    }
    let rows = 0;
    await withCommandDatabase(async ({ db }) => {
      rows = (await db.select().from(auditLogs)).length;
    });
    const result = await verify(source.env);
    expect(result.output.trim()).toBe(`Audit chain intact: ${rows} rows`);
    expect(result.code).toBe(0);
  });

  it('names the first row whose content was changed and exits 1', async () => {
    let target = 0;
    await withCommandDatabase(async ({ db }) => {
      const rows = await db.select({ id: auditLogs.id }).from(auditLogs).orderBy(auditLogs.id);
      target = rows.at(-2)?.id ?? 0;
      await db.execute(sql`alter table audit_logs disable trigger audit_logs_append_only`);
      await db.execute(sql`update audit_logs set details = 'edited' where id = ${target}`);
      await db.execute(sql`alter table audit_logs enable trigger audit_logs_append_only`);
    });
    const result = await verify(source.env);
    expect(result.output.trim()).toBe(`Audit chain broken at row #${target}`);
    expect(result.code).toBe(1);
  });
});
