import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '#src/components/error-fallback.tsx';
import { AppShell } from './app-shell.tsx';
import {
  RequireAuth,
  RequirePatientCreation,
  RequireRole,
} from '#src/features/auth/components/require-auth.tsx';
import { AddPatientPage } from './routes/add-patient-page.tsx';
import { ClinicDashboardPage } from './routes/clinic-dashboard-page.tsx';
import { DashboardRedirect } from './routes/dashboard-redirect.tsx';
import { FirmDashboardPage } from './routes/firm-dashboard-page.tsx';
import { LienholderDashboardPage } from './routes/lienholder-dashboard-page.tsx';
import { LoginPage } from './routes/login-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { NotificationsPage } from './routes/notifications-page.tsx';
import { AcceptInvitePage } from './routes/accept-invite-page.tsx';
import { ConfirmNotificationEmailPage } from './routes/confirm-notification-email-page.tsx';
import { AdminDashboardPage } from './routes/admin-dashboard-page.tsx';
import { DirectoryPage } from './routes/directory-page.tsx';
import { ForgotPasswordPage } from './routes/forgot-password-page.tsx';
import { ResetPasswordPage } from './routes/reset-password-page.tsx';
import { PatientDetailPage } from './routes/patient-detail-page.tsx';
import { SecurityPage } from './routes/security-page.tsx';
import { SignupPage } from './routes/signup-page.tsx';
import { TwoStepSetupPage } from './routes/two-step-setup-page.tsx';
import { UnauthorizedPage } from './routes/unauthorized-page.tsx';

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
export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/login', element: <LoginPage /> },
        { path: '/signup', element: <SignupPage /> },
        { path: '/accept-invite', element: <AcceptInvitePage /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        // Outside the data guard: a user whom 'Require MFA' holds back enrols here first.
        { path: '/two-step-setup', element: <TwoStepSetupPage /> },
        { path: '/confirm-notification-email', element: <ConfirmNotificationEmailPage /> },
        { path: '/unauthorized', element: <UnauthorizedPage /> },
        { path: '/', element: <Navigate to="/dashboard" replace /> },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <AppShell />,
              children: [
                { path: '/dashboard', element: <DashboardRedirect /> },
                {
                  element: <RequireRole roles={['clinic', 'admin']} />,
                  children: [
                    { path: '/dashboard/clinic', element: <ClinicDashboardPage /> },
                    {
                      // 'Allow Clinic Patient Creation' off: clinic users may not add patients.
                      element: <RequirePatientCreation />,
                      children: [{ path: '/add-patient', element: <AddPatientPage /> }],
                    },
                  ],
                },
                {
                  element: <RequireRole roles={['attorney', 'admin']} />,
                  children: [{ path: '/dashboard/firm', element: <FirmDashboardPage /> }],
                },
                {
                  element: <RequireRole roles={['lienholder', 'admin']} />,
                  children: [
                    { path: '/dashboard/lienholder', element: <LienholderDashboardPage /> },
                  ],
                },
                {
                  element: <RequireRole roles={['admin']} />,
                  children: [{ path: '/dashboard/admin', element: <AdminDashboardPage /> }],
                },
                { path: '/patients/:patientId', element: <PatientDetailPage /> },
                { path: '/directory', element: <DirectoryPage /> },
                { path: '/notifications', element: <NotificationsPage /> },
                { path: '/security', element: <SecurityPage /> },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
