import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { ErrorBoundary } from '#src/components/error-fallback.tsx';
import { RouteErrorScreen } from '#src/components/route-error.tsx';
import {
  RequireAuth,
  RequirePatientCreation,
  RequireRole,
} from '#src/features/auth/components/require-auth.tsx';
// Every page, the sign-in page included, and the signed-in layout is its own chunk, fetched when
// a link to it is hovered or focused (route-preload.ts) or when the router first needs it (the
// router starts the first page's chunk as soon as it is created). While a chunk loads the router
// keeps the current screen: there is no spinner and nothing moves. The sign-in form (and the
// form library it needs) is therefore not part of a signed-in page's initial JavaScript.
import { page } from './lazy-page.tsx';
import { DashboardRedirect } from './routes/dashboard-redirect.tsx';

function FirstLoad() {
  return null;
}

function RootLayout() {
  // Leaving a page that failed clears the error screen; AppShell has its own boundary so the
  // header stays usable while a signed-in page fails.
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}

/** The routes of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Whatever fails outside a page (a guard, the forwarding routes) gets the spec's screen, not
    // React Router's developer screen; a page's own failure shows inside its layouts (page()).
    ErrorBoundary: RouteErrorScreen,
    // A first visit to a lazy page shows nothing until that page's code has arrived (one small
    // chunk), then the page itself: no spinner that would flash and move.
    HydrateFallback: FirstLoad,
    children: [
      {
        path: '/login',
        ...page(
          () => import('./routes/login-page.tsx'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: '/signup',
        ...page(
          () => import('./routes/signup-page.tsx'),
          (m) => m.SignupPage,
        ),
      },
      {
        path: '/accept-invite',
        ...page(
          () => import('./routes/accept-invite-page.tsx'),
          (m) => m.AcceptInvitePage,
        ),
      },
      {
        path: '/forgot-password',
        ...page(
          () => import('./routes/forgot-password-page.tsx'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: '/reset-password',
        ...page(
          () => import('./routes/reset-password-page.tsx'),
          (m) => m.ResetPasswordPage,
        ),
      },
      // Outside the data guard: a user whom 'Require MFA' holds back enrols here first.
      {
        path: '/two-step-setup',
        ...page(
          () => import('./routes/two-step-setup-page.tsx'),
          (m) => m.TwoStepSetupPage,
        ),
      },
      {
        path: '/confirm-notification-email',
        ...page(
          () => import('./routes/confirm-notification-email-page.tsx'),
          (m) => m.ConfirmNotificationEmailPage,
        ),
      },
      {
        path: '/unauthorized',
        ...page(
          () => import('./routes/unauthorized-page.tsx'),
          (m) => m.UnauthorizedPage,
        ),
      },
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      {
        element: <RequireAuth />,
        children: [
          {
            ...page(
              () => import('./app-shell.tsx'),
              (m) => m.AppShell,
            ),
            children: [
              {
                path: '/dashboard',
                // In the entry chunk: it only forwards, so it must not wait for a chunk of its own.
                element: <DashboardRedirect />,
              },
              {
                element: <RequireRole roles={['clinic', 'admin']} />,
                children: [
                  {
                    path: '/dashboard/clinic',
                    ...page(
                      () => import('./routes/clinic-dashboard-page.tsx'),
                      (m) => m.ClinicDashboardPage,
                    ),
                  },
                  {
                    // 'Allow Clinic Patient Creation' off: clinic users may not add patients.
                    element: <RequirePatientCreation />,
                    children: [
                      {
                        path: '/add-patient',
                        ...page(
                          () => import('./routes/add-patient-page.tsx'),
                          (m) => m.AddPatientPage,
                        ),
                      },
                    ],
                  },
                ],
              },
              {
                element: <RequireRole roles={['attorney', 'admin']} />,
                children: [
                  {
                    path: '/dashboard/firm',
                    ...page(
                      () => import('./routes/firm-dashboard-page.tsx'),
                      (m) => m.FirmDashboardPage,
                    ),
                  },
                ],
              },
              {
                element: <RequireRole roles={['lienholder', 'admin']} />,
                children: [
                  {
                    path: '/dashboard/lienholder',
                    ...page(
                      () => import('./routes/lienholder-dashboard-page.tsx'),
                      (m) => m.LienholderDashboardPage,
                    ),
                  },
                ],
              },
              {
                element: <RequireRole roles={['admin']} />,
                children: [
                  {
                    path: '/dashboard/admin',
                    ...page(
                      () => import('./routes/admin-dashboard-page.tsx'),
                      (m) => m.AdminDashboardPage,
                    ),
                  },
                ],
              },
              {
                path: '/patients/:patientId',
                ...page(
                  () => import('./routes/patient-detail-page.tsx'),
                  (m) => m.PatientDetailPage,
                ),
              },
              {
                element: <RequireRole roles={['attorney']} />,
                children: [
                  {
                    path: '/patients/:patientId/settlement/print',
                    ...page(
                      () => import('./routes/settlement-print-page.tsx'),
                      (m) => m.SettlementPrintPage,
                    ),
                  },
                  {
                    path: '/patients/:patientId/closing/statement',
                    ...page(
                      () => import('./routes/disbursement-statement-page.tsx'),
                      (m) => m.DisbursementStatementPage,
                    ),
                  },
                ],
              },
              {
                element: <RequireRole roles={['clinic', 'attorney', 'lienholder', 'admin']} />,
                children: [
                  {
                    path: '/requests',
                    ...page(
                      () => import('./routes/requests-page.tsx'),
                      (m) => m.RequestsPage,
                    ),
                  },
                ],
              },
              {
                // Referrals are read only by the organisations that send and receive them.
                element: <RequireRole roles={['clinic', 'attorney']} />,
                children: [
                  {
                    path: '/referrals',
                    ...page(
                      () => import('./routes/referrals-page.tsx'),
                      (m) => m.ReferralsPage,
                    ),
                  },
                ],
              },
              {
                // A clinic's visits of a day and its sign-in sheet.
                element: <RequireRole roles={['clinic']} />,
                children: [
                  {
                    path: '/visits',
                    ...page(
                      () => import('./routes/clinic-visits-page.tsx'),
                      (m) => m.ClinicVisitsPage,
                    ),
                  },
                ],
              },
              {
                // An organisation's webhooks; administrators have the console's tab.
                element: <RequireRole roles={['clinic', 'attorney', 'lienholder']} />,
                children: [
                  {
                    path: '/webhooks',
                    ...page(
                      () => import('./routes/webhooks-page.tsx'),
                      (m) => m.WebhooksPage,
                    ),
                  },
                ],
              },
              {
                path: '/directory',
                ...page(
                  () => import('./routes/directory-page.tsx'),
                  (m) => m.DirectoryPage,
                ),
              },
              {
                path: '/notifications',
                ...page(
                  () => import('./routes/notifications-page.tsx'),
                  (m) => m.NotificationsPage,
                ),
              },
              {
                path: '/security',
                ...page(
                  () => import('./routes/security-page.tsx'),
                  (m) => m.SecurityPage,
                ),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        ...page(
          () => import('./routes/not-found-page.tsx'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createRouter(): AppRouter {
  return createBrowserRouter(routes);
}

/**
 * Resolves once the router has the code of the first page (its lazy routes loaded): what it
 * renders from then on is that page, not the empty first-load screen.
 */
export function whenRouterReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
