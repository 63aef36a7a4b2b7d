import { canChangeStatus } from '@casebridge/domain/patients/patient.policy';
import {
  PATIENT_MESSAGES,
  STATUS_UNDO_SECONDS,
  ZUpdateStatusRequest,
  type TPatientDetail,
} from '@casebridge/domain/patients/patient.schemas';
import {
  TREATMENT_STATUSES,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import { Pencil, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Select } from '#src/components/ui/input.tsx';
import { StatusBadge } from '#src/components/ui/status-badge.tsx';
import { getErrorMessage, getStaleWriteCurrent } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { formatClockTime } from '#src/lib/format.ts';
import { parsePatientDetail } from '#src/features/patients/api/patient-answers.ts';
import {
  useUndoStatusChange,
  useUpdatePatientStatus,
} from '#src/features/patients/api/patients-api.ts';

/** What the control needs of a patient: a patient page's detail or a dashboard row. */
export type StatusTarget = Pick<TPatientDetail, 'id' | 'fullName' | 'treatmentStatus' | 'version'>;

/** Someone else's status change that refused the user's save. */
type StatusConflict = { byName: string | null; at: string; status: TreatmentStatus };

/**
 * The status badge; clinic and admin can turn it into a dropdown. A status change notifies the
 * firm and the lienholders, so it takes a deliberate act: choose (an arrow key only moves the
 * choice), then confirm in a dialog that names the change. The change is made from the version
 * the user saw; if someone changed the status meanwhile, nothing is saved and the control says
 * who changed it to what. After a change a toast offers Undo while the other parties have not
 * yet been told (STATUS_UNDO_SECONDS). In a dashboard row (`inRow`) the same control changes the
 * status without leaving the list; its controls then name the patient.
 */
export function StatusControl({
  patient,
  inRow = false,
}: {
  patient: StatusTarget;
  inRow?: boolean;
}) {
  const user = useCurrentUser();
  const [isEditing, setIsEditing] = useState(false);
  // The choice and the version it is made from: a save names the version the user saw.
  const form = useDomainForm(ZUpdateStatusRequest, {
    defaultValues: { treatmentStatus: patient.treatmentStatus, version: patient.version },
    toastFirstError: false,
  });
  const choice = form.watch('treatmentStatus');
  const [isConfirming, setIsConfirming] = useState(false);
  const [conflict, setConflict] = useState<StatusConflict | null>(null);
  const updateStatus = useUpdatePatientStatus(patient.id);
  const undoChange = useUndoStatusChange();
  const canEdit = canChangeStatus(user);
  const { setFocus } = form;
  // Moving focus into the dropdown when it replaces the badge keeps keyboard users in place.
  useEffect(() => {
    if (isEditing) setFocus('treatmentStatus');
  }, [isEditing, setFocus]);

  function startEditing() {
    form.reset({ treatmentStatus: patient.treatmentStatus, version: patient.version });
    setConflict(null);
    setIsEditing(true);
  }

  // The user may leave the page while a change is saved, and the Undo toast stays after they
  // left: both outcomes follow mutateAsync (architecture.md, 'Outcomes of a change').
  function undo(patientId: string, changeId: string) {
    undoChange.mutateAsync({ patientId, changeId }).then(
      () => toast.success(PATIENT_MESSAGES.statusUndone),
      (error: unknown) => toast.error(getErrorMessage(error, 'Failed to undo the change')),
    );
  }

  function save() {
    setIsConfirming(false);
    const patientId = patient.id;
    const { treatmentStatus, version = patient.version } = form.getValues();
    updateStatus.mutateAsync({ treatmentStatus, version }).then(
      ({ undo: hold }) => {
        setIsEditing(false);
        if (!hold) return;
        toast.success(PATIENT_MESSAGES.updated, {
          description: `The other parties are told in ${STATUS_UNDO_SECONDS} seconds.`,
          duration: Math.max(1_000, Date.parse(hold.until) - Date.now()),
          action: { label: 'Undo', onClick: () => undo(patientId, hold.changeId) },
        });
      },
      (error: unknown) => {
        const current = parsePatientDetail(getStaleWriteCurrent(error));
        if (!current) {
          toast.error(getErrorMessage(error, 'Failed to update status'));
          return;
        }
        // Shown in place; the next save is made from the version now on screen.
        setConflict({
          byName: current.updatedByName,
          at: current.updatedAt,
          status: current.treatmentStatus,
        });
        form.setValue('version', current.version);
      },
    );
  }

  const selectId = inRow ? `status-select-${patient.id}` : 'status-select';
  const named = (label: string) => (inRow ? `${label} of ${patient.fullName}` : label);

  if (isEditing) {
    return (
      <div className="flex flex-col gap-2">
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={form.submitWith(() => setIsConfirming(true))}
        >
          <label htmlFor={selectId} className="sr-only">
            {named('Treatment status')}
          </label>
          <Select
            id={selectId}
            disabled={updateStatus.isPending}
            className={inRow ? 'w-full min-w-0' : 'w-64'}
            {...form.register('treatmentStatus')}
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
            aria-label={named('Cancel status change')}
            className="rounded-md p-2 text-ink-muted hover:bg-surface-muted hover:text-ink"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </form>
        {conflict ? (
          <p role="alert" className="text-sm text-danger">
            Not saved: {conflict.byName ?? 'someone else'} changed the status to {conflict.status}{' '}
            at {formatClockTime(conflict.at)}. Choose again to change it.
          </p>
        ) : null}
        <ConfirmDialog
          isOpen={isConfirming}
          title="Change treatment status?"
          message={`Change ${patient.fullName}'s status from ${patient.treatmentStatus} to ${choice}? The assigned firm and lienholders are notified ${STATUS_UNDO_SECONDS} seconds later unless you undo.`}
          confirmLabel="Change status"
          cancelLabel={`Keep ${patient.treatmentStatus}`}
          onConfirm={save}
          onCancel={() => setIsConfirming(false)}
          onDismiss={() => setIsConfirming(false)}
        />
      </div>
    );
  }

  return (
    <div className={`flex min-w-0 items-center gap-2 ${inRow ? 'flex-wrap' : ''}`}>
      <span className="sr-only">Treatment status:</span>
      <StatusBadge status={patient.treatmentStatus} className={inRow ? undefined : 'text-sm'} />
      {canEdit ? (
        <button
          type="button"
          onClick={startEditing}
          aria-label={named('Edit status')}
          className="rounded-md p-2 text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <Pencil className="h-4 w-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
