import { Navigate, useNavigate } from 'react-router';
import { AuthLayout } from '#src/components/layouts/auth-layout.tsx';
import { PageSpinner } from '#src/components/ui/spinner.tsx';
import { useAuth } from '#src/lib/auth-context.tsx';
import { useLogout } from '#src/features/auth/api/session.ts';
import { useFinishEnrolment } from '#src/features/mfa/api/mfa-api.ts';
import { TotpEnrolment } from '#src/features/mfa/components/totp-enrolment.tsx';
import { Button } from '#src/components/ui/button.tsx';

/**
 * /two-step-setup: setting up an authenticator app, from the Security page or, when 'Require
 * MFA' names the user's role, before any data screen (the route guard sends them here).
 */
export function TwoStepSetupPage() {
  const { user, isLoading, secondFactor } = useAuth();
  const navigate = useNavigate();
  const finish = useFinishEnrolment();
  const logout = useLogout();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (!user || secondFactor === 'pending') return <Navigate to="/login" replace />;
  const isRequired = secondFactor === 'enrolment-required';

  async function handleDone() {
    await finish();
    await navigate(isRequired ? '/dashboard' : '/security', { replace: true });
  }

  return (
    <AuthLayout
      title="Set up two-step verification"
      description={
        isRequired
          ? 'Your administrator requires a code from an authenticator app at every sign-in. Set it up to continue.'
          : 'Sign-in will ask for a code from an authenticator app after your password.'
      }
    >
      <TotpEnrolment onDone={() => void handleDone()} />
      <div className="mt-4 flex justify-end">
        {isRequired ? (
          <Button variant="ghost" size="sm" onClick={() => logout.mutate()}>
            Sign out
          </Button>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => void navigate('/security')}>
            Cancel
          </Button>
        )}
      </div>
    </AuthLayout>
  );
}
