import {
  PASSWORD_MESSAGES,
  ZChangePasswordForm,
  type TChangePasswordForm,
} from '@casebridge/domain/auth/password.schemas';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useChangePassword } from '#src/features/passwords/api/passwords-api.ts';
import { isCurrentPasswordProblem, NewPasswordFields } from './new-password-fields.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirmation: '' };

/**
 * Security page, 'Change password': the current password, then the new one twice. On success the
 * user's other sessions are signed out; this one stays.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useDomainForm(ZChangePasswordForm, {
    defaultValues: EMPTY,
    toastFirstError: false,
  });
  const { errors } = form.formState;

  function handleValid({ currentPassword, newPassword }: TChangePasswordForm) {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          toast.success(PASSWORD_MESSAGES.changed);
        },
        onError: (error) => {
          const message = getErrorMessage(error, 'Your password could not be changed.');
          toast.error(message);
          // A refusal of the server's own checks goes under the field it is about.
          if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
            const field = isCurrentPasswordProblem(message) ? 'currentPassword' : 'newPassword';
            form.setError(field, { message }, { shouldFocus: true });
          }
        },
      },
    );
  }

  return (
    <Section id="change-password-heading" title="Change password" className="mb-8">
      <form onSubmit={form.submitWith(handleValid)} noValidate className="max-w-md space-y-4">
        <FormField
          id="change-password-current"
          label="Current password"
          error={errors.currentPassword?.message}
        >
          <Input
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        </FormField>
        <NewPasswordFields
          idPrefix="change-password"
          password={form.register('newPassword')}
          confirmation={form.register('confirmation')}
          errors={{
            password: errors.newPassword?.message,
            confirmation: errors.confirmation?.message,
          }}
        />
        <p className="text-sm text-ink-muted">
          Your other sessions are signed out when the password changes; this one stays.
        </p>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </Section>
  );
}
