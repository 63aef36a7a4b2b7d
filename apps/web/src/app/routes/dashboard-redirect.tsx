import { getDashboardPath } from '@casebridge/domain/roles';
import { Navigate } from 'react-router';
import { PageSpinner } from '#src/components/ui/spinner.tsx';
import { useAuth } from '#src/lib/auth-context.tsx';

/** /dashboard sends each role to its own dashboard. */
export function DashboardRedirect() {
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  return <Navigate to={getDashboardPath(user.role)} replace />;
}
