import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TMigration, TMigrationsStatus } from '@casebridge/domain/admin/system.schemas';
import { MIGRATIONS_DIR } from '#src/db/client.ts';

/** One migration of drizzle-kit's journal (meta/_journal.json). */
export type JournalEntry = { tag: string; when: number };

let journal: Promise<JournalEntry[]> | null = null;

/** This code's migrations, read once: the journal ships with the code and never changes under it. */
export function readMigrationJournal(): Promise<JournalEntry[]> {
  journal ??= readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { entries: JournalEntry[] }).entries,
  );
  return journal;
}

/**
 * This code's journal against what the database applied. Drizzle records each applied migration
 * by its journal time, and applies a migration only when it is newer than the last applied one:
 * so an applied time that the journal lacks is a migration of newer code (during a rolling
 * upgrade), and a journal entry the database lacks is one that will not be applied by itself.
 */
export function compareMigrations(
  entries: readonly JournalEntry[],
  applied: readonly number[],
): TMigrationsStatus {
  const tagOf = new Map(entries.map((entry) => [entry.when, entry.tag]));
  const isApplied = new Set(applied);
  const migration = (when: number): TMigration => ({
    tag: tagOf.get(when) ?? null,
    createdAt: new Date(when).toISOString(),
  });
  const last = applied.at(-1);
  return {
    applied: applied.length,
    known: entries.length,
    latest: last === undefined ? null : migration(last),
    pending: entries
      .filter((entry) => !isApplied.has(entry.when))
      .map((entry) => migration(entry.when)),
    unknown: applied.filter((when) => !tagOf.has(when)).map(migration),
  };
}
