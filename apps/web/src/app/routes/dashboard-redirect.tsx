import { getDashboardPath } from '@casebridge/domain/roles';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '#src/components/ui/spinner.tsx';
import { useAuth } from '#src/lib/auth-context.tsx';

/**
 * /dashboard sends each role to its own dashboard, with the query it came with: a link such as
 * the treatment-gap digest's `/dashboard?gap=open` opens that dashboard filtered.
 */
export function DashboardRedirect() {
  const { user } = useAuth();
  const { search } = useLocation();
  if (!user) return <PageSpinner />;
  return <Navigate to={{ pathname: getDashboardPath(user.role), search }} replace />;
}
