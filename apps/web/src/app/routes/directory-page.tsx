import { hasCapability } from '@casebridge/domain/capabilities';
import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { DirectoryView } from '#src/features/directory/components/directory-view.tsx';

export function DirectoryPage() {
  const user = useCurrentUser();
  return (
    <div>
      <PageHeading title="Directory" description="Clinics, attorney firms and lienholders." />
      <DirectoryView canManage={hasCapability(user.role, 'organizations:manage')} />
    </div>
  );
}
