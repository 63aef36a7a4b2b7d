import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import {
  VISIT_MESSAGES,
  VISIT_TEXTS,
  ZScheduleVisitRequest,
  type TScheduleVisitRequest,
} from '@casebridge/domain/visits/visit.schemas';
import { canEditVisitsOf } from '@casebridge/domain/visits/visit.policy';
import { useId } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select, Textarea } from '#src/components/ui/input.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { useScheduleVisit } from '#src/features/visits/api/visits-api.ts';
import { saveWithToast, VisitBookingFields } from './visit-fields.tsx';

/**
 * Books a visit for the patient: a clinic user's for their own clinic, an administrator's for the
 * patient's clinic they choose. What was typed stays when the save fails.
 */
export function ScheduleVisitForm({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const id = useId();
  const schedule = useScheduleVisit(patient.id);
  const actor = { role: user.role, organizationId: user.organization?.id ?? null };
  const clinics = patient.clinics.filter((clinic) => canEditVisitsOf(actor, clinic.id));
  const defaults: TScheduleVisitRequest = {
    clinicId: clinics[0]?.id,
    date: getTodayIsoDate(),
    time: '09:00',
    type: 'follow_up',
    note: '',
  };
  const form = useDomainForm(ZScheduleVisitRequest, {
    defaultValues: defaults,
    toastFirstError: false,
  });
  const { errors } = form.formState;

  async function handleValid(values: TScheduleVisitRequest) {
    const body = user.role === 'clinic' ? { ...values, clinicId: undefined } : values;
    if (await saveWithToast(() => schedule.mutateAsync(body), VISIT_MESSAGES.scheduled))
      form.reset({ ...values, note: '' });
  }

  return (
    <Section id={`${id}-schedule`} title={VISIT_TEXTS.schedule}>
      <form
        noValidate
        onSubmit={form.submitWith(handleValid)}
        className="grid gap-3 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        {clinics.length > 1 ? (
          <FormField
            id={`${id}-clinic`}
            label={VISIT_TEXTS.clinic}
            error={errors.clinicId?.message}
          >
            <Select {...form.register('clinicId')}>
              {clinics.map((clinic) => (
                <option key={clinic.id} value={clinic.id}>
                  {clinic.name}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <VisitBookingFields id={id} form={form} />
        <FormField
          id={`${id}-note`}
          label={VISIT_TEXTS.note}
          error={errors.note?.message}
          className="sm:col-span-2 lg:col-span-4"
        >
          <Textarea rows={2} {...form.register('note')} />
        </FormField>
        <div className="sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={schedule.isPending}>
            {VISIT_TEXTS.scheduleSubmit}
          </Button>
        </div>
      </form>
    </Section>
  );
}
