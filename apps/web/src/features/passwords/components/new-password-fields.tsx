import { PASSWORD_MESSAGES } from '@casebridge/domain/auth/password.schemas';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';

/** A new password typed twice, with the policy as the hint: the change and reset forms. */
export function NewPasswordFields({
  idPrefix,
  password,
  confirmation,
  errors,
}: {
  idPrefix: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirmation?: string | undefined };
}) {
  return (
    <>
      <FormField
        id={`${idPrefix}-new`}
        label="New password"
        hint={PASSWORD_MESSAGES.hint}
        error={errors.password}
      >
        <Input type="password" autoComplete="new-password" {...password} />
      </FormField>
      <FormField
        id={`${idPrefix}-confirmation`}
        label="Confirm new password"
        error={errors.confirmation}
      >
        <Input type="password" autoComplete="new-password" {...confirmation} />
      </FormField>
    </>
  );
}

/** The server's refusals that belong under the current-password field; the rest are the new one's. */
export function isCurrentPasswordProblem(message: string): boolean {
  return message === PASSWORD_MESSAGES.currentWrong;
}
