import {
  ACCIDENT_TYPE_LABELS,
  ACCIDENT_TYPES,
} from '@casebridge/domain/case-facts/case-facts-constants';
import {
  REFERRAL_TEXTS,
  REFERRAL_URGENCIES,
  REFERRAL_URGENCY_LABELS,
  ZCreateReferralRequest,
  ZReferOnRequest,
  type TCreateReferralParsed,
  type TReferOnParsed,
} from '@casebridge/domain/referrals/referral.schemas';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#src/components/ui/input.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import {
  useCreateReferral,
  useReferOn,
  useReferralClinics,
} from '#src/features/referrals/api/referrals-api.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDialogCloseGuard } from '#src/lib/dialog-close-guard.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';

type ClinicOption = { id: string; name: string };

/** The form of the fields both kinds of referral share (clinicId and the case fields). */
type SharedForm = ReturnType<typeof useDomainForm<typeof ZReferOnRequest>>;

/**
 * The clinics of the directory a referral may go to, less those left out; null until the
 * directory has loaded (the form waits for it, so a clinic given beforehand is selected).
 */
function useClinicOptions(excluded: readonly string[]): ClinicOption[] | null {
  const directory = useReferralClinics();
  if (!directory.data) return null;
  return directory.data
    .filter((organization) => organization.kind === 'clinic' && !excluded.includes(organization.id))
    .map(({ id, name }) => ({ id, name }))
    .toSorted((a, b) => a.name.localeCompare(b.name));
}

const CASE_DEFAULTS = {
  accidentDate: '',
  accidentType: '' as const,
  injurySummary: '',
  insurerCarrier: '',
  claimNumber: '',
  lopOnFile: false,
  urgency: 'routine' as const,
};

/** The accident, claim and urgency fields both kinds of referral share. */
function CaseFields({ form }: { form: SharedForm }): ReactNode {
  const { errors } = form.formState;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="referral-accident-date"
          label={REFERRAL_TEXTS.accidentDateLabel}
          error={errors.accidentDate?.message}
        >
          <Input type="date" {...form.register('accidentDate')} />
        </FormField>
        <FormField
          id="referral-accident-type"
          label={REFERRAL_TEXTS.accidentTypeLabel}
          error={errors.accidentType?.message}
        >
          <Select {...form.register('accidentType')}>
            <option value="">{REFERRAL_TEXTS.accidentTypeNone}</option>
            {ACCIDENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {ACCIDENT_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField
        id="referral-injury"
        label={REFERRAL_TEXTS.injurySummaryLabel}
        error={errors.injurySummary?.message}
      >
        <Textarea rows={3} maxLength={2000} {...form.register('injurySummary')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="referral-carrier"
          label={REFERRAL_TEXTS.carrierLabel}
          error={errors.insurerCarrier?.message}
        >
          <Input maxLength={200} {...form.register('insurerCarrier')} />
        </FormField>
        <FormField
          id="referral-claim"
          label={REFERRAL_TEXTS.claimNumberLabel}
          error={errors.claimNumber?.message}
        >
          <Input maxLength={100} {...form.register('claimNumber')} />
        </FormField>
      </div>
      <div className="flex items-start gap-3">
        <input
          id="referral-lop"
          type="checkbox"
          className="mt-1 h-4 w-4"
          aria-describedby="referral-lop-hint"
          {...form.register('lopOnFile')}
        />
        <div>
          <label htmlFor="referral-lop" className="text-sm font-medium text-ink">
            {REFERRAL_TEXTS.lopLabel}
          </label>
          <p id="referral-lop-hint" className="text-xs text-ink-muted">
            {REFERRAL_TEXTS.lopHint}
          </p>
        </div>
      </div>
      <FormField id="referral-urgency" label={REFERRAL_TEXTS.urgencyLabel}>
        <Select {...form.register('urgency')}>
          {REFERRAL_URGENCIES.map((urgency) => (
            <option key={urgency} value={urgency}>
              {REFERRAL_URGENCY_LABELS[urgency]}
            </option>
          ))}
        </Select>
      </FormField>
    </>
  );
}

function ClinicField({ form, clinics }: { form: SharedForm; clinics: ClinicOption[] }) {
  return (
    <FormField
      id="referral-clinic"
      label={REFERRAL_TEXTS.clinicLabel}
      isRequired
      error={form.formState.errors.clinicId?.message}
    >
      <Select {...form.register('clinicId')}>
        <option value="">{REFERRAL_TEXTS.clinicRequired}</option>
        {clinics.map((clinic) => (
          <option key={clinic.id} value={clinic.id}>
            {clinic.name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

function FormButtons({ isPending, onCancel }: { isPending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {REFERRAL_TEXTS.cancel}
      </Button>
      <Button type="submit" disabled={isPending}>
        {isPending ? 'Sending...' : REFERRAL_TEXTS.submit}
      </Button>
    </div>
  );
}

/** A failed send keeps what was typed; the toast says why. */
const onSendError = (error: unknown) =>
  toast.error(REFERRAL_TEXTS.sendFailed, {
    description: getErrorMessage(error, 'Please try again.'),
  });

/**
 * 'Refer a client': a firm's attorney sends a new client's details to a clinic of the directory
 * (chosen here, or the directory entry the action was opened from). Checked by the schema the
 * server parses with; the clinic is told and answers in its referral queue.
 */
export function ReferClientDialog({
  clinicId = '',
  onClose,
}: {
  clinicId?: string;
  onClose: () => void;
}) {
  const clinics = useClinicOptions([]);
  const create = useCreateReferral();
  const form = useDomainForm(ZCreateReferralRequest, {
    defaultValues: { clinicId, clientName: '', dob: '', phone: '', ...CASE_DEFAULTS },
    toastFirstError: false,
  });
  const { errors, isDirty } = form.formState;
  const guard = useDialogCloseGuard(isDirty, onClose);
  // The new client's schema holds clinicId and the case fields by the same names and types.
  const shared = form as unknown as SharedForm;

  function handleValid(values: TCreateReferralParsed) {
    create.mutate(values, {
      onSuccess: () => {
        toast.success(REFERRAL_TEXTS.sent);
        onClose();
      },
      onError: onSendError,
    });
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => (isOpen ? undefined : guard.requestClose())}
      title={REFERRAL_TEXTS.formTitle}
      description="The clinic is told at once and answers in its referral queue."
    >
      {clinics === null ? (
        <Spinner label="Loading clinics" />
      ) : (
        <form noValidate className="space-y-4" onSubmit={form.submitWith(handleValid)}>
          <ClinicField form={shared} clinics={clinics} />
          <FormField
            id="referral-client-name"
            label={REFERRAL_TEXTS.clientNameLabel}
            isRequired
            error={errors.clientName?.message}
          >
            <Input autoComplete="off" maxLength={200} {...form.register('clientName')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="referral-dob"
              label={REFERRAL_TEXTS.dobLabel}
              isRequired
              error={errors.dob?.message}
            >
              <Input type="date" {...form.register('dob')} />
            </FormField>
            <FormField
              id="referral-phone"
              label={REFERRAL_TEXTS.phoneLabel}
              error={errors.phone?.message}
            >
              <Input type="tel" autoComplete="off" maxLength={40} {...form.register('phone')} />
            </FormField>
          </div>
          <CaseFields form={shared} />
          <FormButtons isPending={create.isPending} onCancel={guard.requestClose} />
        </form>
      )}
      {guard.prompt}
    </Dialog>
  );
}

/**
 * 'Refer to another clinic': one of the patient's clinics sends the patient on (imaging, pain
 * management); the receiving clinic joins the patient when it accepts.
 */
export function ReferOnDialog({
  patient,
  onClose,
}: {
  patient: { id: string; fullName: string; clinics: ReadonlyArray<{ id: string }> };
  onClose: () => void;
}) {
  const clinics = useClinicOptions(patient.clinics.map((clinic) => clinic.id));
  const referOn = useReferOn(patient.id);
  const form = useDomainForm(ZReferOnRequest, {
    defaultValues: { clinicId: '', ...CASE_DEFAULTS },
    toastFirstError: false,
  });
  const guard = useDialogCloseGuard(form.formState.isDirty, onClose);

  function handleValid(values: TReferOnParsed) {
    referOn.mutate(values, {
      onSuccess: () => {
        toast.success(REFERRAL_TEXTS.sent);
        onClose();
      },
      onError: onSendError,
    });
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => (isOpen ? undefined : guard.requestClose())}
      title={REFERRAL_TEXTS.referOnTitle}
      description={`Refer ${patient.fullName} to a clinic that does not treat them yet. It joins the case when it accepts.`}
    >
      {clinics === null ? (
        <Spinner label="Loading clinics" />
      ) : (
        <form noValidate className="space-y-4" onSubmit={form.submitWith(handleValid)}>
          <ClinicField form={form} clinics={clinics} />
          <CaseFields form={form} />
          <FormButtons isPending={referOn.isPending} onCancel={guard.requestClose} />
        </form>
      )}
      {guard.prompt}
    </Dialog>
  );
}
