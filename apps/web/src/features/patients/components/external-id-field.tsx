import { hasCapability } from '@casebridge/domain/capabilities';
import {
  EXTERNAL_ID_MESSAGES,
  ZSetExternalIdRequest,
  type TPatientDetail,
} from '@casebridge/domain/patients/patient.schemas';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useSetExternalId } from '#src/features/patients/api/patients-api.ts';

/**
 * 'Your reference': the organisation's own id for the patient, e.g. its practice or
 * case-management system's, which that system's sync finds the patient by. Clinic, firm and
 * lienholder users only: each organisation keeps its own, and sees no other's.
 */
export function ExternalIdField({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  if (user.role === 'admin' || !hasCapability(user.role, 'patients:external-ids')) return null;
  // A new value from the server (another tab, a save) starts the field afresh.
  return <ExternalIdForm key={`${patient.id}:${patient.externalId ?? ''}`} patient={patient} />;
}

function ExternalIdForm({ patient }: { patient: TPatientDetail }) {
  const form = useDomainForm(ZSetExternalIdRequest, {
    defaultValues: { externalId: patient.externalId ?? '' },
    toastFirstError: false,
  });
  const save = useSetExternalId(patient.id);

  function submit(externalId: string | null) {
    form.clearErrors('externalId');
    save.mutate(externalId, {
      onSuccess: () =>
        toast.success(
          externalId === null ? EXTERNAL_ID_MESSAGES.cleared : EXTERNAL_ID_MESSAGES.saved,
        ),
      onError: (failure) =>
        form.setError('externalId', {
          message: getErrorMessage(failure, 'The reference could not be saved'),
        }),
    });
  }

  const isUnchanged = form.watch('externalId').trim() === (patient.externalId ?? '');
  return (
    <section
      aria-labelledby="external-id-heading"
      className="rounded-lg border border-border bg-surface p-4"
    >
      <h2 id="external-id-heading" className="font-semibold text-ink">
        Your reference
      </h2>
      <form
        noValidate
        onSubmit={form.submitWith(({ externalId }) => submit(externalId))}
        className="mt-2 flex flex-wrap items-start gap-2"
      >
        <FormField
          id="external-id"
          label="Your organisation’s reference for this patient"
          labelClassName="sr-only"
          hint="The id your own system uses for this patient. Only your organisation sees it."
          error={form.formState.errors.externalId?.message}
          className="min-w-0 flex-1 basis-56"
        >
          <Input
            maxLength={100}
            autoComplete="off"
            placeholder="e.g. MRN-10422"
            {...form.register('externalId')}
          />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={save.isPending || isUnchanged}>
            Save
          </Button>
          {patient.externalId !== null ? (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={save.isPending}
              onClick={() => submit(null)}
            >
              Clear
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
