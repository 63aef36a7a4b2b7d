import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { ClinicDashboardPage } from './clinic-dashboard-page.tsx';
import { FirmDashboardPage } from './firm-dashboard-page.tsx';

const MARIA = {
  id: '00000000-0000-4000-8000-000000000001',
  fullName: 'Maria Delgado',
  dob: '1984-03-12',
  treatmentStatus: 'Referred',
  intakeDate: null,
  lastTreatmentDate: null,
  clinicNames: ['Harbor Physical Therapy'],
  firmName: 'Morgan & Hale Injury Law',
  updatedAt: '2026-02-01T00:00:00.000Z',
  externalId: null,
  version: 2,
};
const PAGE = {
  items: [MARIA],
  total: 1,
  isTotalCapped: false,
  nextCursor: null,
  previousCursor: null,
};

function renderPage(role: 'clinic' | 'attorney', route: string) {
  const ui = role === 'clinic' ? <ClinicDashboardPage /> : <FirmDashboardPage />;
  return renderWithProviders(ui, {
    route,
    path: '/dashboard',
    session: signedInAs(role),
    api: {
      'GET /patients': PAGE,
      'GET /patients/stats': { total: 1, byStatus: { Referred: 1 } },
      'GET /clinics/:clinicId/gap-setting': { thresholdDays: 14 },
    },
  });
}

const listQuery = (api: ReturnType<typeof renderPage>['api']) =>
  api.calls.filter((call) => call.path === '/patients').at(-1)?.query;

describe.each(['attorney', 'clinic'] as const)('the %s dashboard’s filters', (role) => {
  it('opens with the search, status, sort and page size the address names', async () => {
    const { api } = renderPage(
      role,
      '/dashboard?q=delgado+maria&status=Referred&sort=name&size=25',
    );
    expect(
      await screen.findByRole('searchbox', { name: /Search patients by name, date of birth/ }),
    ).toHaveValue('delgado maria');
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('Referred');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    expect(screen.getByRole('combobox', { name: 'Patients per page' })).toHaveValue('25');
    await expect.poll(() => listQuery(api)?.get('search')).toBe('delgado maria');
    expect(Object.fromEntries(listQuery(api)!)).toMatchObject({
      status: 'Referred',
      sort: 'name',
      limit: '25',
    });
  });

  it('keeps a new choice in the address', async () => {
    const { router } = renderPage(role, '/dashboard');
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Patients per page' }),
      '50',
    );
    await user.type(screen.getByRole('searchbox'), '03/12/1984');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('size')).toBe('50');
    expect(params.get('q')).toBe('03/12/1984');
  });
});

describe('a dashboard row', () => {
  it('gives the clinic an inline status control beside the checkbox', async () => {
    renderPage('clinic', '/dashboard');
    const card = (await screen.findByRole('heading', { name: 'Maria Delgado' })).closest(
      'article',
    )!;
    expect(within(card).getByRole('checkbox', { name: 'Select Maria Delgado' })).toBeVisible();
    expect(
      await within(card).findByRole('button', { name: 'Edit status of Maria Delgado' }),
    ).toBeVisible();
  });

  it('gives the firm a checkbox and no status control', async () => {
    renderPage('attorney', '/dashboard');
    const row = await screen.findByRole('row', { name: /Maria Delgado/ });
    expect(within(row).getByRole('checkbox', { name: 'Select Maria Delgado' })).toBeVisible();
    expect(within(row).queryByRole('button', { name: /Edit status/ })).toBeNull();
  });
});
