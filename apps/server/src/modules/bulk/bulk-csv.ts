import { toCsvLine } from '#src/lib/csv.ts';
import type { BulkPatient } from './bulk.queries.ts';

/** The export's columns: what the dashboards' rows show, and the reader's own reference. */
export const PATIENT_EXPORT_COLUMNS = [
  'Patient',
  'Date of birth',
  'Status',
  'Clinics',
  'Attorney firm',
  'Intake date',
  'Last treatment',
  'Days since care (open gap)',
  'Your reference',
] as const;

/**
 * The chosen patients as CSV, one line each, through the one CSV writer (`lib/csv.ts`), so a
 * name or a reference starting with '=' never runs as a formula.
 */
export function toPatientsCsv(rows: readonly BulkPatient[]): string {
  return [
    toCsvLine(PATIENT_EXPORT_COLUMNS),
    ...rows.map((row) =>
      toCsvLine([
        row.fullName,
        row.dob,
        row.treatmentStatus,
        row.clinics.map((clinic) => clinic.name).join('; '),
        row.firmName,
        row.intakeDate,
        row.lastTreatmentDate,
        row.gapDays,
        row.externalId,
      ]),
    ),
  ].join('');
}
