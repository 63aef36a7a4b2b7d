import {
  REFERRAL_MESSAGES,
  REFERRAL_TEXTS,
  type TReferral,
  type TReferralPage,
} from '@casebridge/domain/referrals/referral.schemas';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import { PATIENT_MESSAGES } from '@casebridge/domain/patients/patient.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { ReferClientDialog } from './refer-client-dialog.tsx';
import { ReferralList } from './referral-lists.tsx';

const HARBOR = DEMO_ORGANIZATIONS.clinic;
const FIRM = DEMO_ORGANIZATIONS.attorney;
const SUMMIT_ID = '33333333-3333-4333-8333-333333333333';
const JAMES_ID = '55555555-5555-4555-8555-555555555555';
const HOUR_MS = 3_600_000;

const REFERRAL: TReferral = {
  id: '77777777-7777-4777-8777-777777777771',
  kind: 'new_client',
  state: 'pending',
  referrer: { id: FIRM.id, name: FIRM.name, kind: 'firm' },
  clinic: { id: HARBOR.id, name: HARBOR.name },
  createdByName: 'Morgan Hale',
  clientName: 'Rosa Delgado',
  dob: '1987-03-14',
  phone: '(555) 010-2233',
  accidentDate: '2026-11-20',
  accidentType: 'auto',
  injurySummary: 'Neck and lower back pain',
  insurerCarrier: 'Lakeside Casualty',
  claimNumber: 'LC-55120',
  lopOnFile: true,
  urgency: 'urgent',
  declineReason: null,
  patientId: null,
  createdAt: new Date(Date.now() - 3 * HOUR_MS - 20 * 60_000).toISOString(),
  respondedAt: null,
  respondedByName: null,
  responseSeconds: null,
  duplicate: null,
  version: 1,
  updatedAt: '2026-12-01T10:00:00.000Z',
  updatedByName: null,
};

const page = (items: TReferral[]): TReferralPage => ({
  items,
  nextCursor: null,
  pendingCount: items.filter((item) => item.state === 'pending').length,
});

function organization(id: string, name: string, kind: TOrganization['kind']): TOrganization {
  return {
    id,
    kind,
    name,
    slug: name.replaceAll(' ', '_'),
    address: null,
    phone: null,
    email: null,
    description: null,
    specialties: [],
    practiceAreas: [],
    lienholderType: null,
    gapThresholdDays: 14,
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedByName: null,
  } as unknown as TOrganization;
}

function renderQueue(items: TReferral[], routes: Record<string, unknown> = {}) {
  const sent: FakeRequest[] = [];
  const view = renderWithProviders(<ReferralList box="received" label="Referrals received" />, {
    session: signedInAs('clinic'),
    api: {
      'GET /referrals': page(items),
      'POST /referrals/:id/accept': (request: FakeRequest) => {
        sent.push(request);
        return {
          referral: { ...REFERRAL, state: 'accepted', patientId: JAMES_ID, version: 2 },
          patientId: JAMES_ID,
          created: true,
        };
      },
      'POST /referrals/:id/decline': (request: FakeRequest) => {
        sent.push(request);
        return { ...REFERRAL, state: 'declined', version: 2 };
      },
      ...routes,
    },
  });
  return { ...view, sent };
}

describe('the referral queue', () => {
  it('shows a pending referral with its age, urgency, claim and the clinic’s answers', async () => {
    renderQueue([REFERRAL]);
    const card = await screen.findByRole('listitem', { name: 'Rosa Delgado' });
    expect(
      within(card).getByText(/From Morgan & Hale Injury Law · Received 3 h 20 min ago/),
    ).toBeInTheDocument();
    expect(within(card).getByText('Urgent (24–48 hours)')).toBeInTheDocument();
    expect(within(card).getByText('Lakeside Casualty, claim LC-55120')).toBeInTheDocument();
    expect(within(card).getByText(REFERRAL_TEXTS.lopOnFile)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Accept: Rosa Delgado' })).toBeInTheDocument();
    expect(within(card).queryByRole('note')).toBeNull();
  });

  it('accepts from the version shown, and says so', async () => {
    const { sent } = renderQueue([REFERRAL]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept: Rosa Delgado' }));
    await waitFor(() => expect(latestToast('success')).toBe(REFERRAL_TEXTS.accepted));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ path: `/referrals/${REFERRAL.id}/accept`, body: {} });
    expect(sent[0]?.headers['if-match']).toBe('"1"');
  });

  it('warns of a patient already at the clinic and offers to attach to it', async () => {
    const duplicate = { id: JAMES_ID, fullName: 'Rosa Delgado', dob: '1987-03-14' };
    const { sent } = renderQueue([{ ...REFERRAL, duplicate }]);
    const card = await screen.findByRole('listitem', { name: 'Rosa Delgado' });
    const note = within(card).getByRole('note');
    expect(note).toHaveTextContent(REFERRAL_TEXTS.duplicateWarning);
    expect(
      within(note).getByRole('link', { name: 'Rosa Delgado, born Mar 14, 1987' }),
    ).toHaveAttribute('href', `/patients/${JAMES_ID}`);
    expect(
      within(card).getByRole('button', { name: REFERRAL_TEXTS.acceptNew }),
    ).toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: REFERRAL_TEXTS.acceptAttach }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ attachToPatientId: JAMES_ID });
  });

  it('declines only with a reason, which it sends', async () => {
    const { sent } = renderQueue([REFERRAL]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline: Rosa Delgado' }));
    const dialog = await screen.findByRole('dialog', { name: REFERRAL_TEXTS.declineTitle });
    await user.click(within(dialog).getByRole('button', { name: REFERRAL_TEXTS.declineConfirm }));
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAccessibleDescription(
      REFERRAL_TEXTS.declineReasonRequired,
    );
    expect(sent).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), 'No openings until January');
    await user.click(within(dialog).getByRole('button', { name: REFERRAL_TEXTS.declineConfirm }));
    await waitFor(() => expect(latestToast('success')).toBe(REFERRAL_TEXTS.declined));
    expect(sent[0]?.body).toEqual({ reason: 'No openings until January' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the typed reason when the decline is refused as stale', async () => {
    renderQueue([REFERRAL], {
      'POST /referrals/:id/decline': apiError(409, 'CONFLICT', REFERRAL_MESSAGES.notPending),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline: Rosa Delgado' }));
    const dialog = await screen.findByRole('dialog', { name: REFERRAL_TEXTS.declineTitle });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Full');
    await user.click(within(dialog).getByRole('button', { name: REFERRAL_TEXTS.declineConfirm }));
    await waitFor(() => expect(latestToast('error')).toBe(REFERRAL_TEXTS.declineFailed));
    expect(within(dialog).getByLabelText(/Reason/)).toHaveValue('Full');
  });

  it('shows an answered referral’s response time and reason, without answers', async () => {
    renderQueue([
      {
        ...REFERRAL,
        state: 'declined',
        declineReason: 'We do not treat dog bites',
        respondedAt: '2026-12-01T12:00:00.000Z',
        respondedByName: 'Casey Harbor',
        responseSeconds: 2 * 3600 + 5 * 60,
      },
    ]);
    const card = await screen.findByRole('listitem', { name: 'Rosa Delgado' });
    expect(within(card).getByText(/Responded in 2 h 5 min/)).toBeInTheDocument();
    expect(within(card).getByText('We do not treat dog bites')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('says when the queue is empty', async () => {
    renderQueue([]);
    expect(await screen.findByText(REFERRAL_TEXTS.queueEmpty)).toBeInTheDocument();
  });
});

describe('sent referrals', () => {
  it('show the clinic, the state, the response time and a link to the accepted patient', async () => {
    renderWithProviders(<ReferralList box="sent" label="Sent referrals" />, {
      session: signedInAs('attorney'),
      api: {
        'GET /referrals': page([
          { ...REFERRAL, id: '77777777-7777-4777-8777-777777777772', clientName: 'Waiting Client' },
          {
            ...REFERRAL,
            state: 'accepted',
            patientId: JAMES_ID,
            respondedAt: '2026-12-01T10:45:00.000Z',
            responseSeconds: 45 * 60,
          },
        ]),
      },
    });
    const accepted = await screen.findByRole('listitem', { name: 'Rosa Delgado' });
    expect(
      within(accepted).getByText(/To Harbor Physical Therapy · Responded in 45 min/),
    ).toBeInTheDocument();
    expect(
      within(accepted).getByRole('link', { name: 'Open patient: Rosa Delgado' }),
    ).toHaveAttribute('href', `/patients/${JAMES_ID}`);
    const waiting = screen.getByRole('listitem', { name: 'Waiting Client' });
    expect(within(waiting).getByText(/Waiting 3 h 20 min/)).toBeInTheDocument();
    expect(
      within(waiting).getByRole('button', { name: 'Withdraw: Waiting Client' }),
    ).toBeInTheDocument();
  });
});

describe('Refer a client', () => {
  function renderDialog(post: (request: FakeRequest) => unknown, clinicId?: string) {
    const closed: string[] = [];
    const sent: FakeRequest[] = [];
    renderWithProviders(
      <ReferClientDialog
        {...(clinicId ? { clinicId } : {})}
        onClose={() => closed.push('closed')}
      />,
      {
        session: signedInAs('attorney'),
        api: {
          'GET /organizations': {
            items: [
              organization(SUMMIT_ID, 'Summit Spine & Pain Center', 'clinic'),
              organization(HARBOR.id, HARBOR.name, 'clinic'),
              organization(FIRM.id, FIRM.name, 'firm'),
            ],
          },
          'POST /referrals': (request: FakeRequest) => {
            sent.push(request);
            return post(request);
          },
        },
      },
    );
    return { closed, sent };
  }

  it('lists the directory’s clinics only, and refuses a missing name and birth date at their fields', async () => {
    const { sent } = renderDialog(() => REFERRAL);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: REFERRAL_TEXTS.formTitle });
    const clinic = await within(dialog).findByLabelText(/^Clinic/);
    await waitFor(() =>
      expect(
        within(clinic)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        REFERRAL_TEXTS.clinicRequired,
        'Harbor Physical Therapy',
        'Summit Spine & Pain Center',
      ]),
    );
    await user.click(within(dialog).getByRole('button', { name: REFERRAL_TEXTS.submit }));
    expect(within(dialog).getByLabelText(/^Client name/)).toHaveAccessibleDescription(
      REFERRAL_TEXTS.clientNameRequired,
    );
    expect(within(dialog).getByLabelText(/^Date of birth/)).toHaveAccessibleDescription(
      PATIENT_MESSAGES.dobRequired,
    );
    expect(clinic).toHaveAccessibleDescription(REFERRAL_MESSAGES.clinicInvalid);
    expect(sent).toHaveLength(0);
  });

  it('sends the referral to the clinic it was opened for, with the case fields', async () => {
    const { sent, closed } = renderDialog(() => REFERRAL, HARBOR.id);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: REFERRAL_TEXTS.formTitle });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Clinic/)).toHaveValue(HARBOR.id));
    await user.type(within(dialog).getByLabelText(/^Client name/), 'Rosa Delgado');
    await user.type(within(dialog).getByLabelText(/^Date of birth/), '1987-03-14');
    await user.selectOptions(within(dialog).getByLabelText('Accident type'), 'auto');
    await user.type(within(dialog).getByLabelText('Insurance carrier'), 'Lakeside Casualty');
    await user.click(within(dialog).getByLabelText(REFERRAL_TEXTS.lopLabel));
    await user.selectOptions(within(dialog).getByLabelText('Urgency'), 'urgent');
    await user.click(within(dialog).getByRole('button', { name: REFERRAL_TEXTS.submit }));
    await waitFor(() => expect(closed).toEqual(['closed']));
    expect(latestToast('success')).toBe(REFERRAL_TEXTS.sent);
    expect(sent[0]?.body).toMatchObject({
      clinicId: HARBOR.id,
      clientName: 'Rosa Delgado',
      dob: '1987-03-14',
      accidentType: 'auto',
      insurerCarrier: 'Lakeside Casualty',
      lopOnFile: true,
      urgency: 'urgent',
      phone: null,
    });
  });

  it('keeps what was typed when the send fails', async () => {
    const { closed } = renderDialog(
      () => apiError(400, 'VALIDATION_FAILED', REFERRAL_MESSAGES.clinicInvalid),
      HARBOR.id,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: REFERRAL_TEXTS.formTitle });
    await user.type(await within(dialog).findByLabelText(/^Client name/), 'Rosa Delgado');
    await user.type(within(dialog).getByLabelText(/^Date of birth/), '1987-03-14');
    await user.click(within(dialog).getByRole('button', { name: REFERRAL_TEXTS.submit }));
    await waitFor(() => expect(latestToast('error')).toBe(REFERRAL_TEXTS.sendFailed));
    expect(closed).toEqual([]);
    expect(within(dialog).getByLabelText(/^Client name/)).toHaveValue('Rosa Delgado');
  });
});
