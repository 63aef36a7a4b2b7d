import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { ChangePasswordForm } from '#src/features/passwords/components/change-password-form.tsx';
import { SessionList } from '#src/features/sessions/components/session-list.tsx';
import { TwoStepSection } from '#src/features/mfa/components/two-step-section.tsx';

/** /security: the signed-in user's account security (their sessions). */
export function SecurityPage() {
  return (
    <div>
      <PageHeading title="Security" />
      <ChangePasswordForm />
      <TwoStepSection />
      <SessionList />
    </div>
  );
}
