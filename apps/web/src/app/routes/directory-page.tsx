import { hasCapability } from '@casebridge/domain/capabilities';
import { canReferNewClient } from '@casebridge/domain/referrals/referral.policy';
import { useState } from 'react';
import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { DirectoryView } from '#src/features/directory/components/directory-view.tsx';
import { LazyReferClientDialog } from '#src/features/referrals/components/lazy-referral-dialogs.tsx';

export function DirectoryPage() {
  const user = useCurrentUser();
  const [referringTo, setReferringTo] = useState<string | null>(null);
  const canRefer = canReferNewClient({
    role: user.role,
    organizationId: user.organization?.id ?? null,
  });
  return (
    <div>
      <PageHeading title="Directory" description="Clinics, attorney firms and lienholders." />
      <DirectoryView
        canManage={hasCapability(user.role, 'organizations:manage')}
        onReferToClinic={canRefer ? setReferringTo : undefined}
      />
      {referringTo ? (
        <LazyReferClientDialog clinicId={referringTo} onClose={() => setReferringTo(null)} />
      ) : null}
    </div>
  );
}
