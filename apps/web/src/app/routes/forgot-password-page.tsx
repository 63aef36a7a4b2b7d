import { AuthLayout } from '#src/components/layouts/auth-layout.tsx';
import { ForgotPasswordForm } from '#src/features/passwords/components/forgot-password-form.tsx';

/** /forgot-password: 'Forgot password?' from the sign-in page. */
export function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Reset your password"
      description="Enter the e-mail address you sign in with. If it has an account, we e-mail it a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
