#!/usr/bin/env node
// Migrations only add, so the previous release keeps serving on a schema one release newer while
// instances are upgraded one by one (docs/deployment.md#upgrading). A statement that drops,
// renames, retypes or newly requires something breaks the older code still running; it belongs in
// the contract half of a change, a release after the expand, and its file says so with a line
// `-- contract: <what stopped using it, and in which release>`.
// Usage: node scripts/check-migrations.mjs [migrations directory]; exit status 1 lists each one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Migrations before this number predate the first release and rolling upgrades. */
export const FIRST_CHECKED = 25;

const BREAKING = [
  [/\bdrop\s+(table|column|type|schema|view|materialized\s+view|function|sequence)\b/, 'drops'],
  [/\brename\s+(to|column|constraint)\b/, 'renames'],
  [/\balter\s+column\s+"?[\w]+"?\s+(set\s+data\s+)?type\b/, 'changes a column type'],
  [/\bset\s+not\s+null\b/, 'makes a column required'],
];
/** A new required column without a default refuses the older code's inserts. */
const REQUIRED_COLUMN = /\badd\s+column\s+(if\s+not\s+exists\s+)?"?\w+"?\s[^,;]*\bnot\s+null\b/;

/** Each breaking statement of the checked migrations in `dir` without a contract line. */
export function findBreakingMigrations(dir) {
  const problems = [];
  for (const file of readdirSync(dir)
    .filter((name) => /^\d{4}_.*\.sql$/.test(name))
    .toSorted()) {
    if (Number(file.slice(0, 4)) < FIRST_CHECKED) continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (/^--\s*contract:\s*\S/m.test(text)) continue;
    const statements = text
      .split('--> statement-breakpoint')
      .map((statement) =>
        statement.replace(/--.*$/gm, '').replace(/\s+/g, ' ').trim().toLowerCase(),
      );
    for (const statement of statements) {
      const found = BREAKING.find(([pattern]) => pattern.test(statement));
      const why =
        found?.[1] ??
        (REQUIRED_COLUMN.test(statement) && !/\bdefault\b/.test(statement)
          ? 'adds a required column without a default'
          : null);
      if (why) problems.push({ file, why, statement: statement.slice(0, 160) });
    }
  }
  return problems;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = process.argv[2] ?? path.join(root, 'apps/server/src/db/migrations');
  const problems = findBreakingMigrations(dir);
  for (const { file, why, statement } of problems)
    console.error(`${file} ${why}, which breaks the release still running: ${statement}`);
  if (problems.length > 0) {
    console.error(
      'Split it: add now, remove a release later, with a `-- contract:` line (docs/deployment.md#upgrading).',
    );
    process.exit(1);
  }
}
