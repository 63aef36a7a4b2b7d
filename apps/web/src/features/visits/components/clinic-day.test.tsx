import { VISIT_MESSAGES, type TVisit } from '@casebridge/domain/visits/visit.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { json, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { ClinicDay } from './clinic-day.tsx';

const CLINIC = DEMO_ORGANIZATIONS.clinic.id;
const TODAY = getTodayIsoDate();

const visit = (n: number, patientName: string, overrides: Partial<TVisit> = {}): TVisit => ({
  id: `77777777-7777-4777-8777-77777777777${n}`,
  patientId: `66666666-6666-4666-8666-66666666666${n}`,
  patientName,
  clinicId: CLINIC,
  clinicName: DEMO_ORGANIZATIONS.clinic.name,
  date: TODAY,
  time: `0${n}:00`,
  type: 'therapy',
  state: 'scheduled',
  note: null,
  rescheduledFromId: null,
  rescheduledToId: null,
  recordedAt: null,
  recordedByName: null,
  version: n,
  updatedAt: '2026-02-01T18:00:00.000Z',
  updatedByName: 'Casey Harbor',
  ...overrides,
});

const DAY = [visit(1, 'Ann Lee'), visit(2, 'Bo Park'), visit(3, 'Cy Diaz', { state: 'cancelled' })];

function renderDay(post?: (request: FakeRequest) => unknown) {
  const sent: FakeRequest[] = [];
  const rendered = renderWithProviders(
    <ClinicDay clinicId={CLINIC} day={TODAY} onDayChange={() => undefined} />,
    {
      session: signedInAs('clinic'),
      api: {
        [`GET /clinics/${CLINIC}/visits`]: { visits: DAY },
        [`POST /clinics/${CLINIC}/visits/sign-in`]: (request: FakeRequest) => {
          sent.push(request);
          return post ? post(request) : { visits: DAY };
        },
      },
    },
  );
  return { ...rendered, sent };
}

describe('ClinicDay', () => {
  it('marks the selected visits attended, one no-show, and saves them in one request', async () => {
    const { sent, api } = renderDay();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Select all scheduled visits'));
    await user.click(screen.getByRole('button', { name: 'Mark selected attended' }));
    await user.selectOptions(screen.getByLabelText('Sign-in for Bo Park'), 'no_show');
    expect(screen.getByText('2 marked')).toBeInTheDocument();
    // A cancelled visit has no sign-in controls.
    expect(screen.queryByLabelText('Sign-in for Cy Diaz')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => latestToast('success')).toBe(VISIT_MESSAGES.signInSaved(2));
    expect(api.calls[0]!.query.get('date')).toBe(TODAY);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      date: TODAY,
      entries: [
        { visitId: DAY[0]!.id, outcome: 'attended', version: 1 },
        { visitId: DAY[1]!.id, outcome: 'no_show', version: 2 },
      ],
    });
  });

  it('saves nothing when no visit is marked', async () => {
    const { sent } = renderDay();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await expect.poll(() => latestToast('error')).toBe(VISIT_MESSAGES.noRows);
    expect(sent).toEqual([]);
  });

  it('keeps the marks and names the row at fault when the save is refused', async () => {
    renderDay(() =>
      json(
        {
          error: {
            code: 'CONFLICT',
            message: VISIT_MESSAGES.signInFailed,
            details: [
              {
                field: 'entries[1]',
                location: 'body',
                message: 'Bo Park: changed since it was shown; reload the day',
              },
            ],
          },
        },
        409,
      ),
    );
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Sign-in for Ann Lee'), 'attended');
    await user.selectOptions(screen.getByLabelText('Sign-in for Bo Park'), 'attended');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => latestToast('error')).toBe(VISIT_MESSAGES.signInFailed);
    const row = screen.getByLabelText('Sign-in for Bo Park');
    expect(row).toHaveAccessibleDescription('Bo Park: changed since it was shown; reload the day');
    expect(row).toHaveValue('attended');
    expect(screen.getByLabelText('Sign-in for Ann Lee')).toHaveValue('attended');
  });
});
