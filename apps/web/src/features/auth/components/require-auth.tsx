import { MESSAGES } from '@casebridge/domain/errors';
import type { Role } from '@casebridge/domain/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '#src/components/ui/spinner.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { hasSignedOut } from '#src/lib/session.ts';
import { useAuth } from '#src/lib/auth-context.tsx';

/** The spec's profile messages (section 5) are shown as the server words them. */
const PROFILE_MESSAGES: readonly string[] = [
  MESSAGES.profileMissingRole,
  MESSAGES.profileNotFound,
  MESSAGES.profileLoadFailed,
];

/** What to tell a user whose profile could not be loaded; other failures get the generic text. */
export function getProfileErrorMessage(error: unknown): string {
  const message = getErrorMessage(error, MESSAGES.profileLoadFailed);
  return PROFILE_MESSAGES.includes(message) ? message : MESSAGES.profileLoadFailed;
}

/** Spinner while the session loads, /login when signed out, the page otherwise. */
export function RequireAuth() {
  const { user, isLoading, error, secondFactor } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (error) {
    return (
      <div className="px-4">
        <div
          role="alert"
          className="mx-auto mt-24 max-w-md rounded-lg border border-border bg-surface p-6 text-center"
        >
          <p className="text-ink">{getProfileErrorMessage(error)}</p>
          <a className="mt-4 inline-block text-brand underline" href="/login">
            Go to sign in
          </a>
        </div>
      </div>
    );
  }
  if (!user) {
    // A deep link opened signed out, or a session that expired, is where signing in returns to.
    const from = hasSignedOut(queryClient) ? undefined : location.pathname + location.search;
    return <Navigate to="/login" replace state={from ? { from } : undefined} />;
  }
  // No data screen before the second factor: the code is asked on /login, enrolment has its page.
  if (secondFactor === 'pending')
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (secondFactor === 'enrolment-required') return <Navigate to="/two-step-setup" replace />;
  return <Outlet />;
}

/** Sends a signed-in user whose role is not listed to /unauthorized. */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { user } = useAuth();
  if (!user || !roles.includes(user.role)) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}

/** Add Patient: /unauthorized when this user may not add patients now (role and settings). */
export function RequirePatientCreation() {
  const { canCreatePatients } = useAuth();
  if (!canCreatePatients) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}
