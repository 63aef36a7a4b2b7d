import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  formatAuditCheckpoint,
  type TAuditCheckpoint,
} from '@casebridge/domain/audit/audit-chain.schemas';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { documents, patients } from '#src/db/schema/index.ts';
import { OUTBOX_JOBS } from '#src/jobs/job-pauses.ts';
import { getChainHead } from '#src/modules/audit/audit-chain.queries.ts';
import { multipartBody, samplePdf } from '#src/modules/documents/document-test-files.ts';
import { runNode } from '#src/test/run-node.ts';
import { startS3Emulator, type S3Emulator } from '#src/test/s3-emulator.ts';
import { toCookieHeader } from '#src/test/test-server.ts';
import { readManifest, type TBackupManifest } from './backup-manifest.ts';
import {
  countLiveRows,
  createEmptyTarget,
  hashStore,
  startBackupSource,
  type BackupSource,
  type CommandEnv,
} from './backup-test-support.ts';

const backup = (dir: string, env: CommandEnv) =>
  runNode(['apps/server/src/ops/backup.ts', dir], env);
const restore = (dir: string, env: CommandEnv) =>
  runNode(['apps/server/src/ops/restore.ts', dir], env);

const kind = inject('testTemplate').kind;
const newDir = (name: string) => mkdtemp(path.join(inject('testTemplate').root, `${name}-`));

let emulator: S3Emulator | undefined;
let buckets = 0;
/** A STORAGE_URL for a prefix of the bucket that holds nothing yet. */
async function freshBucketPrefix(): Promise<string> {
  emulator ??= await startS3Emulator();
  buckets += 1;
  return emulator.storageUrl(`drill-${buckets}`);
}
afterAll(async () => emulator?.stop());

/** The drill on DATA_DIR/files and on an S3-compatible store (STORAGE_URL), source and target. */
const stores: [string, () => Promise<string | undefined>][] = [
  ['files on disk', async () => undefined],
  ['files on S3', freshBucketPrefix],
];

describe.each(stores)(`backup and restore (${kind}, %s)`, (storeName, storeUrl) => {
  let source: BackupSource;
  let backupDir: string;
  let manifest: TBackupManifest;
  let uploadedKey: string;
  let sourceCounts: Record<string, number>;
  let sourceFiles: Record<string, string>;
  let sourceHead: TAuditCheckpoint | null;
  let isSourceClosed = false;
  let backupOutput: { code: number | string; output: string };

  beforeAll(async () => {
    source = await startBackupSource(await storeUrl());
    const { app, context } = source.server;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'clinic@demo.test', password: DEMO_PASSWORD },
    });
    const [patient] = await context.db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.fullName, 'Maria Delgado'));
    const body = multipartBody(
      { category: 'MRI' },
      { fileName: 'after-seed.pdf', data: samplePdf() },
    );
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/patients/${patient?.id}/documents`,
      headers: { cookie: toCookieHeader(login), ...body.headers },
      payload: body.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.body}`);
    const [row] = await context.db
      .select({ key: documents.storageKey })
      .from(documents)
      .where(eq(documents.id, uploaded.json().id));
    uploadedKey = row?.key ?? '';

    backupDir = path.join(await newDir('backup'), 'nightly');
    backupOutput = await backup(backupDir, source.env);
    manifest = await readManifest(backupDir).catch(() => {
      throw new Error(`the backup failed:\n${backupOutput.output}`);
    });
    sourceCounts = await countLiveRows(context.db);
    sourceHead = await getChainHead(context.db);
    sourceFiles = await hashStore(context.storage);
  });
  afterAll(async () => {
    if (!isSourceClosed) await source?.server.close();
  });

  it('writes a manifest of the row counts and file hashes it holds', () => {
    expect(backupOutput.output).toContain(`Backup written to ${backupDir}`);
    expect(backupOutput.code).toBe(0);
    // Only the server may open its embedded database: the command asked it to write the backup.
    if (kind === 'pglite')
      expect(backupOutput.output).toContain(`by the running server (pid ${process.pid})`);
    expect(manifest.database.kind).toBe(kind);
    expect(manifest.database.tables).toEqual(sourceCounts);
    expect(manifest.database.tables['public.documents']).toBeGreaterThan(0);
    const files = Object.fromEntries(manifest.files.map((file) => [file.key, file.sha256]));
    expect(files).toEqual(sourceFiles);
    expect(Object.keys(files)).toContain(uploadedKey);
  });

  it("records the audit chain's last row at the dump as its checkpoint", () => {
    // Read after the dump in the same state as it (the counts above match).
    expect(sourceHead).not.toBeNull();
    expect(manifest.auditCheckpoint).toEqual(sourceHead);
    expect(backupOutput.output).toContain(`audit checkpoint ${formatAuditCheckpoint(sourceHead!)}`);
  });

  it('restores into an empty target with equal row counts and file hashes', async () => {
    const target = await createEmptyTarget(await storeUrl());
    const result = await restore(backupDir, target.env);
    expect(result.output).toContain(`Restored and verified ${backupDir}`);
    expect(result.code).toBe(0);
    // The restored audit chain, under the same key, still ends at the manifest's checkpoint.
    expect(result.output).toContain(
      `Audit chain intact: ${sourceCounts['public.audit_logs']} rows, checkpoint #${sourceHead?.id} matches`,
    );
    // A restore is not the original: its mail and webhook jobs wait, paused, for an admin.
    expect(result.output).toContain('Mail and webhooks are paused');
    expect(await target.counts()).toEqual({
      ...sourceCounts,
      'public.job_pauses': OUTBOX_JOBS.length,
    });
    expect(await hashStore(target.storage)).toEqual(sourceFiles);

    const again = await restore(backupDir, target.env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(
      kind === 'pglite'
        ? /already holds a database: restore only into an empty DATA_DIR/
        : /already has tables: restore only into an empty database/,
    );
  });

  // The check does not depend on where the files are: once is enough.
  it.runIf(storeName === 'files on disk')(
    'restores under another audit key, warning that the chain does not verify under it',
    async () => {
      const target = await createEmptyTarget(await storeUrl());
      const otherKey = Buffer.alloc(32, 'another audit key').toString('base64');
      const result = await restore(backupDir, { ...target.env, AUDIT_KEY: otherKey });
      expect(result.code).toBe(0);
      expect(result.output).toContain(`Restored and verified ${backupDir}`);
      expect(result.output).toMatch(
        /Warning: Audit chain broken at row #\d+ \(signed under a key the configuration does not hold\): set AUDIT_KEY/,
      );
      expect(await target.counts()).toEqual({
        ...sourceCounts,
        'public.job_pauses': OUTBOX_JOBS.length,
      });
    },
  );

  it('refuses a tampered backup, naming the file, and restores nothing', async () => {
    const tampered = path.join(await newDir('tampered'), 'copy');
    await cp(backupDir, tampered, { recursive: true });
    const file = path.join(tampered, 'files', ...uploadedKey.split('/'));
    await writeFile(file, Buffer.concat([await readFile(file), Buffer.from('%changed')]));

    const target = await createEmptyTarget(await storeUrl());
    const result = await restore(tampered, target.env);
    expect(result.code).toBe(1);
    expect(result.output).toContain(`Verification of ${tampered} failed`);
    expect(result.output).toContain(`file ${uploadedKey}: its content differs from the manifest`);
    expect(await target.storage.list()).toEqual([]);
  });

  it('refuses to write a backup into a directory that is not empty', async () => {
    const result = await backup(backupDir, source.env);
    expect(result.code).toBe(1);
    expect(result.output).toContain(`${backupDir} is not empty`);
  });

  it.runIf(kind === 'pglite')(
    'backs up by itself, under the lock, once the server stopped',
    async () => {
      await source.server.close();
      const offlineDir = path.join(await newDir('offline'), 'b');
      const result = await backup(offlineDir, source.env);
      expect(result.code).toBe(0);
      expect(result.output).not.toContain('by the running server');
      const offline = await readManifest(offlineDir);
      // A server that stops removes its own row from the instances it has seen (the System page).
      expect(offline.database.tables).toEqual({ ...sourceCounts, 'public.server_instances': 0 });
    },
  );
});
