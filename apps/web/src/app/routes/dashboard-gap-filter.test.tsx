import { TREATMENT_GAP_TEXTS } from '@casebridge/domain/gaps/treatment-gap';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { ClinicDashboardPage } from './clinic-dashboard-page.tsx';
import { DashboardRedirect } from './dashboard-redirect.tsx';
import { FirmDashboardPage } from './firm-dashboard-page.tsx';

const EMPTY_PAGE = {
  items: [],
  total: 0,
  isTotalCapped: false,
  nextCursor: null,
  previousCursor: null,
};

/** A dashboard opened at `route`, as a treatment-gap digest's link opens it. */
function renderDashboard(page: 'clinic' | 'attorney', route: string) {
  const ui = page === 'clinic' ? <ClinicDashboardPage /> : <FirmDashboardPage />;
  return renderWithProviders(ui, {
    route,
    path: '/dashboard',
    session: signedInAs(page),
    api: {
      'GET /patients': EMPTY_PAGE,
      'GET /patients/stats': { total: 0, byStatus: {} },
      'GET /clinics/:clinicId/gap-setting': { thresholdDays: 14 },
    },
  });
}

const listQueries = (api: ReturnType<typeof renderDashboard>['api']) =>
  api.calls.filter((call) => call.path === '/patients').map((call) => call.query.get('gap'));

describe.each(['clinic', 'attorney'] as const)('the %s dashboard’s Gaps filter', (page) => {
  it('opens filtered by open gaps from a link to ?gap=open', async () => {
    const { api } = renderDashboard(page, '/dashboard?gap=open');
    expect(
      await screen.findByRole('combobox', { name: TREATMENT_GAP_TEXTS.filterLabel }),
    ).toHaveValue('open');
    await expect.poll(() => listQueries(api)).toContain('open');
    expect(listQueries(api)).not.toContain(null);
  });

  it('keeps the choice in the address, and drops it for every patient', async () => {
    const { api, router } = renderDashboard(page, '/dashboard');
    const user = userEvent.setup();
    const filter = await screen.findByRole('combobox', { name: TREATMENT_GAP_TEXTS.filterLabel });
    await user.selectOptions(filter, 'open');
    expect(router.state.location.search).toBe('?gap=open');
    await expect.poll(() => listQueries(api)).toContain('open');
    await user.selectOptions(filter, '');
    expect(router.state.location.search).toBe('');
  });
});

describe('/dashboard', () => {
  it('forwards to the role’s dashboard with the query the link carried', async () => {
    const { router } = renderWithProviders(<DashboardRedirect />, {
      route: '/dashboard?gap=open',
      path: '/dashboard',
      session: signedInAs('clinic'),
      routes: [{ path: '/dashboard/clinic', element: <h1>Clinic dashboard</h1> }],
    });
    expect(await screen.findByRole('heading', { name: 'Clinic dashboard' })).toBeVisible();
    expect(router.state.location.search).toBe('?gap=open');
  });
});
