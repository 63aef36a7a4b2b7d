import {
  PATIENT_MESSAGES,
  ZUpdateDemographicsRequest,
  type TPatientDetail,
} from '@casebridge/domain/patients/patient.schemas';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { RecordEditDialog } from '#src/components/ui/record-edit-dialog.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { usePatient, useUpdateDemographics } from '#src/features/patients/api/patients-api.ts';
import { useOrganizationOptionsReady } from '#src/features/patients/hooks/use-organization-options-ready.ts';
import { usePatientEditing } from '#src/features/patients/hooks/use-patient-editing.ts';
import { toDemographicsDefaults } from './demographics-tab.tsx';
import { ContactFields, DemographicsFields } from './demographics-fields.tsx';
import { OrganizationFields } from './organization-fields.tsx';

type FormOutput = z.output<typeof ZUpdateDemographicsRequest>;

/** Admin 'Edit Patient': demographics plus assigned clinics, firm and lienholders. */
export function EditPatientModal({
  patientId,
  onClose,
}: {
  patientId: string;
  onClose: () => void;
}) {
  const patient = usePatient(patientId);
  const options = useOrganizationOptionsReady();
  if (patient.data && options.isReady) {
    return <EditPatientForm patient={patient.data} onClose={onClose} />;
  }
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit Patient"
      className="w-[min(48rem,calc(100%-2rem))]"
    >
      <Skeleton className="h-96 w-full" />
    </Dialog>
  );
}

function EditPatientForm({ patient, onClose }: { patient: TPatientDetail; onClose: () => void }) {
  const update = useUpdateDemographics(patient.id);
  const form = useDomainForm(ZUpdateDemographicsRequest, {
    // Notifying is a choice the admin makes, not the default (toDemographicsDefaults: off).
    defaultValues: toDemographicsDefaults(patient),
  });
  const editing = usePatientEditing(patient, form, toDemographicsDefaults);
  function handleValid(values: FormOutput) {
    update.mutate(
      { ...values, firmId: values.firmId || null, version: editing.baseVersion },
      {
        onSuccess: ({ notifiedUsers }) => {
          toast.success(
            `${PATIENT_MESSAGES.updated}${values.notify && notifiedUsers > 0 ? ' and notification sent' : ''}`,
          );
          onClose();
        },
        onError: (error) => {
          if (!editing.onSaveError(error))
            toast.error(getErrorMessage(error, 'Failed to update patient'));
        },
      },
    );
  }
  return (
    <RecordEditDialog
      title="Edit Patient"
      editing={editing}
      isDirty={form.formState.isDirty}
      isSaving={update.isPending}
      // The first invalid field in the schema's order (the spec's) is toasted and focused.
      onSubmit={form.submitWith(handleValid)}
      onClose={onClose}
      className="w-[min(48rem,calc(100%-2rem))]"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <DemographicsFields idPrefix="edit-patient" form={form} />
        <OrganizationFields idPrefix="edit-patient" form={form} />
        <ContactFields idPrefix="edit-patient" form={form} />
        <label className="flex items-center gap-2 text-sm text-ink sm:col-span-2">
          <input type="checkbox" className="h-4 w-4" {...form.register('notify')} />
          Notify the assigned clinics, firm and lienholders
        </label>
      </div>
    </RecordEditDialog>
  );
}
