import { hasCapability } from '@casebridge/domain/capabilities';
import { MESSAGES } from '@casebridge/domain/errors';
import { getDashboardPath, type Role } from '@casebridge/domain/roles';
import { REFERRAL_TEXTS } from '@casebridge/domain/referrals/referral-constants';
import { VISIT_TEXTS } from '@casebridge/domain/visits/visit-constants';
import {
  Building2,
  CalendarDays,
  Inbox,
  LogOut,
  Send,
  WifiOff,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useLogout } from '#src/features/auth/api/session.ts';
import { SessionTimeoutWatcher } from '#src/features/auth/components/session-timeout-watcher.tsx';
import { ThemeToggle } from '#src/components/theme-toggle.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useEventStream, type LiveStatus } from '#src/lib/event-stream.ts';
import { cn } from '#src/lib/cn.ts';
import { ErrorBoundary } from '#src/components/error-fallback.tsx';
import {
  HeaderAccountMenu,
  type OrganizationBadge,
} from '#src/components/layouts/header-menus.tsx';
import { HeaderNotificationBell } from '#src/features/notifications/components/header-bell.tsx';
import { Logo } from '#src/components/layouts/logo.tsx';
import { HEADER_ROW_PX } from '#src/components/layouts/toast-area.ts';
import { ToastBand } from '#src/components/layouts/toast-band.tsx';
import { UnsavedChangesProvider } from '#src/lib/unsaved-changes.tsx';

const ORGANIZATION_BADGE_LABEL = {
  clinic: 'Clinic',
  firm: 'Attorney Firm',
  lienholder: 'Lienholder',
} as const;

/** A link of the header's main navigation: its icon alone on a phone, its name from `sm` up. */
function NavItem({ to, label, icon: Icon }: { to: string; label: string; icon: LucideIcon }) {
  return (
    <NavLink
      to={to}
      title={label}
      className={({ isActive }) =>
        cn(
          'inline-flex items-center rounded-md px-2 py-1.5 text-sm font-medium hover:bg-surface-muted',
          isActive ? 'text-brand' : 'text-ink',
        )
      }
    >
      <Icon className="h-4 w-4 sm:hidden" aria-hidden />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </NavLink>
  );
}

/** Header, main area and the idle-timeout watcher around every signed-in page. */
export function AppShell({ headerExtras }: { headerExtras?: ReactNode }) {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const liveStatus = useEventStream(true);

  async function handleSignOut() {
    try {
      await logout.mutateAsync();
    } catch (error) {
      toast.error(getErrorMessage(error, MESSAGES.logoutFailed));
      return;
    }
    // Not in mutate's callbacks: clearing the session unmounts this layout, which drops them.
    // Replacing the entry also drops the page the route guard may have saved for after sign-in:
    // a deliberate sign-out must not send the next user back to this page. The signed-in
    // session's toasts go with it: the sign-in page shows only that the user signed out.
    toast.dismiss();
    toast.success(MESSAGES.logoutSucceeded);
    navigate('/login', { replace: true });
  }

  const badge: OrganizationBadge = user.organization
    ? { label: user.organization.name, title: ORGANIZATION_BADGE_LABEL[user.organization.kind] }
    : { label: user.role === 'admin' ? 'Administrator' : 'No organization', title: 'Role' };

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        Skip to content
      </a>
      {/*
        The row of controls, then the toast band in the page's own colour: it reads as the space
        above the page's heading, and a toast shown in it covers nothing (toast-area.ts).
      */}
      <header className="sticky top-0 z-30 bg-canvas">
        <div className="border-b border-border bg-surface">
          <div
            className="mx-auto flex max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6"
            style={{ height: HEADER_ROW_PX }}
          >
            <Logo to={getDashboardPath(user.role)} compact />
            <nav aria-label="Main" className="ml-1 flex shrink-0 items-center sm:ml-4">
              <NavItem to="/directory" label="Directory" icon={Building2} />
              {hasCapability(user.role, 'requests:read') ? (
                <NavItem to="/requests" label="Requests" icon={Inbox} />
              ) : null}
              {hasCapability(user.role, 'referrals:read') ? (
                <NavItem to="/referrals" label={REFERRAL_TEXTS.queueNav} icon={Send} />
              ) : null}
              {user.role === 'clinic' ? (
                <NavItem to="/visits" label={VISIT_TEXTS.dayPageNav} icon={CalendarDays} />
              ) : null}
            </nav>
            <span
              title={badge.title}
              className="hidden max-w-[14rem] truncate rounded-full border border-border bg-surface-muted px-2.5 py-0.5 text-xs font-medium text-ink md:inline-block"
            >
              {badge.label}
            </span>
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              <LiveStatusNotice status={liveStatus} />
              {headerExtras}
              <HeaderNotificationBell />
              <ThemeToggle />
              <span
                className="hidden max-w-[16rem] truncate text-sm text-ink-muted lg:inline"
                data-testid="user-email"
              >
                {user.email}
              </span>
              <button
                type="button"
                onClick={() => void handleSignOut()}
                disabled={logout.isPending}
                className="hidden h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-ink hover:bg-surface-muted lg:inline-flex"
              >
                <LogOut className="h-4 w-4" aria-hidden />
                Sign out
              </button>
              <HeaderAccountMenu
                email={user.email}
                badge={badge}
                isSigningOut={logout.isPending}
                onSignOut={() => void handleSignOut()}
                webhooksPath={getWebhooksPath(user.role)}
              />
            </div>
          </div>
        </div>
        <ToastBand />
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-3 pb-6 sm:px-6">
        {/* A failing page shows the error screen here, under a header that still works. */}
        <ErrorBoundary resetKey={pathname}>
          <UnsavedChangesProvider>
            <Outlet />
          </UnsavedChangesProvider>
        </ErrorBoundary>
      </main>
      <SessionTimeoutWatcher />
    </div>
  );
}

/** The account menu's Webhooks link: the console's tab for administrators, else /webhooks. */
function getWebhooksPath(role: Role): string | null {
  if (!hasCapability(role, 'webhooks:manage')) return null;
  return role === 'admin' ? '/dashboard/admin?tab=webhooks' : '/webhooks';
}

/**
 * Says so while live updates are paused (the stream is reconnecting); the page refetches what it
 * shows once they resume. The status region is always there, so its change is announced.
 */
function LiveStatusNotice({ status }: { status: LiveStatus }) {
  return (
    <span role="status" className="contents">
      {status === 'reconnecting' ? (
        <span
          title="Live updates are paused while the connection is restored"
          className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink"
        >
          <WifiOff className="h-3.5 w-3.5" aria-hidden />
          Reconnecting…
        </span>
      ) : null}
    </span>
  );
}
