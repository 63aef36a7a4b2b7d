import { canChangeStatus } from '@casebridge/domain/patients/patient.policy';
import { PATIENT_MESSAGES, type TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import {
  TREATMENT_STATUSES,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import { Pencil, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Select } from '#src/components/ui/input.tsx';
import { StatusBadge } from '#src/components/ui/status-badge.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useUpdatePatientStatus } from '#src/features/patients/api/patients-api.ts';

/**
 * The status badge; clinic and admin can turn it into a dropdown. Choosing a status does not save
 * it: a status change notifies the firm and the lienholders, so it takes a deliberate Save (an
 * arrow key in the dropdown only moves the choice).
 */
export function StatusControl({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const [isEditing, setIsEditing] = useState(false);
  const [choice, setChoice] = useState<TreatmentStatus>(patient.treatmentStatus);
  const updateStatus = useUpdatePatientStatus(patient.id);
  const canEdit = canChangeStatus(user);
  const selectRef = useRef<HTMLSelectElement>(null);
  // Moving focus into the dropdown when it replaces the badge keeps keyboard users in place.
  useEffect(() => {
    if (isEditing) selectRef.current?.focus();
  }, [isEditing]);

  function startEditing() {
    setChoice(patient.treatmentStatus);
    setIsEditing(true);
  }

  function handleSave(status: TreatmentStatus) {
    updateStatus.mutate(status, {
      onSuccess: () => {
        setIsEditing(false);
        toast.success(PATIENT_MESSAGES.updated);
      },
      onError: (error) => toast.error(getErrorMessage(error, 'Failed to update status')),
    });
  }

  if (isEditing) {
    return (
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          handleSave(choice);
        }}
      >
        <label htmlFor="status-select" className="sr-only">
          Treatment status
        </label>
        <Select
          id="status-select"
          ref={selectRef}
          value={choice}
          disabled={updateStatus.isPending}
          onChange={(event) => setChoice(event.target.value as TreatmentStatus)}
          className="w-64"
        >
          {TREATMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </Select>
        <Button
          type="submit"
          disabled={choice === patient.treatmentStatus || updateStatus.isPending}
        >
          {updateStatus.isPending ? 'Saving...' : 'Save status'}
        </Button>
        <button
          type="button"
          onClick={() => setIsEditing(false)}
          aria-label="Cancel status change"
          className="rounded-md p-2 text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </form>
    );
  }

  return (
    <div className="flex items-center gap-2">
      <span className="sr-only">Treatment status:</span>
      <StatusBadge status={patient.treatmentStatus} className="text-sm" />
      {canEdit ? (
        <button
          type="button"
          onClick={startEditing}
          aria-label="Edit status"
          className="rounded-md p-2 text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <Pencil className="h-4 w-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
