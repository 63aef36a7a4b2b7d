// The migration rule (check-migrations.mjs) on made-up migrations: what counts as breaking the
// release still running, and that a contract line lets it through. Run by `npm test`.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { FIRST_CHECKED, findBreakingMigrations } from './check-migrations.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'casebridge-migrations-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let next = FIRST_CHECKED;

/** Writes a migration numbered from FIRST_CHECKED on and returns what the rule says of it alone. */
function check(sql) {
  const file = `${String(next++).padStart(4, '0')}_planted.sql`;
  writeFileSync(path.join(dir, file), sql);
  return findBreakingMigrations(dir)
    .filter((problem) => problem.file === file)
    .map((problem) => problem.why);
}

describe('the migration rule', () => {
  it('lets additions through', () => {
    assert.deepEqual(
      check(
        'CREATE TABLE "visits" ("id" uuid PRIMARY KEY NOT NULL);\n--> statement-breakpoint\n' +
          'ALTER TABLE "patients" ADD COLUMN "accident_date" date;\n--> statement-breakpoint\n' +
          'ALTER TABLE "patients" ADD COLUMN "stage" text DEFAULT \'intake\' NOT NULL;\n--> statement-breakpoint\n' +
          'CREATE INDEX "visits_id" ON "visits" ("id");\n--> statement-breakpoint\nDROP INDEX "old_index";',
      ),
      [],
    );
  });

  it('refuses what breaks the older code', () => {
    assert.deepEqual(check('ALTER TABLE "patients" DROP COLUMN "notes";'), ['drops']);
    assert.deepEqual(check('DROP TABLE "digests";'), ['drops']);
    assert.deepEqual(check('ALTER TABLE "patients" RENAME COLUMN "a" TO "b";'), ['renames']);
    assert.deepEqual(check('ALTER TABLE "patients" ALTER COLUMN "dob" SET DATA TYPE text;'), [
      'changes a column type',
    ]);
    assert.deepEqual(check('ALTER TABLE "patients" ALTER COLUMN "phone" SET NOT NULL;'), [
      'makes a column required',
    ]);
    assert.deepEqual(check('ALTER TABLE "patients" ADD COLUMN "mrn" text NOT NULL;'), [
      'adds a required column without a default',
    ]);
  });

  it('lets a contract through when its file says so', () => {
    assert.deepEqual(
      check(
        '-- contract: nothing reads notes since 0.2.0\nALTER TABLE "patients" DROP COLUMN "notes";',
      ),
      [],
    );
  });

  it('holds for the committed migrations', () => {
    assert.deepEqual(findBreakingMigrations(path.resolve('apps/server/src/db/migrations')), []);
  });
});
