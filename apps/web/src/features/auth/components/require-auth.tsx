import { MESSAGES } from '@casebridge/domain/errors';
import type { Role } from '@casebridge/domain/roles';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../auth-context.tsx';

/** Spinner while the session loads, /login when signed out, the page otherwise. */
export function RequireAuth() {
  const { user, isLoading, error } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (error) {
    return (
      <div
        role="alert"
        className="mx-auto mt-24 max-w-md rounded-lg border border-border bg-surface p-6 text-center"
      >
        <p className="text-ink">{MESSAGES.profileLoadFailed}</p>
        <a className="mt-4 inline-block text-brand underline" href="/login">
          Go to sign in
        </a>
      </div>
    );
  }
  if (!user)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Sends a signed-in user whose role is not listed to /unauthorized. */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { user } = useAuth();
  if (!user || !roles.includes(user.role)) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}
