import { CASE_REQUEST_KIND_LABELS } from '@casebridge/domain/requests/case-request-constants';
import {
  defaultRequestDueOn,
  getRequestableKinds,
} from '@casebridge/domain/requests/case-request.policy';
import {
  CASE_REQUEST_TEXTS,
  ZCreateCaseRequest,
} from '@casebridge/domain/requests/case-request.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useDialogCloseGuard } from '#src/lib/dialog-close-guard.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { useCreateRequest } from '#src/features/case-requests/api/case-requests-api.ts';

/**
 * 'Request records': an attorney asks one of the patient's clinics for records, a bill, a report,
 * imaging or a discharge summary (a lienholder for an itemized bill only), for a period, by a
 * due date (today + 14 days unless changed), with a note. Checked by the schema the server uses.
 */
export function CreateRequestDialog({
  patient,
  onClose,
}: {
  patient: Pick<TPatientDetail, 'id' | 'fullName' | 'clinics'>;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const kinds = getRequestableKinds(user.role);
  const create = useCreateRequest(patient.id);
  const form = useDomainForm(ZCreateCaseRequest, {
    defaultValues: {
      clinicId: patient.clinics.length === 1 ? patient.clinics[0]!.id : '',
      kind: kinds[0],
      periodFrom: '',
      periodTo: '',
      dueOn: defaultRequestDueOn(getTodayIsoDate()),
      note: '',
    },
    toastFirstError: false,
  });
  const { errors, isDirty } = form.formState;
  const guard = useDialogCloseGuard(isDirty, onClose);

  function handleValid(values: z.output<typeof ZCreateCaseRequest>) {
    create.mutate(values, {
      onSuccess: () => {
        toast.success(CASE_REQUEST_TEXTS.created);
        onClose();
      },
      onError: (error) =>
        toast.error(CASE_REQUEST_TEXTS.createFailed, {
          description: getErrorMessage(error, 'Please try again.'),
        }),
    });
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => (isOpen ? undefined : guard.requestClose())}
      title="Request records"
      description={`Ask one of ${patient.fullName}'s clinics for records or bills. The clinic is told and answers here.`}
    >
      <form noValidate className="space-y-4" onSubmit={form.submitWith(handleValid)}>
        <FormField id="request-clinic" label="Clinic" isRequired error={errors.clinicId?.message}>
          <Select {...form.register('clinicId')}>
            <option value="">Choose a clinic</option>
            {patient.clinics.map((clinic) => (
              <option key={clinic.id} value={clinic.id}>
                {clinic.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="request-kind" label="Request type" isRequired error={errors.kind?.message}>
          <Select {...form.register('kind')}>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {CASE_REQUEST_KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="request-from" label="Period from" error={errors.periodFrom?.message}>
            <Input type="date" {...form.register('periodFrom')} />
          </FormField>
          <FormField id="request-to" label="Period to" error={errors.periodTo?.message}>
            <Input type="date" {...form.register('periodTo')} />
          </FormField>
        </div>
        <FormField
          id="request-due"
          label="Due date"
          hint="14 days from today unless you change it"
          error={errors.dueOn?.message}
        >
          <Input type="date" {...form.register('dueOn')} />
        </FormField>
        <FormField id="request-note" label="Note" error={errors.note?.message}>
          <Textarea rows={3} maxLength={2000} {...form.register('note')} />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Sending...' : 'Send Request'}
          </Button>
        </div>
      </form>
      {guard.prompt}
    </Dialog>
  );
}
