import { AuthLayout } from '#src/components/layouts/auth-layout.tsx';
import { AccessRequestForm } from '#src/features/access-requests/components/access-request-form.tsx';

export function SignupPage() {
  return (
    <AuthLayout
      title="Request Access"
      description="Tell us who you are; an administrator will set up your account."
    >
      <AccessRequestForm />
    </AuthLayout>
  );
}
