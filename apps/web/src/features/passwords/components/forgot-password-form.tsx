import {
  ZPasswordResetLinkRequest,
  type TPasswordResetLinkRequest,
} from '@casebridge/domain/auth/password.schemas';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useRequestPasswordReset } from '#src/features/passwords/api/passwords-api.ts';

export function BackToSignIn() {
  return (
    <Link
      to="/login"
      className="inline-block text-sm font-medium text-brand underline-offset-2 hover:underline"
    >
      Back to sign in
    </Link>
  );
}

/**
 * 'Forgot password?': asks for the address and shows the server's one answer, which does not
 * tell whether the address has an account.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useDomainForm(ZPasswordResetLinkRequest, {
    defaultValues: { email: '' },
    toastFirstError: false,
  });
  const { errors } = form.formState;

  if (request.isSuccess)
    return (
      <div className="space-y-4">
        <p role="status" className="text-ink">
          {request.data.message}
        </p>
        <BackToSignIn />
      </div>
    );

  function handleValid(values: TPasswordResetLinkRequest) {
    request.mutate(values, {
      onError: (error) => toast.error(getErrorMessage(error, 'The link could not be requested.')),
    });
  }

  return (
    <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" required {...form.register('email')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      <BackToSignIn />
    </form>
  );
}
