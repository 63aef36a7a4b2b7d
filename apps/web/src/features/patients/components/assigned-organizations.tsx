import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';

function NameList({ names, empty }: { names: string[]; empty: string }) {
  if (names.length === 0) return <dd className="text-ink-muted">{empty}</dd>;
  return (
    <dd>
      <ul className="space-y-0.5 font-medium text-ink">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </dd>
  );
}

/**
 * The patient's clinics, firm and lienholders as text, in the Demographics form of a user who
 * may edit the patient but not reassign it: a list reads better than disabled selects.
 */
export function AssignedOrganizations({ patient }: { patient: TPatientDetail }) {
  return (
    <div className="sm:col-span-2">
      <dl className="grid gap-4 rounded-md border border-border bg-surface-muted p-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-ink-muted">Assigned Clinics</dt>
          <NameList
            names={patient.clinics.map((clinic) => clinic.name)}
            empty="No clinics assigned"
          />
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Attorney Firm</dt>
          <NameList names={patient.firm ? [patient.firm.name] : []} empty="Unknown Firm" />
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Lienholders</dt>
          <NameList names={patient.lienholders.map((item) => item.name)} empty="None" />
        </div>
      </dl>
      <p className="mt-1 text-xs text-ink-muted">
        Only an administrator can change the assigned clinics, firm and lienholders.
      </p>
    </div>
  );
}
