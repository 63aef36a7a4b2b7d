import { useSearchParams } from 'react-router';
import { AuthLayout } from '#src/components/layouts/auth-layout.tsx';
import { AcceptInviteForm } from '#src/features/invitations/components/accept-invite-form.tsx';

/** /accept-invite?token=…: the link of the invitation e-mail. */
export function AcceptInvitePage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title="Set your password" description="Finish setting up your CaseBridge account.">
      <AcceptInviteForm token={searchParams.get('token') ?? ''} />
    </AuthLayout>
  );
}
