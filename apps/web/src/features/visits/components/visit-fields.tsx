import {
  VISIT_MESSAGES,
  VISIT_TEXTS,
  VISIT_TYPE_LABELS,
  VISIT_TYPES,
} from '@casebridge/domain/visits/visit.schemas';
import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';

/**
 * Runs a visit save with its toasts: the success message, or the server's reason (what was typed
 * stays in the form). Resolves with whether it saved.
 */
export async function saveWithToast(save: () => Promise<unknown>, success: string) {
  try {
    await save();
    toast.success(success);
    return true;
  } catch (failure) {
    toast.error(getErrorMessage(failure, VISIT_MESSAGES.saveFailed));
    return false;
  }
}

/** A visit's day and time, required, side by side from `sm` up. */
export function VisitWhenFields({
  id,
  labels = { date: VISIT_TEXTS.date, time: VISIT_TEXTS.time },
  date,
  time,
  errors,
}: {
  id: string;
  labels?: { date: string; time: string };
  date: UseFormRegisterReturn;
  time: UseFormRegisterReturn;
  errors: { date?: string | undefined; time?: string | undefined };
}) {
  return (
    <>
      <FormField id={`${id}-date`} label={labels.date} error={errors.date} isRequired>
        <Input type="date" {...date} />
      </FormField>
      <FormField id={`${id}-time`} label={labels.time} error={errors.time} isRequired>
        <Input type="time" {...time} />
      </FormField>
    </>
  );
}

/** The type of visit. */
export function VisitTypeField({
  id,
  field,
  error,
}: {
  id: string;
  field: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <FormField id={`${id}-type`} label={VISIT_TEXTS.type} error={error} isRequired>
      <Select {...field}>
        {VISIT_TYPES.map((type) => (
          <option key={type} value={type}>
            {VISIT_TYPE_LABELS[type]}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

type BookingField = 'date' | 'time' | 'type';

/** What the booking fields need of a form whose values include a day, a time and a type. */
type BookingForm = {
  register: (name: BookingField) => UseFormRegisterReturn;
  formState: { errors: Partial<Record<BookingField, { message?: string | undefined }>> };
};

/** A visit's day, time and type (booking and correcting). */
export function VisitBookingFields({ id, form }: { id: string; form: BookingForm }) {
  const { errors } = form.formState;
  return (
    <>
      <VisitWhenFields
        id={id}
        date={form.register('date')}
        time={form.register('time')}
        errors={{ date: errors.date?.message, time: errors.time?.message }}
      />
      <VisitTypeField id={id} field={form.register('type')} error={errors.type?.message} />
    </>
  );
}

/** A visit's form in a dialog: its fields, then submit and Close. */
export function VisitDialogForm({
  title,
  isOpen,
  onOpenChange,
  onSubmit,
  submitLabel,
  isPending,
  children,
}: {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  isPending: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={title}>
      <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2">
        {children}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={isPending}>
            {submitLabel}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {VISIT_TEXTS.close}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
