import {
  PATIENT_MESSAGES,
  ZCreatePatientRequest,
  type TPatientMatch,
} from '@casebridge/domain/patients/patient.schemas';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { getDuplicatePatients } from '#src/features/patients/api/patient-answers.ts';
import { useCreatePatient } from '#src/features/patients/api/patients-api.ts';
import { useOrganizationOptionsReady } from '#src/features/patients/hooks/use-organization-options-ready.ts';
import { ContactFields, DemographicsFields } from './demographics-fields.tsx';
import { DuplicatePatientWarning } from './duplicate-patient-warning.tsx';
import { OrganizationFields } from './organization-fields.tsx';

/** Messages the server words for the user: a rule of the form, or creation being turned off. */
function getCreateErrorMessage(error: Error): string {
  if (error instanceof ApiError && (error.code === 'VALIDATION_FAILED' || error.status === 403))
    return error.message;
  return PATIENT_MESSAGES.createFailed;
}

export function AddPatientForm() {
  const options = useOrganizationOptionsReady();
  if (!options.isReady) return <Skeleton className="h-[32rem] w-full" />;
  return <AddPatientFormReady />;
}

function AddPatientFormReady() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const createPatient = useCreatePatient();
  const userOrganization = user.organization;
  const form = useDomainForm(ZCreatePatientRequest, {
    defaultValues: {
      fullName: '',
      dob: '',
      intakeDate: getTodayIsoDate(),
      evalDate: '',
      lastTreatmentDate: '',
      pointOfContactName: '',
      pointOfContactPhone: '',
      clinicIds: userOrganization?.kind === 'clinic' ? [userOrganization.id] : [],
      // A firm user's own firm; anyone else chooses one (nothing pre-filled).
      firmId: userOrganization?.kind === 'firm' ? userOrganization.id : '',
      lienholderIds: [],
    },
  });

  // Patients the user can see that this one would duplicate; shown until the next submit.
  const [duplicates, setDuplicates] = useState<TPatientMatch[] | null>(null);

  function create(values: z.output<typeof ZCreatePatientRequest>) {
    setDuplicates(null);
    createPatient.mutate(values, {
      onSuccess: ({ id }) => {
        toast.success(PATIENT_MESSAGES.created);
        navigate(`/patients/${id}`);
      },
      onError: (error) => {
        const matches = getDuplicatePatients(error);
        if (matches) setDuplicates(matches);
        else toast.error(getCreateErrorMessage(error));
      },
    });
  }

  function handleCancel() {
    // Opened directly (no earlier page in this tab): going back would leave the app.
    if (location.key === 'default') navigate('/dashboard');
    else navigate(-1);
  }

  return (
    <form
      noValidate
      onSubmit={form.submitWith((values) => create({ ...values, allowDuplicate: false }))}
      className="grid gap-4 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2 sm:p-6"
    >
      <DemographicsFields idPrefix="add-patient" form={form} />
      <OrganizationFields
        idPrefix="add-patient"
        form={form}
        isRequired
        ownClinicId={userOrganization?.kind === 'clinic' ? userOrganization.id : undefined}
      />
      <ContactFields idPrefix="add-patient" form={form} />
      {duplicates && (
        <DuplicatePatientWarning
          duplicates={duplicates}
          isPending={createPatient.isPending}
          onCreateAnyway={form.submitWith((values) => create({ ...values, allowDuplicate: true }))}
        />
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={createPatient.isPending}>
          {createPatient.isPending ? 'Creating...' : 'Create Patient'}
        </Button>
        <Button variant="secondary" onClick={handleCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
