import { LEGACY_COLLECTIONS, type LegacyCollection } from './legacy-export.schema.ts';

export type CollectionCounts = {
  /** New CaseBridge records made from source records. */
  created: number;
  /** Source records matched to a record CaseBridge already had, which is kept as it is. */
  merged: number;
  /** Source records a previous run imported, unchanged since: nothing to do. */
  unchanged: number;
  skipped: number;
};

export type ImportSkip = { collection: LegacyCollection; sourceId: string | null; reason: string };
export type ImportNote = { collection: LegacyCollection; sourceId: string; note: string };
export type ImportWarning = { collection: LegacyCollection; sourceId: string; warning: string };

/** What an import did (or, with --dry-run, would do), per collection and per skipped record. */
export type ImportReport = {
  dryRun: boolean;
  startedAt: string;
  finishedAt: string | null;
  collections: Record<LegacyCollection, CollectionCounts>;
  /** Every skipped source record with its reason. */
  skips: ImportSkip[];
  /** Records imported with something worth knowing (a link left out, an inactive account). */
  notes: ImportNote[];
  /**
   * Records imported with a value assumed or changed (an unknown status, an ambiguous day) or
   * that nobody but an admin can see (no clinic, no firm): each for a person to look at.
   */
  warnings: ImportWarning[];
  /** New users e-mailed an invitation to set their password (none on a dry run). */
  invitationsQueued: number;
  /** Top-level keys of the export that are no collection the importer knows. */
  unknownKeys: string[];
};

export function createReport(dryRun: boolean, unknownKeys: string[]): ImportReport {
  return {
    dryRun,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    collections: Object.fromEntries(
      LEGACY_COLLECTIONS.map((name) => [name, { created: 0, merged: 0, unchanged: 0, skipped: 0 }]),
    ) as Record<LegacyCollection, CollectionCounts>,
    skips: [],
    notes: [],
    warnings: [],
    invitationsQueued: 0,
    unknownKeys,
  };
}

export function totalsOf(report: ImportReport): CollectionCounts {
  const totals = { created: 0, merged: 0, unchanged: 0, skipped: 0 };
  for (const counts of Object.values(report.collections)) {
    totals.created += counts.created;
    totals.merged += counts.merged;
    totals.unchanged += counts.unchanged;
    totals.skipped += counts.skipped;
  }
  return totals;
}

const COLUMNS = ['created', 'merged', 'unchanged', 'skipped'] as const;

function headline(report: ImportReport): string {
  if (report.dryRun) return 'Dry run: nothing was written and nobody was invited.';
  const totals = totalsOf(report);
  return totals.created + totals.merged > 0
    ? 'Import committed.'
    : 'Nothing to import: every record was imported before or is skipped.';
}

/** The report as the command prints it: a table of counts, then every skip and note. */
export function formatReport(report: ImportReport): string {
  const rows = [
    ...LEGACY_COLLECTIONS.map((name) => [name, ...COLUMNS.map((c) => report.collections[name][c])]),
    ['total', ...COLUMNS.map((column) => totalsOf(report)[column])],
  ];
  const header = ['collection', ...COLUMNS];
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => String(row[index]).length)),
  );
  const line = (cells: readonly (string | number)[]) =>
    cells
      .map((cell, index) =>
        index === 0 ? String(cell).padEnd(widths[index]!) : String(cell).padStart(widths[index]!),
      )
      .join('  ');
  const separator = widths.map((width) => '-'.repeat(width)).join('  ');
  const lines = [
    headline(report),
    '',
    line(header),
    separator,
    ...rows.slice(0, -1).map(line),
    separator,
    line(rows.at(-1)!),
    '',
    `Invitations queued: ${report.invitationsQueued}`,
  ];
  if (report.unknownKeys.length > 0)
    lines.push(`Not imported (unknown top-level keys): ${report.unknownKeys.join(', ')}`);
  if (report.skips.length > 0) {
    lines.push('', 'Skipped:');
    for (const skip of report.skips)
      lines.push(`  ${skip.collection}/${skip.sourceId ?? '(no id)'}: ${skip.reason}`);
  }
  if (report.warnings.length > 0) {
    lines.push('', 'Warnings (imported, but look at these records):');
    for (const warning of report.warnings)
      lines.push(`  ${warning.collection}/${warning.sourceId}: ${warning.warning}`);
  }
  if (report.notes.length > 0) {
    lines.push('', 'Notes:');
    for (const note of report.notes)
      lines.push(`  ${note.collection}/${note.sourceId}: ${note.note}`);
  }
  return lines.join('\n');
}
