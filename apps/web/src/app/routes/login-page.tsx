import { Link, Navigate, useLocation } from 'react-router';
import { AuthLayout } from '#src/components/layouts/auth-layout.tsx';
import { PageSpinner } from '#src/components/ui/spinner.tsx';
import { useAuth } from '#src/lib/auth-context.tsx';
import { LoginForm } from '#src/features/auth/components/login-form.tsx';
import { SecondFactorStep } from '#src/features/mfa/components/second-factor-step.tsx';
import { useLogout } from '#src/features/auth/api/session.ts';
import { getReturnPath } from '#src/features/auth/utils/return-path.ts';

/**
 * The only place that leaves /login once a session exists, so a deep link the guard saved
 * (path and query) survives signing in.
 */
export function LoginPage() {
  const { user, isLoading, secondFactor } = useAuth();
  const location = useLocation();
  const logout = useLogout();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (user && secondFactor === 'pending') {
    return (
      <AuthLayout
        title="Two-step verification"
        description="Enter the code from your authenticator app to finish signing in."
      >
        <SecondFactorStep onSignOut={() => logout.mutate()} />
      </AuthLayout>
    );
  }
  if (user && secondFactor === 'enrolment-required')
    return <Navigate to="/two-step-setup" replace />;
  if (user) return <Navigate to={getReturnPath(location.state)} replace />;
  return (
    <AuthLayout
      title="Sign in"
      description="Shared patient cases for clinics, attorney firms and lienholders."
    >
      <LoginForm />
      <p className="mt-4 text-center text-sm">
        <Link
          to="/forgot-password"
          className="font-medium text-brand underline-offset-2 hover:underline"
        >
          Forgot password?
        </Link>
      </p>
    </AuthLayout>
  );
}
