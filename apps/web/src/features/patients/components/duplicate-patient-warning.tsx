import { PATIENT_MESSAGES, type TPatientMatch } from '@casebridge/domain/patients/patient.schemas';
import { Link } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { formatDate } from '#src/lib/format.ts';

/**
 * Add Patient's warning that the patient may already exist: links to each match the user can
 * see, and 'Create anyway' to add the new patient all the same.
 */
export function DuplicatePatientWarning({
  duplicates,
  isPending,
  onCreateAnyway,
}: {
  duplicates: readonly TPatientMatch[];
  isPending: boolean;
  onCreateAnyway: () => void;
}) {
  return (
    <div
      role="alert"
      className="space-y-2 rounded-md border border-danger p-3 text-sm text-ink sm:col-span-2"
    >
      <p className="font-medium">{PATIENT_MESSAGES.duplicate}:</p>
      <ul className="list-disc pl-5">
        {duplicates.map((patient) => (
          <li key={patient.id}>
            <Link to={`/patients/${patient.id}`} className="text-brand underline">
              {patient.fullName}
            </Link>{' '}
            (born {formatDate(patient.dob)})
          </li>
        ))}
      </ul>
      <p className="text-ink-muted">Open the existing patient, or create a new one anyway.</p>
      <Button variant="secondary" onClick={onCreateAnyway} disabled={isPending}>
        Create anyway
      </Button>
    </div>
  );
}
