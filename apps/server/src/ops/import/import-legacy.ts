import type { Db } from '#src/db/client.ts';
import { Change } from '#src/change/change.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { importAuditLogs, importDocuments, importNotifications } from './import-case-records.ts';
import { importPatients, importPatientSubcollections } from './import-patients.ts';
import { importOrganizations, importTemplates, importUsers } from './import-directory.ts';
import { createReport, totalsOf, type ImportReport } from './import-report.ts';
import { ImportRun, type ImportOptions } from './import-run.ts';
import type { LegacyExport } from './legacy-export.schema.ts';

export type { ImportOptions } from './import-run.ts';

/** Thrown at the end of a dry run so its transaction rolls back with the report complete. */
class DryRunRollback extends Error {}

/**
 * Imports a parsed export of the old system (docs/decisions/0023-legacy-import.md) in ONE
 * transaction: all of it commits or none of it does. A dry run does every step, then rolls
 * back, so its report is exactly what a real run would do, and nobody is invited. Source
 * records already imported (import_records) are not touched again, so a second run of the same
 * export creates nothing.
 */
export async function importLegacyExport(
  db: Db,
  parsed: { collections: LegacyExport; unknownKeys: string[] },
  options: ImportOptions,
): Promise<ImportReport> {
  const report = createReport(options.dryRun, parsed.unknownKeys);
  const { collections } = parsed;
  let written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const run = new ImportRun(tx, report, options);
      written = run.writtenFiles;
      await run.load();
      await importOrganizations(run, collections);
      await importUsers(run, collections.users);
      await importTemplates(run, collections.messageTemplates);
      await importPatients(run, collections.patients);
      await importPatientSubcollections(run, collections.patients);
      await importDocuments(run, collections.documents);
      await importNotifications(run, collections.notifications);
      await importAuditLogs(run, collections.auditLogs);
      const totals = totalsOf(report);
      // A run that changes nothing leaves no trace, not even this row.
      if (totals.created + totals.merged > 0)
        await new Change(tx, { actor: null, context: systemContext() })
          .audit({
            action: 'data_imported',
            details:
              `Import from the old system: ${totals.created} created, ${totals.merged} merged, ` +
              `${totals.unchanged} unchanged, ${totals.skipped} skipped, ` +
              `${report.invitationsQueued} invited`,
          })
          .commit();
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) {
      // Nothing committed: the files this run stored belong to no document.
      await Promise.all(
        written.map((key) => options.files?.storage.remove(key).catch(() => undefined)),
      );
      throw error;
    }
  }
  report.finishedAt = new Date().toISOString();
  return report;
}
