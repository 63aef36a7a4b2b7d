import { ZLoginRequest, type TLoginRequest } from '@casebridge/domain/auth/auth.schemas';
import { MESSAGES } from '@casebridge/domain/errors';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useLogin } from '#src/features/auth/api/session.ts';

/**
 * Sign in with e-mail and password, both required (spec section 5), checked by the server's own
 * login schema: a value refused here would be refused there. Only a failed sign-in is a toast.
 */
export function LoginForm() {
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const login = useLogin();
  const form = useDomainForm(ZLoginRequest, {
    defaultValues: { email: '', password: '' },
    toastFirstError: false,
  });
  const { errors } = form.formState;

  function handleValid(values: TLoginRequest) {
    login.mutate(values, {
      // The stored session makes LoginPage leave for the saved deep link or the dashboard.
      // With two-step verification on, signing in finishes after the code (SecondFactorStep).
      onSuccess: (session) => {
        if (session.secondFactor !== 'pending') toast.success(MESSAGES.loginSucceeded);
      },
      onError: (error) => toast.error(getErrorMessage(error, MESSAGES.loginFailed)),
    });
  }

  return (
    <form onSubmit={form.submitWith(handleValid)} className="space-y-4" noValidate>
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" required {...form.register('email')} />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(control) => (
          <div className="relative">
            <Input
              {...control}
              type={isPasswordVisible ? 'text' : 'password'}
              autoComplete="current-password"
              required
              className="pr-11"
              {...form.register('password')}
            />
            <button
              type="button"
              onClick={() => setIsPasswordVisible((visible) => !visible)}
              aria-label={isPasswordVisible ? 'Hide password' : 'Show password'}
              aria-pressed={isPasswordVisible}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-ink-muted hover:text-ink"
            >
              {isPasswordVisible ? (
                <EyeOff className="h-4 w-4" aria-hidden />
              ) : (
                <Eye className="h-4 w-4" aria-hidden />
              )}
            </button>
          </div>
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-ink-muted">
        Need an account?{' '}
        <Link to="/signup" className="font-medium text-brand underline-offset-2 hover:underline">
          Request Access
        </Link>
      </p>
    </form>
  );
}
