import { useSearchParams } from 'react-router';
import { AuthLayout } from '#src/components/layouts/auth-layout.tsx';
import { ResetPasswordForm } from '#src/features/passwords/components/reset-password-form.tsx';

/** /reset-password?token=…: the link of the password reset e-mail. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title="Choose a new password" description="The link works once, for 30 minutes.">
      <ResetPasswordForm token={searchParams.get('token') ?? ''} />
    </AuthLayout>
  );
}
