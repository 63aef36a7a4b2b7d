import '#src/runtime-check.ts';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createPglite, migrateDatabase, openDatabase, type Database } from '#src/db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from '#src/db/data-dir-lock.ts';
import { parseEnv, type Env } from '#src/env.ts';
import { bindAuditKeyring, loadAuditKeyring } from '#src/modules/audit/audit-key.ts';
import { createFileStorage } from '#src/storage/create-file-storage.ts';
import { loadDocumentKeyring } from '#src/storage/document-encryption.ts';
import { getPgdataDir } from '#src/ops/backup-pglite.ts';
import { importLegacyExport } from './import-legacy.ts';
import { createProgressPrinter } from './import-progress.ts';
import { formatReport } from './import-report.ts';
import { ZLegacyExport } from './legacy-export.schema.ts';

/** A refusal told without a stack: unreadable file, invalid export, database held. */
class ImportRefusedError extends Error {}

const USAGE = 'Usage: npm run import -- <export.json> [--dry-run] [--report <report.json>]';

function readArguments(argv: readonly string[]) {
  const files: string[] = [];
  let dryRun = false;
  let reportPath: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--dry-run') dryRun = true;
    else if (argument === '--report') reportPath = argv[(index += 1)];
    else if (argument.startsWith('--'))
      throw new ImportRefusedError(`Unknown option ${argument}\n${USAGE}`);
    else files.push(argument);
  }
  if (files.length !== 1 || (reportPath !== undefined && reportPath.startsWith('--')))
    throw new ImportRefusedError(USAGE);
  return { file: path.resolve(files[0]!), dryRun, reportPath };
}

/** The export, read and checked at the top level; any failure is a refusal naming the file. */
async function readExport(file: string) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ImportRefusedError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ImportRefusedError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = ZLegacyExport.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    throw new ImportRefusedError(
      `${file} is not an export of the old system: ${problems.join('; ')}`,
    );
  }
  return parsed.data;
}

/**
 * The configured database, migrated: DATABASE_URL, else the embedded one in DATA_DIR under its
 * lock (only one process may open it, so the server must be stopped for an import).
 */
async function withDatabase<T>(env: Env, run: (database: Database) => Promise<T>): Promise<T> {
  let lock;
  if (!env.databaseUrl) {
    try {
      lock = await acquireDataDirLock(env.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      throw new ImportRefusedError(
        `The server (pid ${error.holder.pid}) holds ${env.dataDir}: stop it, then run the import again.`,
      );
    }
  }
  try {
    const database = await openDatabase(
      env.databaseUrl
        ? { databaseUrl: env.databaseUrl }
        : { pglite: await createPglite(getPgdataDir(env.dataDir)) },
    );
    try {
      await migrateDatabase(database);
      bindAuditKeyring(database.db, loadAuditKeyring(env));
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

/**
 * `npm run import -- <export.json> [--dry-run] [--report <file>]`: imports an export of the old
 * system's document database (docs/decisions/0023-legacy-import.md), prints the report as a
 * table and writes it as JSON. Exit status 0 when the import ran (records may have been
 * skipped: see the report), 1 when it was refused or failed, 2 on wrong arguments.
 */
try {
  const args = readArguments(process.argv.slice(2));
  const parsed = await readExport(args.file);
  const env = parseEnv();
  const report = await withDatabase(env, (database) =>
    importLegacyExport(database.db, parsed, {
      dryRun: args.dryRun,
      appUrl: env.appUrl,
      files: { storage: createFileStorage(env), keyring: loadDocumentKeyring(env) },
      onProgress: createProgressPrinter(),
    }),
  );
  const reportPath = path.resolve(
    args.reportPath ??
      path.join(
        env.dataDir,
        'import-reports',
        `import-${report.startedAt.replaceAll(':', '-')}${args.dryRun ? '-dry-run' : ''}.json`,
      ),
  );
  await mkdir(path.dirname(reportPath), { recursive: true });
  await writeFile(reportPath, `${JSON.stringify({ file: args.file, ...report }, null, 2)}\n`);
  console.info(formatReport(report));
  console.info(`\nReport written to ${reportPath}`);
  process.exit(0);
} catch (error) {
  if (error instanceof ImportRefusedError) {
    console.error(error.message);
    process.exit(error.message.startsWith('Usage') || error.message.startsWith('Unknown') ? 2 : 1);
  }
  console.error(error);
  process.exit(1);
}
