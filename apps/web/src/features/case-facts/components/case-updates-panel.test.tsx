import {
  CASE_UPDATE_TEXTS,
  type TCaseUpdates,
} from '@casebridge/domain/case-updates/case-updates.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import type { Role } from '@casebridge/domain/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, type FakeRoutes } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { CaseUpdatesPanel } from './case-updates-panel.tsx';

const PATIENT: TPatientDetail = {
  id: '66666666-6666-4666-8666-666666666666',
  fullName: 'Grace Kim',
  dob: '1985-02-14',
  treatmentStatus: 'Referred for Specialist',
  firm: { phone: null, ...DEMO_ORGANIZATIONS.attorney },
  lienholders: [{ phone: null, id: DEMO_ORGANIZATIONS.lienholder.id, name: 'MedLien' }],
  clinics: [{ phone: null, ...DEMO_ORGANIZATIONS.clinic }],
  intakeDate: '2026-09-17',
  createdAt: '2026-09-17T10:00:00.000Z',
  updatedAt: '2026-09-17T10:00:00.000Z',
  evalDate: null,
  lastTreatmentDate: null,
  pointOfContactName: null,
  pointOfContactPhone: null,
  externalId: null,
  updatedByName: null,
  version: 1,
};

const OVERDUE: TCaseUpdates = {
  entries: [
    {
      id: '77777777-7777-4777-8777-777777777771',
      kind: 'stage',
      note: null,
      fromStage: 'intake',
      toStage: 'treating',
      authorName: 'Morgan Hale',
      createdAt: '2026-09-18T10:00:00.000Z',
    },
  ],
  lastUpdateAt: '2026-09-18T10:00:00.000Z',
  clockFrom: '2026-09-18T10:00:00.000Z',
  stage: 'treating',
  intervalDays: 60,
  dueAt: '2026-11-17T10:00:00.000Z',
  isOverdue: true,
  openAsks: [],
};

const ASKED: TCaseUpdates = {
  ...OVERDUE,
  openAsks: [
    {
      id: '55555555-5555-4555-8555-555555555551',
      organizationId: DEMO_ORGANIZATIONS.clinic.id,
      organizationName: DEMO_ORGANIZATIONS.clinic.name,
      requestedByName: 'Casey Harbor',
      requestedAt: '2026-12-03T10:00:00.000Z',
    },
  ],
};

const ANSWERED: TCaseUpdates = {
  ...OVERDUE,
  entries: [
    {
      id: '77777777-7777-4777-8777-777777777772',
      kind: 'note',
      note: 'Demand sent to the carrier.',
      fromStage: null,
      toStage: null,
      authorName: 'Morgan Hale',
      createdAt: '2026-12-07T10:00:00.000Z',
    },
    ...OVERDUE.entries,
  ],
  lastUpdateAt: '2026-12-07T10:00:00.000Z',
  clockFrom: '2026-12-07T10:00:00.000Z',
  dueAt: '2027-02-05T10:00:00.000Z',
  isOverdue: false,
};

const URL = `/patients/${PATIENT.id}/case-updates`;

function renderPanel(role: Role, updates: TCaseUpdates, routes: FakeRoutes = {}) {
  const sent: FakeRequest[] = [];
  renderWithProviders(<CaseUpdatesPanel patient={PATIENT} />, {
    session: signedInAs(role),
    api: {
      [`GET ${URL}`]: updates,
      [`POST ${URL}`]: (request: FakeRequest) => {
        sent.push(request);
        return ANSWERED;
      },
      [`POST ${URL}/asks`]: (request: FakeRequest) => {
        sent.push(request);
        return ASKED;
      },
      ...routes,
    },
  });
  return { sent };
}

describe('CaseUpdatesPanel', () => {
  it('shows the clinic the overdue clock and asks the firm with one click', async () => {
    const { sent } = renderPanel('clinic', OVERDUE);
    const region = await screen.findByRole('region', { name: CASE_UPDATE_TEXTS.title });
    expect(await within(region).findByText(CASE_UPDATE_TEXTS.overdue)).toBeInTheDocument();
    expect(within(region).getByText('Update overdue since Nov 17, 2026')).toBeInTheDocument();
    expect(within(region).getByText('Stage moved from Intake to Treating')).toBeInTheDocument();
    expect(screen.queryByLabelText(CASE_UPDATE_TEXTS.noteLabel)).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: CASE_UPDATE_TEXTS.ask }));
    await expect.poll(() => latestToast('success')).toBe(CASE_UPDATE_TEXTS.asked);
    expect(sent.map((request) => request.path)).toEqual([`${URL}/asks`]);
    expect(await screen.findByText('Update requested Dec 3, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CASE_UPDATE_TEXTS.ask })).toBeNull();
  });

  it('says so when the organisation has asked already', async () => {
    renderPanel('lienholder', OVERDUE, {
      [`POST ${URL}/asks`]: apiError(409, 'CONFLICT', CASE_UPDATE_TEXTS.alreadyAsked),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: CASE_UPDATE_TEXTS.ask }));
    await expect.poll(() => latestToast('error')).toBe(CASE_UPDATE_TEXTS.alreadyAsked);
  });

  it('shows the firm who asked, and its note answers the ask and clears the form', async () => {
    const { sent } = renderPanel('attorney', ASKED);
    expect(
      await screen.findByText('Harbor Physical Therapy asked for an update Dec 3, 2026'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CASE_UPDATE_TEXTS.ask })).toBeNull();
    const user = userEvent.setup();
    const note = screen.getByLabelText(CASE_UPDATE_TEXTS.noteLabel);
    await user.click(screen.getByRole('button', { name: CASE_UPDATE_TEXTS.post }));
    expect(note).toHaveAccessibleDescription(
      expect.stringContaining(CASE_UPDATE_TEXTS.noteRequired),
    );
    expect(sent).toEqual([]);
    await user.type(note, 'Demand sent to the carrier.');
    await user.click(screen.getByRole('button', { name: CASE_UPDATE_TEXTS.post }));
    await expect.poll(() => latestToast('success')).toBe(CASE_UPDATE_TEXTS.posted);
    expect(sent[0]?.body).toEqual({ note: 'Demand sent to the carrier.' });
    expect(await screen.findByText('Demand sent to the carrier.')).toBeInTheDocument();
    expect(screen.queryByText(/asked for an update/)).toBeNull();
    expect(screen.getByText('Next update due Feb 5, 2027')).toBeInTheDocument();
    expect(note).toHaveValue('');
  });

  it('keeps what the firm typed when the post fails', async () => {
    renderPanel('attorney', OVERDUE, {
      [`POST ${URL}`]: apiError(500, 'INTERNAL', 'Something went wrong'),
    });
    const user = userEvent.setup();
    const note = await screen.findByLabelText(CASE_UPDATE_TEXTS.noteLabel);
    await user.type(note, 'Settlement talks begin next week.');
    await user.click(screen.getByRole('button', { name: CASE_UPDATE_TEXTS.post }));
    await expect.poll(() => latestToast('error')).toBe('Something went wrong');
    expect(note).toHaveValue('Settlement talks begin next week.');
  });

  it("lets another firm's attorney only read", async () => {
    renderWithProviders(<CaseUpdatesPanel patient={{ ...PATIENT, firm: null }} />, {
      session: signedInAs('attorney'),
      api: { [`GET ${URL}`]: OVERDUE },
    });
    await screen.findByText('Stage moved from Intake to Treating');
    expect(screen.queryByLabelText(CASE_UPDATE_TEXTS.noteLabel)).toBeNull();
    expect(screen.queryByRole('button', { name: CASE_UPDATE_TEXTS.ask })).toBeNull();
  });
});
