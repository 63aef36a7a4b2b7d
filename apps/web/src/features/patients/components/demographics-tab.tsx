import {
  canAssignOrganizations,
  canEditDemographics,
} from '@casebridge/domain/patients/patient.policy';
import {
  PATIENT_MESSAGES,
  ZUpdateDemographicsRequest,
  type TPatientDetail,
} from '@casebridge/domain/patients/patient.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { RecordChangedNotice } from '#src/components/ui/record-changed-notice.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useUpdateDemographics } from '#src/features/patients/api/patients-api.ts';
import { useOrganizationOptionsReady } from '#src/features/patients/hooks/use-organization-options-ready.ts';
import { usePatientEditing } from '#src/features/patients/hooks/use-patient-editing.ts';
import { AssignedOrganizations } from './assigned-organizations.tsx';
import { ContactFields, DemographicsFields } from './demographics-fields.tsx';
import { DemographicsReadOnly } from './demographics-read-only.tsx';
import { OrganizationFields } from './organization-fields.tsx';

type FormInput = z.input<typeof ZUpdateDemographicsRequest>;
type FormOutput = z.output<typeof ZUpdateDemographicsRequest>;

export function toDemographicsDefaults(patient: TPatientDetail): FormInput {
  return {
    fullName: patient.fullName,
    dob: patient.dob,
    intakeDate: patient.intakeDate ?? '',
    evalDate: patient.evalDate ?? '',
    lastTreatmentDate: patient.lastTreatmentDate ?? '',
    pointOfContactName: patient.pointOfContactName ?? '',
    pointOfContactPhone: patient.pointOfContactPhone ?? '',
    clinicIds: patient.clinics.map((clinic) => clinic.id),
    firmId: patient.firm?.id ?? '',
    lienholderIds: patient.lienholders.map((item) => item.id),
    notify: false,
  };
}

export function DemographicsTab({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  if (!canEditDemographics(user)) return <DemographicsReadOnly patient={patient} />;
  return (
    <DemographicsForm
      // One form per patient: a newer version of the same patient never remounts it (that would
      // drop what the user typed); usePatientEditing decides what a live change does.
      key={patient.id}
      patient={patient}
      canAssign={canAssignOrganizations(user)}
    />
  );
}

function DemographicsForm({ patient, canAssign }: { patient: TPatientDetail; canAssign: boolean }) {
  const options = useOrganizationOptionsReady();
  const update = useUpdateDemographics(patient.id);
  const [pending, setPending] = useState<FormOutput | null>(null);
  // Without the right to reassign, the organisations are not part of the form at all.
  const toValues = (record: TPatientDetail): FormInput =>
    canAssign
      ? toDemographicsDefaults(record)
      : {
          ...toDemographicsDefaults(record),
          clinicIds: undefined,
          firmId: undefined,
          lienholderIds: undefined,
        };
  const form = useDomainForm(ZUpdateDemographicsRequest, { defaultValues: toValues(patient) });
  const editing = usePatientEditing(patient, form, toValues);

  function save(values: FormOutput, notify: boolean) {
    setPending(null);
    const body = canAssign
      ? { ...values, firmId: values.firmId || null, notify }
      : { ...values, clinicIds: undefined, firmId: undefined, lienholderIds: undefined, notify };
    update.mutate(
      { ...body, version: editing.baseVersion },
      {
        onSuccess: ({ patient: saved, notifiedUsers }) => {
          editing.onSaved(saved);
          toast.success(PATIENT_MESSAGES.demographicsUpdated);
          if (notify && notifiedUsers > 0) toast.success(PATIENT_MESSAGES.notificationsSent);
        },
        onError: (error) => {
          if (!editing.onSaveError(error))
            toast.error(getErrorMessage(error, 'Failed to update patient'));
        },
      },
    );
  }

  if (!options.isReady) return <Skeleton className="h-96 w-full" />;

  return (
    <section
      aria-labelledby="demographics-heading"
      className="rounded-lg border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="demographics-heading" className="font-semibold text-ink">
        Demographics
      </h2>
      <p className="mb-4 text-sm text-ink-muted">Edit patient information and contact details</p>
      <div className="mb-4 empty:hidden">
        <RecordChangedNotice
          change={editing.change}
          onKeepMine={editing.keepMine}
          onUseTheirs={editing.useTheirs}
        />
      </div>
      <form
        noValidate
        // An invalid field is toasted and focused in the schema's order: name, then birth date.
        onSubmit={form.submitWith(setPending)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <DemographicsFields idPrefix="demographics" form={form} />
        {canAssign ? (
          <OrganizationFields idPrefix="demographics" form={form} />
        ) : (
          <AssignedOrganizations patient={patient} />
        )}
        <ContactFields idPrefix="demographics" form={form} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        isOpen={pending !== null}
        title="Notify others?"
        message={PATIENT_MESSAGES.notifyPrompt}
        confirmLabel="Yes, notify"
        cancelLabel="No, just save"
        onConfirm={() => pending && save(pending, true)}
        onCancel={() => pending && save(pending, false)}
        onDismiss={() => setPending(null)}
      />
    </section>
  );
}
