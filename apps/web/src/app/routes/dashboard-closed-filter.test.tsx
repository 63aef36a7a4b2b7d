import {
  CLOSED_CASE_FILTER_LABELS,
  CLOSING_TEXTS,
} from '@casebridge/domain/closing/closing-constants';
import type { Role } from '@casebridge/domain/roles';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AdminPatientsTab } from '#src/features/patients/components/admin-patients-tab.tsx';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { ClinicDashboardPage } from './clinic-dashboard-page.tsx';
import { FirmDashboardPage } from './firm-dashboard-page.tsx';
import { LienholderDashboardPage } from './lienholder-dashboard-page.tsx';

const EMPTY_PAGE = {
  items: [],
  total: 0,
  isTotalCapped: false,
  nextCursor: null,
  previousCursor: null,
};

const SCREENS: Array<[string, Role, () => ReactElement]> = [
  ['clinic dashboard', 'clinic', () => <ClinicDashboardPage />],
  ['firm dashboard', 'attorney', () => <FirmDashboardPage />],
  ['lienholder dashboard', 'lienholder', () => <LienholderDashboardPage />],
  ['admin patient list', 'admin', () => <AdminPatientsTab />],
];

function renderScreen(role: Role, ui: ReactElement, route: string) {
  return renderWithProviders(ui, {
    route,
    path: '/dashboard',
    session: signedInAs(role),
    api: {
      'GET /patients': EMPTY_PAGE,
      'GET /patients/stats': { total: 0, byStatus: {} },
      'GET /clinics/:clinicId/gap-setting': { thresholdDays: 14 },
      'GET /payoffs/inbox': { items: [] },
    },
  });
}

/** The `closed` parameter of every patient-list request so far ('' when none was sent). */
const closedQueries = (api: ReturnType<typeof renderScreen>['api']) =>
  api.calls.filter((call) => call.path === '/patients').map((call) => call.query.get('closed'));

describe.each(SCREENS)('the %s’s Cases filter', (_name, role, ui) => {
  it('lists the active cases by default, sending no closed filter', async () => {
    const { api } = renderScreen(role, ui(), '/dashboard');
    const filter = await screen.findByRole('combobox', { name: CLOSING_TEXTS.closedFilterLabel });
    expect(filter).toHaveValue('active');
    expect(
      screen.getByRole('option', { name: CLOSED_CASE_FILTER_LABELS.active, selected: true }),
    ).toBeInTheDocument();
    await expect.poll(() => closedQueries(api).length).toBeGreaterThan(0);
    expect(closedQueries(api)).toEqual(closedQueries(api).map(() => null));
  });

  it('keeps Closed and Include closed in the address and asks the API for them', async () => {
    const { api, router } = renderScreen(role, ui(), '/dashboard?gap=open');
    const user = userEvent.setup();
    const filter = await screen.findByRole('combobox', { name: CLOSING_TEXTS.closedFilterLabel });
    await user.selectOptions(filter, CLOSED_CASE_FILTER_LABELS.closed);
    expect(new URLSearchParams(router.state.location.search).get('closed')).toBe('closed');
    // The other filters in the address stay.
    expect(new URLSearchParams(router.state.location.search).get('gap')).toBe('open');
    await expect.poll(() => closedQueries(api)).toContain('closed');
    await user.selectOptions(filter, CLOSED_CASE_FILTER_LABELS.all);
    expect(new URLSearchParams(router.state.location.search).get('closed')).toBe('all');
    await expect.poll(() => closedQueries(api)).toContain('all');
    await user.selectOptions(filter, CLOSED_CASE_FILTER_LABELS.active);
    expect(new URLSearchParams(router.state.location.search).has('closed')).toBe(false);
  });

  it('opens on the choice a link carried, and is reachable by keyboard', async () => {
    const { api } = renderScreen(role, ui(), '/dashboard?closed=closed');
    const user = userEvent.setup();
    const filter = await screen.findByRole('combobox', { name: CLOSING_TEXTS.closedFilterLabel });
    expect(filter).toHaveValue('closed');
    await expect.poll(() => closedQueries(api)).toContain('closed');
    expect(closedQueries(api)).not.toContain(null);
    filter.blur();
    for (let step = 0; step < 60 && document.activeElement !== filter; step += 1) {
      await user.tab();
    }
    expect(filter).toHaveFocus();
  });

  it('ignores an unknown value in the address', async () => {
    renderScreen(role, ui(), '/dashboard?closed=everything');
    expect(
      await screen.findByRole('combobox', { name: CLOSING_TEXTS.closedFilterLabel }),
    ).toHaveValue('active');
  });
});
