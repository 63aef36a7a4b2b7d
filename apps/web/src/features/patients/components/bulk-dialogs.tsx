import {
  BULK_TEXTS,
  ZBulkCaseRequest,
  ZBulkStatusRequest,
  type TBulkCaseRequestAnswer,
  type TBulkStatusAnswer,
} from '@casebridge/domain/patients/bulk.schemas';
import { STATUS_UNDO_SECONDS } from '@casebridge/domain/patients/patient.schemas';
import type { TPatientSummary } from '@casebridge/domain/patients/patient.schemas';
import { TREATMENT_STATUSES } from '@casebridge/domain/patients/treatment-status';
import { CASE_REQUEST_KIND_LABELS } from '@casebridge/domain/requests/case-request-constants';
import {
  defaultRequestDueOn,
  getRequestableKinds,
} from '@casebridge/domain/requests/case-request.policy';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { useBulkCaseRequests, useBulkStatusChange } from '#src/features/patients/api/bulk-api.ts';

type DialogProps<TAnswer> = {
  patients: readonly TPatientSummary[];
  onClose: () => void;
  /** The answer, one result per patient, for the results list. */
  onAnswered: (answer: TAnswer) => void;
};

/** A bulk dialog's Cancel and submit buttons. */
function FormActions(props: { onCancel: () => void; submitLabel: string; isPending: boolean }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={props.isPending}>
        {props.submitLabel}
      </Button>
    </div>
  );
}

/** The status part of the bulk body: the form chooses it, the selection gives the patients. */
const ZStatusChoice = ZBulkStatusRequest.pick({ treatmentStatus: true });

/**
 * 'Change status' for the chosen patients: choose, then confirm in the dialog the patient page
 * uses, naming the change and its undo window. One request; each patient is changed from the
 * version the list showed, and gets its own Undo in the results.
 */
export function BulkStatusDialog({
  patients,
  onClose,
  onAnswered,
}: DialogProps<TBulkStatusAnswer>) {
  const change = useBulkStatusChange();
  const [isConfirming, setIsConfirming] = useState(false);
  const form = useDomainForm(ZStatusChoice, {
    defaultValues: { treatmentStatus: patients[0]?.treatmentStatus ?? TREATMENT_STATUSES[0] },
    toastFirstError: false,
  });
  const choice = form.watch('treatmentStatus');

  function save() {
    setIsConfirming(false);
    const body = {
      treatmentStatus: choice,
      patients: patients.map(({ id, version }) => ({ id, version })),
    };
    change.mutateAsync(body).then(
      (answer) => {
        toast.success(BULK_TEXTS.statusChanged(answer.done), {
          description: `The other parties are told in ${STATUS_UNDO_SECONDS} seconds.`,
        });
        onAnswered(answer);
        onClose();
      },
      (error: unknown) =>
        toast.error(BULK_TEXTS.statusFailed, {
          description: getErrorMessage(error, 'Please try again.'),
        }),
    );
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title={BULK_TEXTS.statusDialogTitle(patients.length)}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.submitWith(() => setIsConfirming(true))}
      >
        <FormField id="bulk-status" label="New status" isRequired>
          <Select {...form.register('treatmentStatus')}>
            {TREATMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </Select>
        </FormField>
        <FormActions
          onCancel={onClose}
          submitLabel={change.isPending ? 'Saving...' : 'Save status'}
          isPending={change.isPending}
        />
      </form>
      <ConfirmDialog
        isOpen={isConfirming}
        title={BULK_TEXTS.statusConfirmTitle}
        message={BULK_TEXTS.statusConfirm(patients.length, choice, STATUS_UNDO_SECONDS)}
        confirmLabel="Change status"
        cancelLabel="Keep as they are"
        onConfirm={save}
        onCancel={() => setIsConfirming(false)}
        onDismiss={() => setIsConfirming(false)}
      />
    </Dialog>
  );
}

/** The request part of the bulk body: the form fills it, the selection gives the patients. */
const ZRequestChoice = ZBulkCaseRequest.omit({ patientIds: true });

/**
 * 'Request records' for the chosen patients: one kind, due date and note, sent to every clinic
 * of each patient through the records requests' own rules (each clinic is told).
 */
export function BulkRequestDialog({
  patients,
  onClose,
  onAnswered,
}: DialogProps<TBulkCaseRequestAnswer>) {
  const { role } = useCurrentUser();
  const kinds = getRequestableKinds(role);
  const send = useBulkCaseRequests();
  const form = useDomainForm(ZRequestChoice, {
    defaultValues: { kind: kinds[0], dueOn: defaultRequestDueOn(getTodayIsoDate()), note: '' },
    toastFirstError: false,
  });
  const { errors } = form.formState;

  const submit = form.submitWith((values) =>
    send.mutateAsync({ ...values, patientIds: patients.map((patient) => patient.id) }).then(
      (answer) => {
        const sent = answer.results.reduce((n, result) => n + result.requests.length, 0);
        toast.success(BULK_TEXTS.requestsSent(sent));
        onAnswered(answer);
        onClose();
      },
      (error: unknown) =>
        toast.error(BULK_TEXTS.requestFailed, {
          description: getErrorMessage(error, 'Please try again.'),
        }),
    ),
  );

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title={BULK_TEXTS.requestDialogTitle(patients.length)}
      description="Each of their clinics is asked and told; the answers arrive on each patient's Requests."
    >
      <form noValidate className="space-y-4" onSubmit={submit}>
        <FormField
          id="bulk-request-kind"
          label="What to ask for"
          isRequired
          error={errors.kind?.message}
        >
          <Select {...form.register('kind')}>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {CASE_REQUEST_KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="bulk-request-due" label="Due date" error={errors.dueOn?.message}>
          <Input type="date" {...form.register('dueOn')} />
        </FormField>
        <FormField id="bulk-request-note" label="Note to the clinics" error={errors.note?.message}>
          <Textarea rows={3} maxLength={2000} {...form.register('note')} />
        </FormField>
        <FormActions
          onCancel={onClose}
          submitLabel={send.isPending ? 'Sending...' : BULK_TEXTS.requestRecords}
          isPending={send.isPending}
        />
      </form>
    </Dialog>
  );
}
