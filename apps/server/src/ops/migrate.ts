import '#src/runtime-check.ts';
import { migrateDatabase } from '#src/db/client.ts';
import { DataDirLockedError } from '#src/db/data-dir-lock.ts';
import { parseEnv } from '#src/env.ts';
import { readMigrationJournal } from '#src/modules/system/migration-status.ts';
import { withCommandDatabase } from './ops-database.ts';

/**
 * `casebridge migrate` (`npm run migrate`): brings the configured database up to this release's
 * schema and exits, so an upgrade migrates once before its instances start
 * (docs/deployment.md#upgrading). Instances migrate at start as well; after this step they find
 * nothing left to do.
 */
try {
  await withCommandDatabase(parseEnv(), migrateDatabase);
  const journal = await readMigrationJournal();
  console.info(
    `Database migrated: ${journal.length} migrations, the latest ${journal.at(-1)?.tag ?? '(none)'}`,
  );
  process.exit(0);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
