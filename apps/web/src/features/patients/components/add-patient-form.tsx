import { zodResolver } from '@hookform/resolvers/zod';
import {
  PATIENT_MESSAGES,
  ZCreatePatientRequest,
} from '@casebridge/domain/patients/patient.schemas';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { getTodayIsoDate } from '../../../lib/format.ts';
import { useOrganizationOptions } from '../../../lib/organization-options.ts';
import { useCurrentUser } from '../../auth/auth-context.tsx';
import { useCreatePatient } from '../api/patients-api.ts';
import { useOrganizationOptionsReady } from '../hooks/use-organization-options-ready.ts';
import { DemographicsFields } from './demographics-fields.tsx';
import { OrganizationFields } from './organization-fields.tsx';

type FormInput = z.input<typeof ZCreatePatientRequest>;
type FormOutput = z.output<typeof ZCreatePatientRequest>;

/** The spec checks these in order and toasts the first failure. */
const CHECK_ORDER = ['fullName', 'dob', 'clinicIds', 'firmId'] as const;

function firstErrorMessage(errors: FieldErrors<FormInput>): string {
  for (const field of CHECK_ORDER)
    if (errors[field]?.message) return String(errors[field]?.message);
  return String(Object.values(errors)[0]?.message ?? PATIENT_MESSAGES.createFailed);
}

export function AddPatientForm() {
  const options = useOrganizationOptionsReady();
  if (!options.isReady) return <Skeleton className="h-[32rem] w-full" />;
  return <AddPatientFormReady />;
}

function AddPatientFormReady() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const firms = useOrganizationOptions('firm').data ?? [];
  const createPatient = useCreatePatient();
  const userOrganization = user.organization;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZCreatePatientRequest),
    defaultValues: {
      fullName: '',
      dob: '',
      intakeDate: getTodayIsoDate(),
      evalDate: '',
      lastTreatmentDate: '',
      pointOfContactName: '',
      pointOfContactPhone: '',
      clinicIds: userOrganization?.kind === 'clinic' ? [userOrganization.id] : [],
      firmId: userOrganization?.kind === 'firm' ? userOrganization.id : (firms[0]?.id ?? ''),
      lienholderIds: [],
    },
  });

  function handleValid(values: FormOutput) {
    createPatient.mutate(values, {
      onSuccess: ({ id }) => {
        toast.success(PATIENT_MESSAGES.created);
        navigate(`/patients/${id}`);
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.code === 'VALIDATION_FAILED'
            ? error.message
            : PATIENT_MESSAGES.createFailed,
        ),
    });
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(handleValid, (errors) => toast.error(firstErrorMessage(errors)))}
      className="grid gap-4 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2 sm:p-6"
    >
      <DemographicsFields idPrefix="add-patient" form={form} />
      <OrganizationFields
        idPrefix="add-patient"
        clinics={form.register('clinicIds')}
        firm={form.register('firmId')}
        lienholders={form.register('lienholderIds')}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={createPatient.isPending}>
          {createPatient.isPending ? 'Creating...' : 'Create Patient'}
        </Button>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
