import {
  CORRECTABLE_STATES,
  VISIT_MESSAGES,
  VISIT_STATE_LABELS,
  VISIT_TEXTS,
  ZCorrectVisitRequest,
  type TCorrectVisitRequest,
  type TVisit,
} from '@casebridge/domain/visits/visit.schemas';
import { useId } from 'react';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#src/components/ui/input.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useCorrectVisit } from '#src/features/visits/api/visits-api.ts';
import { saveWithToast, VisitBookingFields, VisitDialogForm } from './visit-fields.tsx';

/**
 * Corrects a visit (its day, time, type, outcome or note) with a reason kept in its history; a
 * rescheduled visit keeps its state. What was typed stays when the save fails.
 */
export function CorrectVisitDialog({
  visit,
  isOpen,
  onOpenChange,
}: {
  visit: TVisit;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const id = useId();
  const correct = useCorrectVisit();
  const form = useDomainForm(ZCorrectVisitRequest, {
    defaultValues: {
      date: visit.date,
      time: visit.time,
      type: visit.type,
      state: visit.state,
      note: visit.note ?? '',
      reason: '',
    },
    toastFirstError: false,
  });
  const { errors } = form.formState;
  const states = visit.state === 'rescheduled' ? (['rescheduled'] as const) : CORRECTABLE_STATES;

  async function handleValid(values: TCorrectVisitRequest) {
    if (
      await saveWithToast(
        () => correct.mutateAsync({ visit, body: values }),
        VISIT_MESSAGES.corrected,
      )
    )
      onOpenChange(false);
  }

  return (
    <VisitDialogForm
      title={VISIT_TEXTS.correct}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      onSubmit={form.submitWith(handleValid)}
      submitLabel={VISIT_TEXTS.correctSubmit}
      isPending={correct.isPending}
    >
      <VisitBookingFields id={id} form={form} />
      <FormField id={`${id}-state`} label={VISIT_TEXTS.state} error={errors.state?.message}>
        <Select {...form.register('state')}>
          {states.map((state) => (
            <option key={state} value={state}>
              {VISIT_STATE_LABELS[state]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        id={`${id}-note`}
        label={VISIT_TEXTS.note}
        error={errors.note?.message}
        className="sm:col-span-2"
      >
        <Textarea rows={2} {...form.register('note')} />
      </FormField>
      <FormField
        id={`${id}-reason`}
        label={VISIT_TEXTS.reason}
        error={errors.reason?.message}
        isRequired
        className="sm:col-span-2"
      >
        <Input {...form.register('reason')} />
      </FormField>
    </VisitDialogForm>
  );
}
