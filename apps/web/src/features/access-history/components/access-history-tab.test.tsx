import {
  ACCESS_HISTORY_MESSAGES,
  type TAccessHistory,
} from '@casebridge/domain/audit/access-history';
import type { Role } from '@casebridge/domain/roles';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { canOpenAccessHistory } from '#src/features/access-history/utils/can-open-access-history.ts';
import { AccessHistoryTab } from './access-history-tab.tsx';

const PATIENT_ID = '77777777-7777-4777-8777-777777777777';
const HISTORY: TAccessHistory = {
  timeZone: 'America/New_York',
  isTruncated: false,
  items: [
    {
      userId: 'u-nora',
      userName: 'Nora York',
      userRole: 'clinic',
      day: '2026-03-01',
      views: 3,
      changes: 1,
      refused: 0,
      firstAt: '2026-03-01T14:05:00.000Z',
      lastAt: '2026-03-01T19:02:00.000Z',
    },
    {
      userId: 'u-otto',
      userName: 'Otto Outside',
      userRole: 'attorney',
      day: '2026-02-28',
      views: 0,
      changes: 0,
      refused: 2,
      firstAt: '2026-03-01T03:00:00.000Z',
      lastAt: '2026-03-01T04:30:00.000Z',
    },
  ],
};

function renderHistory(role: Role, answer: TAccessHistory | Response = HISTORY) {
  return renderWithProviders(
    <AccessHistoryTab patient={{ id: PATIENT_ID }} timeZone="America/New_York" />,
    {
      session: signedInAs(role),
      api: { [`GET /patients/${PATIENT_ID}/access-history`]: answer },
    },
  );
}

describe('AccessHistoryTab', () => {
  it("lists each person's views, changes and refusals per day, with times that name their zone", async () => {
    const { api } = renderHistory('clinic');
    await screen.findByText('Nora York');
    const table = screen.getByRole('table', { name: /Access history per person and day/ });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Mar 1, 2026Nora Yorkclinic310');
    // 14:05 and 19:02 UTC are 9:05 AM and 2:02 PM in New York, which says EST.
    expect(within(rows[1]!).getByText('9:05 AM EST')).toHaveAttribute(
      'datetime',
      '2026-03-01T14:05:00.000Z',
    );
    expect(within(rows[1]!).getByText('2:02 PM EST')).toBeInTheDocument();
    // A refusal late on Feb 28 in New York is already Mar 1 in UTC: the day is the zone's.
    expect(rows[2]).toHaveTextContent('Feb 28, 2026Otto Outsideattorney002');
    expect(within(rows[2]!).getByText('10:00 PM EST')).toBeInTheDocument();
    expect(
      screen.getByText(/Days and times are in America\/New_York \(UTC-0[45]:00\)\./),
    ).toBeVisible();
    expect(api.calls.at(-1)?.query.get('tz')).toBe('America/New_York');
    expect(screen.queryByRole('link', { name: 'Open in the audit log' })).toBeNull();
  });

  it('offers admins the patient in the audit log', async () => {
    renderHistory('admin');
    expect(await screen.findByRole('link', { name: 'Open in the audit log' })).toHaveAttribute(
      'href',
      `/dashboard/admin?tab=audit&patient=${PATIENT_ID}`,
    );
  });

  it('says when nobody has opened or changed the patient yet', async () => {
    renderHistory('clinic', { ...HISTORY, items: [] });
    expect(await screen.findByText(ACCESS_HISTORY_MESSAGES.empty)).toBeVisible();
  });

  it('reports a failure to load', async () => {
    renderHistory('clinic', apiError(500, 'INTERNAL', 'Something went wrong'));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCESS_HISTORY_MESSAGES.loadFailed);
  });
});

describe('canOpenAccessHistory', () => {
  const { id, name } = DEMO_ORGANIZATIONS.clinic;
  const patient = { clinics: [{ id, name, phone: null }] };
  it.each([
    ['admin', true],
    ['clinic', true],
    ['attorney', false],
    ['lienholder', false],
    ['contact', false],
  ] as const)('%s: %s', (role, expected) => {
    expect(canOpenAccessHistory(signedInAs(role).user, patient)).toBe(expected);
  });

  it("is closed to a clinic that is not the patient's", () => {
    expect(canOpenAccessHistory(signedInAs('clinic').user, { clinics: [] })).toBe(false);
  });
});
