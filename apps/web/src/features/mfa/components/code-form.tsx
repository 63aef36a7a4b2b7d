import {
  ZSecondFactorCodeRequest,
  type TSecondFactorCodeRequest,
} from '@casebridge/domain/mfa/mfa.schemas';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';

/**
 * One code: from the authenticator app (six digits, offered by the phone's keyboard and
 * password managers as a one-time code) or, with `isRecoveryCode`, a recovery code.
 */
export function CodeForm({
  id,
  label,
  hint,
  submitLabel,
  pendingLabel,
  isPending,
  isRecoveryCode = false,
  onCode,
}: {
  id: string;
  label: string;
  hint?: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  isRecoveryCode?: boolean;
  /** Resolves true when the code was accepted (the field is then cleared). */
  onCode: (code: string) => Promise<boolean>;
}) {
  const form = useDomainForm(ZSecondFactorCodeRequest, {
    defaultValues: { code: '' },
    toastFirstError: false,
  });

  async function handleValid({ code }: TSecondFactorCodeRequest) {
    if (!(await onCode(code))) {
      form.setValue('code', '');
      form.setFocus('code');
    }
  }

  return (
    <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
      <FormField id={id} label={label} hint={hint} error={form.formState.errors.code?.message}>
        <Input
          type="text"
          autoComplete={isRecoveryCode ? 'off' : 'one-time-code'}
          inputMode={isRecoveryCode ? 'text' : 'numeric'}
          spellCheck={false}
          required
          {...form.register('code')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
