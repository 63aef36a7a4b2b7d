import { Navigate, useLocation } from 'react-router';
import { AuthLayout } from '#src/components/layouts/auth-layout.tsx';
import { PageSpinner } from '#src/components/ui/spinner.tsx';
import { useAuth } from '#src/lib/auth-context.tsx';
import { LoginForm } from '#src/features/auth/components/login-form.tsx';
import { getReturnPath } from '#src/features/auth/utils/return-path.ts';

/**
 * The only place that leaves /login once a session exists, so a deep link the guard saved
 * (path and query) survives signing in.
 */
export function LoginPage() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (user) return <Navigate to={getReturnPath(location.state)} replace />;
  return (
    <AuthLayout
      title="Sign in"
      description="Shared patient cases for clinics, attorney firms and lienholders."
    >
      <LoginForm />
    </AuthLayout>
  );
}
