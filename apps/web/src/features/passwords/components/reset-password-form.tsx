import {
  PASSWORD_MESSAGES,
  ZNewPasswordForm,
  type TNewPasswordForm,
} from '@casebridge/domain/auth/password.schemas';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useResetPassword } from '#src/features/passwords/api/passwords-api.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

function DeadLink() {
  return (
    <div role="alert" className="space-y-4">
      <p className="text-ink">{PASSWORD_MESSAGES.resetLinkInvalid}</p>
      <Link
        to="/forgot-password"
        className="inline-block font-medium text-brand underline-offset-2 hover:underline"
      >
        Ask for a new link
      </Link>
    </div>
  );
}

/** The page of the reset e-mail's link: a new password, set once; then the user signs in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useDomainForm(ZNewPasswordForm, {
    defaultValues: { password: '', confirmation: '' },
    toastFirstError: false,
  });
  const { errors } = form.formState;

  const isDead = reset.error instanceof ApiError && reset.error.code === 'NOT_FOUND';
  if (!token || isDead) return <DeadLink />;

  function handleValid({ password }: TNewPasswordForm) {
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(PASSWORD_MESSAGES.resetDone);
          navigate('/login', { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'NOT_FOUND') return;
          const message = getErrorMessage(error, 'Your password could not be reset.');
          toast.error(message);
          if (error instanceof ApiError && error.code === 'VALIDATION_FAILED')
            form.setError('password', { message }, { shouldFocus: true });
        },
      },
    );
  }

  return (
    <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
      <NewPasswordFields
        idPrefix="reset-password"
        password={form.register('password')}
        confirmation={form.register('confirmation')}
        errors={{ password: errors.password?.message, confirmation: errors.confirmation?.message }}
      />
      <p className="text-sm text-ink-muted">Setting it signs you out on every device.</p>
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
