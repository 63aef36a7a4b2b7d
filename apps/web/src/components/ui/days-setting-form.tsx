import type { FormEventHandler } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { RecordEditing } from '#src/lib/record-editing.ts';
import { Button } from './button.tsx';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';
import { RecordChangedNotice } from './record-changed-notice.tsx';

/**
 * An organisation's setting of one number of days (a clinic's gap threshold, a firm's update
 * interval): the record-changed notice, the labelled field with its hint and error, and Save.
 * The caller owns the form (`useDomainForm`) and passes the field's registration.
 */
export function DaysSettingForm({
  onSubmit,
  editing,
  field,
  saveLabel,
  isSaving,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  editing: Pick<RecordEditing<unknown>, 'change' | 'keepMine' | 'useTheirs'>;
  field: {
    id: string;
    label: string;
    hint: string;
    error: string | undefined;
    min: number;
    max: number;
    register: UseFormRegisterReturn;
  };
  saveLabel: string;
  isSaving: boolean;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <RecordChangedNotice
        change={editing.change}
        onKeepMine={editing.keepMine}
        onUseTheirs={editing.useTheirs}
      />
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          id={field.id}
          label={field.label}
          error={field.error}
          hint={field.hint}
          className="min-w-0 flex-1"
        >
          <Input
            type="number"
            inputMode="numeric"
            min={field.min}
            max={field.max}
            className="max-w-[8rem]"
            {...field.register}
          />
        </FormField>
        <Button type="submit" disabled={isSaving}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
