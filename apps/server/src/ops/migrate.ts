import '#src/runtime-check.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, migrateDatabase } from '#src/db/client.ts';
import { DataDirLockedError } from '#src/db/data-dir-lock.ts';
import { parseEnv } from '#src/env.ts';
import { withCommandDatabase } from './ops-database.ts';

/**
 * `casebridge migrate` (`npm run migrate`): brings the configured database up to this release's
 * schema and exits, so an upgrade migrates once before its instances start
 * (docs/deployment.md#upgrading). Instances migrate at start as well; after this step they find
 * nothing left to do.
 */
function latestMigration(): { count: number; tag: string } {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return { count: journal.entries.length, tag: journal.entries.at(-1)?.tag ?? '(none)' };
}

try {
  await withCommandDatabase(parseEnv(), migrateDatabase);
  const { count, tag } = latestMigration();
  console.info(`Database migrated: ${count} migrations, the latest ${tag}`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
