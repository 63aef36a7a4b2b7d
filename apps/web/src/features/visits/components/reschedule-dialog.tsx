import {
  VISIT_MESSAGES,
  VISIT_TEXTS,
  ZRescheduleVisitRequest,
  type TRescheduleVisitRequest,
  type TVisit,
} from '@casebridge/domain/visits/visit.schemas';
import { useId } from 'react';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useRecordVisitOutcome } from '#src/features/visits/api/visits-api.ts';
import { saveWithToast, VisitDialogForm, VisitWhenFields } from './visit-fields.tsx';

/** Moves a scheduled visit to a new day and time: the new visit is booked and linked. */
export function RescheduleDialog({
  visit,
  isOpen,
  onOpenChange,
}: {
  visit: TVisit;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const id = useId();
  const record = useRecordVisitOutcome();
  const form = useDomainForm(ZRescheduleVisitRequest, {
    defaultValues: { outcome: 'rescheduled', newDate: visit.date, newTime: visit.time, note: '' },
    toastFirstError: false,
  });
  const { errors } = form.formState;

  async function handleValid(values: TRescheduleVisitRequest) {
    const body = { ...values, note: values.note || null };
    if (await saveWithToast(() => record.mutateAsync({ visit, body }), VISIT_MESSAGES.recorded))
      onOpenChange(false);
  }

  return (
    <VisitDialogForm
      title={VISIT_TEXTS.reschedule}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      onSubmit={form.submitWith(handleValid)}
      submitLabel={VISIT_TEXTS.rescheduleSubmit}
      isPending={record.isPending}
    >
      <VisitWhenFields
        id={id}
        labels={{ date: VISIT_TEXTS.newDate, time: VISIT_TEXTS.newTime }}
        date={form.register('newDate')}
        time={form.register('newTime')}
        errors={{ date: errors.newDate?.message, time: errors.newTime?.message }}
      />
    </VisitDialogForm>
  );
}
