import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import type { Role } from '@casebridge/domain/roles';
import { VISIT_MESSAGES, type TVisit } from '@casebridge/domain/visits/visit.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { apiError, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { VisitsTab } from './visits-tab.tsx';

const PATIENT: TPatientDetail = {
  id: '66666666-6666-4666-8666-666666666666',
  fullName: 'James Whitfield',
  dob: '1985-02-02',
  intakeDate: '2026-01-05',
  evalDate: '2026-01-08',
  lastTreatmentDate: '2026-02-01',
  treatmentStatus: 'Evaluated',
  clinics: [{ ...DEMO_ORGANIZATIONS.clinic, phone: null }],
  firm: { id: DEMO_ORGANIZATIONS.attorney.id, name: DEMO_ORGANIZATIONS.attorney.name, phone: null },
  lienholders: [],
  pointOfContactName: null,
  pointOfContactPhone: null,
  externalId: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  version: 4,
  updatedByName: null,
};

const visit = (overrides: Partial<TVisit>): TVisit => ({
  id: '77777777-7777-4777-8777-777777777771',
  patientId: PATIENT.id,
  patientName: PATIENT.fullName,
  clinicId: DEMO_ORGANIZATIONS.clinic.id,
  clinicName: DEMO_ORGANIZATIONS.clinic.name,
  date: '2026-02-01',
  time: '09:30',
  type: 'therapy',
  state: 'attended',
  note: null,
  rescheduledFromId: null,
  rescheduledToId: null,
  recordedAt: '2026-02-01T18:00:00.000Z',
  recordedByName: 'Casey Harbor',
  version: 2,
  updatedAt: '2026-02-01T18:00:00.000Z',
  updatedByName: 'Casey Harbor',
  ...overrides,
});

const TODAY_VISIT = visit({
  id: '77777777-7777-4777-8777-777777777772',
  date: getTodayIsoDate(),
  time: '10:00',
  type: 'follow_up',
  state: 'scheduled',
  recordedAt: null,
  recordedByName: null,
  version: 1,
});
const MISSED = visit({
  id: '77777777-7777-4777-8777-777777777773',
  date: '2026-01-20',
  state: 'no_show',
});
const VISITS = [TODAY_VISIT, visit({}), MISSED];
const URL = `/patients/${PATIENT.id}/visits`;

function renderTab(
  role: Role,
  options: {
    post?: (request: FakeRequest) => unknown;
    outcome?: (request: FakeRequest) => unknown;
  } = {},
) {
  const sent: FakeRequest[] = [];
  const rendered = renderWithProviders(<VisitsTab patient={PATIENT} />, {
    session: signedInAs(role),
    api: {
      [`GET ${URL}`]: { visits: VISITS },
      [`POST ${URL}`]: (request: FakeRequest) => {
        sent.push(request);
        return options.post ? options.post(request) : TODAY_VISIT;
      },
      'POST /visits/:visitId/outcome': (request: FakeRequest) => {
        sent.push(request);
        return options.outcome ? options.outcome(request) : { ...TODAY_VISIT, state: 'attended' };
      },
    },
  });
  return { ...rendered, sent };
}

describe('VisitsTab', () => {
  for (const role of ['attorney', 'lienholder'] as const) {
    it(`is read-only for a ${role}: the visits and their states, no controls`, async () => {
      renderTab(role);
      const list = await screen.findByRole('region', { name: 'Visits' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(3);
      expect(within(list).getByText('No-show')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Schedule a visit' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Attended/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Correct/ })).toBeNull();
    });
  }

  it("records today's visit attended for the patient's clinic, from the version shown", async () => {
    const { sent } = renderTab('clinic');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Attended: Follow-up, ${TODAY_VISIT.date} 10:00` }),
    );
    await expect.poll(() => latestToast('success')).toBe(VISIT_MESSAGES.recorded);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/visits/${TODAY_VISIT.id}/outcome`);
    expect(sent[0]!.headers['if-match']).toBe('"1"');
    expect(sent[0]!.body).toEqual({ outcome: 'attended' });
    // A past visit with an outcome offers a correction only.
    expect(screen.getAllByRole('button', { name: /^Attended:/ })).toHaveLength(1);
  });

  it('schedules a visit and refuses a malformed time at its field, sending nothing', async () => {
    const { sent } = renderTab('clinic');
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Schedule a visit' });
    const time = within(form).getByLabelText(/^Time/);
    await user.clear(time);
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(await within(form).findByText(VISIT_MESSAGES.timeInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(time, '14:15');
    await user.selectOptions(within(form).getByLabelText(/^Type/), 'imaging');
    await user.type(within(form).getByLabelText('Note (optional)'), 'MRI of the lumbar spine');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    await expect.poll(() => latestToast('success')).toBe(VISIT_MESSAGES.scheduled);
    expect(sent[0]!.body).toMatchObject({
      time: '14:15',
      type: 'imaging',
      note: 'MRI of the lumbar spine',
    });
  });

  it('keeps what was typed when the booking fails', async () => {
    renderTab('clinic', {
      post: () => apiError(400, 'VALIDATION_FAILED', VISIT_MESSAGES.beforeIntake),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Schedule a visit' });
    await user.type(within(form).getByLabelText('Note (optional)'), 'Bring the referral');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    await expect.poll(() => latestToast('error')).toBe(VISIT_MESSAGES.beforeIntake);
    expect(within(form).getByLabelText('Note (optional)')).toHaveValue('Bring the referral');
  });

  it('reschedules to a new day and time in a dialog', async () => {
    const { sent } = renderTab('clinic', {
      outcome: () => ({ ...TODAY_VISIT, state: 'rescheduled' }),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: `Reschedule: Follow-up, ${TODAY_VISIT.date} 10:00`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule' });
    const newTime = within(dialog).getByLabelText(/^New time/);
    await user.clear(newTime);
    await user.type(newTime, '15:30');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await expect.poll(() => latestToast('success')).toBe(VISIT_MESSAGES.recorded);
    expect(sent[0]!.body).toMatchObject({ outcome: 'rescheduled', newTime: '15:30' });
  });
});
