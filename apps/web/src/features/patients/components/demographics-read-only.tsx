import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { formatDate } from '#src/lib/format.ts';

export function DemographicsReadOnly({ patient }: { patient: TPatientDetail }) {
  const rows: Array<[string, string]> = [
    ['Full Name', patient.fullName],
    ['Date of Birth', formatDate(patient.dob)],
    ['Intake Date', formatDate(patient.intakeDate)],
    ['Evaluation Date', formatDate(patient.evalDate)],
    ['Last Treatment Date', formatDate(patient.lastTreatmentDate)],
    [
      'Assigned Clinics',
      patient.clinics.map((clinic) => clinic.name).join(', ') || 'No clinics assigned',
    ],
    ['Attorney Firm', patient.firm?.name ?? 'Unknown Firm'],
    ['Lienholders', patient.lienholders.map((item) => item.name).join(', ') || 'None'],
    ['Best Point of Contact Name', patient.pointOfContactName ?? 'Not set'],
    ['Best Point of Contact Phone', patient.pointOfContactPhone ?? 'Not set'],
  ];
  return (
    <section
      aria-labelledby="demographics-heading"
      className="rounded-lg border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="demographics-heading" className="font-semibold text-ink">
        Demographics
      </h2>
      <p className="mb-4 text-sm text-ink-muted">
        Read-only: only the treating clinic or an administrator can edit.
      </p>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
