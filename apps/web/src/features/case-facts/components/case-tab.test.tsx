import { CASE_FACTS_MESSAGES } from '@casebridge/domain/case-facts/case-facts-constants';
import type {
  TCaseFacts,
  TCaseFactsRecord,
} from '@casebridge/domain/case-facts/case-facts.schemas';
import type { TCaseUpdates } from '@casebridge/domain/case-updates/case-updates.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import type { Role } from '@casebridge/domain/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { CaseTab } from './case-tab.tsx';

const PATIENT: TPatientDetail = {
  id: '66666666-6666-4666-8666-666666666666',
  fullName: 'Thomas Becker',
  dob: '1960-04-04',
  intakeDate: '2026-07-16',
  evalDate: null,
  lastTreatmentDate: null,
  treatmentStatus: 'Discharged',
  clinics: [{ ...DEMO_ORGANIZATIONS.clinic, phone: null }],
  firm: { id: DEMO_ORGANIZATIONS.attorney.id, name: DEMO_ORGANIZATIONS.attorney.name, phone: null },
  lienholders: [{ id: DEMO_ORGANIZATIONS.lienholder.id, name: 'MedLien', phone: null }],
  pointOfContactName: null,
  pointOfContactPhone: null,
  externalId: null,
  createdAt: '2026-07-16T10:00:00.000Z',
  updatedAt: '2026-07-16T10:00:00.000Z',
  version: 1,
  updatedByName: null,
};

const FACTS: TCaseFactsRecord = {
  accidentDate: '2026-07-11',
  accidentType: 'auto',
  firmCaseNumber: 'MH-2026-0117',
  stage: 'demand_sent',
  insurers: [
    {
      id: '99999999-9999-4999-8999-999999999991',
      coverage: 'liability',
      carrier: 'Pacific Shield Insurance',
      claimNumber: 'PSI-441873',
      adjusterName: 'Marcus Lee',
      adjusterPhone: null,
      adjusterEmail: null,
      policyLimitCents: 2_500_000,
    },
    {
      id: '99999999-9999-4999-8999-999999999992',
      coverage: 'med_pay',
      carrier: 'Golden Coast Mutual',
      claimNumber: null,
      adjusterName: null,
      adjusterPhone: null,
      adjusterEmail: null,
      policyLimitCents: 500_000,
    },
  ],
  version: 3,
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedByName: 'Morgan Hale',
};

const CASE_FACTS: TCaseFacts = {
  facts: FACTS,
  stageHistory: [
    {
      id: '88888888-8888-4888-8888-888888888881',
      fromStage: 'treating',
      toStage: 'demand_sent',
      note: 'Demand package sent.',
      changedByName: 'Morgan Hale',
      changedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  limits: {
    specialsCents: 1_240_000,
    coverages: [
      { coverage: 'liability', limitCents: 2_500_000, policyCount: 1, percent: 50, isMet: false },
      { coverage: 'med_pay', limitCents: 500_000, policyCount: 1, percent: 248, isMet: true },
    ],
  },
};

const URL = `/patients/${PATIENT.id}/case`;

/** The Case tab's case updates: none yet, nothing owed (case-updates-panel.test.tsx has more). */
const NO_UPDATES: TCaseUpdates = {
  entries: [],
  lastUpdateAt: null,
  clockFrom: '2026-07-16T00:00:00.000Z',
  stage: 'demand_sent',
  intervalDays: 0,
  dueAt: null,
  isOverdue: false,
  openAsks: [],
};

function renderTab(role: Role, options: { put?: (request: FakeRequest) => unknown } = {}) {
  const sent: FakeRequest[] = [];
  const rendered = renderWithProviders(<CaseTab patient={PATIENT} />, {
    session: signedInAs(role),
    api: {
      [`GET ${URL}`]: CASE_FACTS,
      [`GET ${URL}-updates`]: NO_UPDATES,
      [`PUT ${URL}`]: (request: FakeRequest) => {
        sent.push(request);
        return options.put ? options.put(request) : CASE_FACTS;
      },
    },
  });
  return { ...rendered, sent };
}

describe('CaseTab', () => {
  it('shows the specials against each limit, with Limit met where the specials reach it', async () => {
    renderTab('clinic');
    const limits = await screen.findByRole('region', { name: 'Specials and policy limits' });
    expect(
      within(limits).getByText('Specials $12,400.00 of $25,000.00 BI limit (50%)'),
    ).toBeInTheDocument();
    expect(
      within(limits).getByText('Specials $12,400.00 of $5,000.00 med-pay limit (248%)'),
    ).toBeInTheDocument();
    expect(within(limits).getAllByText(CASE_FACTS_MESSAGES.limitMet)).toHaveLength(1);
  });

  for (const role of ['clinic', 'lienholder'] as const) {
    it(`is read-only for a ${role}: the facts, the insurers and the stage history`, async () => {
      renderTab(role);
      const facts = await screen.findByRole('region', { name: 'Case facts' });
      expect(within(facts).getByText('Demand sent')).toBeInTheDocument();
      expect(within(facts).getByText('MH-2026-0117')).toBeInTheDocument();
      expect(within(facts).getByText(/Pacific Shield Insurance/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save case facts' })).toBeNull();
      expect(screen.queryByLabelText('Legal case stage')).toBeNull();
      const history = screen.getByRole('region', { name: 'Stage history' });
      expect(within(history).getByText('Treating → Demand sent')).toBeInTheDocument();
      expect(within(history).getByText('Demand package sent.')).toBeInTheDocument();
    });
  }

  it("is read-only for another firm's attorney", async () => {
    renderWithProviders(<CaseTab patient={{ ...PATIENT, firm: null }} />, {
      session: signedInAs('attorney'),
      api: { [`GET ${URL}`]: CASE_FACTS },
    });
    await screen.findByRole('region', { name: 'Case facts' });
    expect(screen.queryByRole('button', { name: 'Save case facts' })).toBeNull();
  });

  it('refuses a blank carrier and a malformed limit at their fields, and sends nothing', async () => {
    const { sent } = renderTab('attorney');
    const user = userEvent.setup();
    const first = await screen.findByRole('group', { name: 'Insurer 1' });
    await user.clear(within(first).getByLabelText(/^Carrier/));
    await user.clear(within(first).getByLabelText('Policy limit ($)'));
    await user.type(within(first).getByLabelText('Policy limit ($)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Save case facts' }));
    const carrier = within(first).getByLabelText(/^Carrier/);
    expect(await within(first).findByText(CASE_FACTS_MESSAGES.carrierRequired)).toBeInTheDocument();
    expect(carrier).toHaveAccessibleDescription(CASE_FACTS_MESSAGES.carrierRequired);
    expect(carrier).toHaveFocus();
    expect(within(first).getByText(CASE_FACTS_MESSAGES.limitInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses an accident date in the future', async () => {
    const { sent } = renderTab('attorney');
    const user = userEvent.setup();
    const date = await screen.findByLabelText('Accident date');
    await user.clear(date);
    await user.type(date, '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Save case facts' }));
    expect(await screen.findByText(CASE_FACTS_MESSAGES.accidentDateInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('moves the stage with a note and an added insurer, from the version shown', async () => {
    const { sent } = renderTab('attorney', {
      put: () => ({ ...CASE_FACTS, facts: { ...FACTS, stage: 'negotiating', version: 4 } }),
    });
    const user = userEvent.setup();
    const stage = await screen.findByLabelText('Legal case stage');
    expect(screen.queryByLabelText('Note on the stage change (optional)')).toBeNull();
    await user.selectOptions(stage, 'negotiating');
    await user.type(screen.getByLabelText('Note on the stage change (optional)'), 'Offer in');
    await user.click(screen.getByRole('button', { name: 'Add insurer' }));
    const added = screen.getByRole('group', { name: 'Insurer 3' });
    await user.selectOptions(within(added).getByLabelText('Coverage'), 'um_uim');
    await user.type(within(added).getByLabelText(/^Carrier/), 'Harborline Auto');
    await user.type(within(added).getByLabelText('Policy limit ($)'), '50,000');
    await user.click(
      within(screen.getByRole('group', { name: 'Insurer 2' })).getByRole('button', {
        name: 'Remove insurer 2',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save case facts' }));
    await expect.poll(() => latestToast('success')).toBe('Case stage changed to Negotiating');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['if-match']).toBe('"3"');
    const body = sent[0]!.body as { stage: string; stageNote: string; insurers: unknown[] };
    expect(body).toMatchObject({ stage: 'negotiating', stageNote: 'Offer in' });
    expect(body.insurers).toMatchObject([
      { insurerId: FACTS.insurers[0]!.id, carrier: 'Pacific Shield Insurance' },
      { coverage: 'um_uim', carrier: 'Harborline Auto', policyLimit: '50,000' },
    ]);
  });

  it('keeps what was typed when the save fails', async () => {
    renderTab('admin', { put: () => apiError(500, 'INTERNAL', 'Something went wrong') });
    const user = userEvent.setup();
    const number = await screen.findByLabelText('Firm case number');
    await user.clear(number);
    await user.type(number, 'MH-2026-9999');
    await user.click(screen.getByRole('button', { name: 'Save case facts' }));
    await expect.poll(() => latestToast('error')).toBe('Something went wrong');
    expect(screen.getByLabelText('Firm case number')).toHaveValue('MH-2026-9999');
  });

  it('shows a newer version beside what was typed when the save was stale', async () => {
    renderTab('attorney', {
      put: () =>
        json(
          {
            error: { code: 'CONFLICT', message: 'Changed meanwhile' },
            current: {
              ...CASE_FACTS,
              facts: {
                ...FACTS,
                firmCaseNumber: 'MH-OTHER',
                version: 4,
                updatedByName: 'Avery Admin',
              },
            },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    const number = await screen.findByLabelText('Firm case number');
    await user.clear(number);
    await user.type(number, 'MH-MINE');
    await user.click(screen.getByRole('button', { name: 'Save case facts' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(/^Not saved: Changed by Avery Admin/);
    const changed = within(notice).getByRole('row', { name: /Firm case number/ });
    expect(changed).toHaveTextContent('MH-OTHER');
    expect(changed).toHaveTextContent('MH-MINE');
    expect(screen.getByLabelText('Firm case number')).toHaveValue('MH-MINE');
  });
});
