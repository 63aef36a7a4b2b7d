import { Navigate } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

export function LoginPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (user) return <Navigate to="/dashboard" replace />;
  return (
    <AuthLayout
      title="Sign in"
      description="Shared patient cases for clinics, attorney firms and lienholders."
    >
      <LoginForm />
    </AuthLayout>
  );
}
