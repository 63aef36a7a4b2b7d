import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { SessionList } from '#src/features/sessions/components/session-list.tsx';

/** /security: the signed-in user's account security (their sessions). */
export function SecurityPage() {
  return (
    <div>
      <PageHeading title="Security" />
      <SessionList />
    </div>
  );
}
