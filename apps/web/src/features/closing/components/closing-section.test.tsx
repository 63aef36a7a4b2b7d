import { CLOSING_MESSAGES, CLOSING_TEXTS } from '@casebridge/domain/closing/closing.schemas';
import type { TClosing } from '@casebridge/domain/closing/closing.schemas';
import type { Role } from '@casebridge/domain/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { ClosingSection } from './closing-section.tsx';
import {
  CLOSING_URL,
  PATIENT,
  PAYOFFS_URL,
  PROPOSED,
  RESOLVED,
  SETTLED,
  UNSETTLED,
} from './closing-test-data.ts';

type Answer = (request: FakeRequest) => unknown;

/** The section as `role` sees it, every write answered by `answer` (the closing as it now is). */
function renderSection(role: Role, closing: TClosing, answer: Answer = () => closing) {
  const sent: FakeRequest[] = [];
  const write = (request: FakeRequest) => {
    sent.push(request);
    return answer(request);
  };
  const rendered = renderWithProviders(<ClosingSection patient={PATIENT} />, {
    session: signedInAs(role),
    api: {
      [`GET ${CLOSING_URL}`]: closing,
      [`PUT ${CLOSING_URL}/settlement`]: write,
      [`POST ${CLOSING_URL}/:step`]: write,
      [`POST ${PAYOFFS_URL}`]: write,
      [`POST ${PAYOFFS_URL}/:payoffId/:step`]: write,
      [`PUT /patients/${PATIENT.id}/bill-final`]: write,
    },
  });
  return { ...rendered, sent };
}

const section = () => screen.findByRole('region', { name: CLOSING_TEXTS.sectionTitle });

describe('ClosingSection: the settlement', () => {
  it('refuses a blank gross at its field and sends nothing', async () => {
    const { sent } = renderSection('attorney', UNSETTLED);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: CLOSING_TEXTS.recordSettlement });
    await user.click(within(form).getByRole('button', { name: CLOSING_TEXTS.saveSettlement }));
    const gross = within(form).getByLabelText(CLOSING_TEXTS.grossLabel);
    expect(await within(form).findByText(CLOSING_MESSAGES.grossRequired)).toBeInTheDocument();
    expect(gross).toHaveAccessibleDescription(CLOSING_MESSAGES.grossRequired);
    expect(gross).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('records the first settlement without a version, and says the case is Settled', async () => {
    const { sent } = renderSection('attorney', UNSETTLED, () => SETTLED);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: CLOSING_TEXTS.recordSettlement });
    await user.type(within(form).getByLabelText(CLOSING_TEXTS.grossLabel), '50,000.00');
    await user.selectOptions(within(form).getByLabelText(CLOSING_TEXTS.sourceLabel), 'um_uim');
    await user.clear(within(form).getByLabelText(CLOSING_TEXTS.settledOnLabel));
    await user.type(within(form).getByLabelText(CLOSING_TEXTS.settledOnLabel), '2026-11-20');
    await user.type(within(form).getByLabelText(CLOSING_TEXTS.costsLabel), '1200');
    await user.click(within(form).getByRole('button', { name: CLOSING_TEXTS.saveSettlement }));
    await expect.poll(() => latestToast('success')).toBe(CLOSING_TEXTS.settlementRecorded);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['if-match']).toBeUndefined();
    expect(sent[0]!.body).toMatchObject({
      gross: '50,000.00',
      settledOn: '2026-11-20',
      source: 'um_uim',
      feePercent: '33.33',
      costs: '1200',
    });
    // The answer shows at once: the figures, the net to the client.
    expect(await screen.findByText('$30,635.00')).toBeInTheDocument();
  });

  it('edits from the version shown, and keeps what was typed when the save fails', async () => {
    const { sent } = renderSection('attorney', SETTLED, () =>
      apiError(500, 'INTERNAL', 'Something went wrong'),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: CLOSING_TEXTS.editSettlement }));
    const form = screen.getByRole('form', { name: CLOSING_TEXTS.editSettlement });
    const gross = within(form).getByLabelText(CLOSING_TEXTS.grossLabel);
    expect(gross).toHaveValue('50000.00');
    await user.clear(gross);
    await user.type(gross, '55000');
    await user.click(within(form).getByRole('button', { name: CLOSING_TEXTS.saveSettlement }));
    await expect.poll(() => latestToast('error')).toBe('Something went wrong');
    expect(sent[0]!.headers['if-match']).toBe('"2"');
    expect(within(form).getByLabelText(CLOSING_TEXTS.grossLabel)).toHaveValue('55000');
  });

  it('lists the settlement’s history', async () => {
    renderSection('attorney', SETTLED);
    const history = await within(await section()).findByText(CLOSING_TEXTS.historyTitle);
    expect(history.closest('details')).toHaveTextContent('Version 1: recorded by Morgan Hale');
  });
});

describe('ClosingSection: payoffs', () => {
  it('asks for the payoff at its field, then proposes what was typed', async () => {
    const settledNoPayoff = { ...SETTLED, liens: [{ ...SETTLED.liens[0]!, payoffs: [] }] };
    const { sent } = renderSection('attorney', settledNoPayoff, () => SETTLED);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', {
      name: `${CLOSING_TEXTS.proposePayoff}: MedLien Funding Partners`,
    });
    expect(within(form).getByText('Balance $2,340.25')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: CLOSING_TEXTS.sendProposal }));
    expect(await within(form).findByText(CLOSING_MESSAGES.payoffRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(form).getByLabelText(CLOSING_TEXTS.payoffAmountLabel), '1500');
    await user.type(within(form).getByLabelText(CLOSING_TEXTS.payoffNoteLabel), 'Pro-rata');
    await user.click(within(form).getByRole('button', { name: CLOSING_TEXTS.sendProposal }));
    await expect.poll(() => latestToast('success')).toBe(CLOSING_TEXTS.payoffProposed);
    expect(sent.map((request) => [request.path, request.body])).toEqual([
      [PAYOFFS_URL, { amount: '1500', note: 'Pro-rata' }],
    ]);
    // Once a proposal awaits the lienholder, the firm may only withdraw it.
    expect(await screen.findByText(/Awaiting the lienholder/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /^Propose payoff/ })).not.toBeInTheDocument();
  });

  it('lets the firm withdraw the proposal awaiting an answer', async () => {
    const { sent } = renderSection('attorney', SETTLED, () => ({
      ...SETTLED,
      liens: [{ ...SETTLED.liens[0]!, payoffs: [{ ...PROPOSED, status: 'withdrawn' }] }],
    }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw proposal' }));
    await expect
      .poll(() => sent.map((request) => request.params))
      .toEqual([{ payoffId: PROPOSED.id, step: 'withdraw' }]);
    expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CLOSING_TEXTS.confirmPayoff })).toBeNull();
  });

  it('lets the lienholder confirm with the payment’s day and reference', async () => {
    const { sent } = renderSection(
      'lienholder',
      { ...SETTLED, settlement: null, figures: null },
      () => ({
        ...RESOLVED,
        settlement: null,
        figures: null,
      }),
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', {
      name: `${CLOSING_TEXTS.confirmPayoff} $1,500.00`,
    });
    expect(within(form).getByText(CLOSING_TEXTS.confirmHint)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw proposal' })).toBeNull();
    const paidOn = within(form).getByLabelText(CLOSING_TEXTS.confirmPaidOnLabel);
    await user.clear(paidOn);
    await user.type(paidOn, '2026-11-23');
    await user.type(within(form).getByLabelText(CLOSING_TEXTS.confirmReferenceLabel), 'CK 77');
    await user.click(within(form).getByRole('button', { name: CLOSING_TEXTS.confirmPayoff }));
    await expect.poll(() => latestToast('success')).toBe(CLOSING_TEXTS.payoffConfirmed);
    expect(sent.map((request) => [request.params, request.body])).toEqual([
      [
        { payoffId: PROPOSED.id, step: 'confirm' },
        { paidOn: '2026-11-23', reference: 'CK 77' },
      ],
    ]);
    // Paid, the rest waived: not an open balance.
    expect(await screen.findByText(CLOSING_TEXTS.resolvedPaid)).toBeInTheDocument();
    expect(screen.getByText(/Waived rest \$840\.25/)).toBeInTheDocument();
  });

  it('lets the lienholder dispute with a reason, refusing an empty one', async () => {
    const { sent } = renderSection('lienholder', SETTLED, () => ({
      ...SETTLED,
      liens: [
        {
          ...SETTLED.liens[0]!,
          payoffs: [{ ...PROPOSED, status: 'disputed', disputeReason: 'Our bill is higher' }],
        },
      ],
    }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: CLOSING_TEXTS.disputePayoff }));
    const dialog = screen.getByRole('dialog', { name: CLOSING_TEXTS.disputePayoff });
    await user.click(within(dialog).getByRole('button', { name: CLOSING_TEXTS.sendDispute }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Our bill is higher');
    await user.click(within(dialog).getByRole('button', { name: CLOSING_TEXTS.sendDispute }));
    await expect.poll(() => latestToast('success')).toBe(CLOSING_TEXTS.payoffDisputed);
    expect(sent.map((request) => [request.params, request.body])).toEqual([
      [{ payoffId: PROPOSED.id, step: 'dispute' }, { reason: 'Our bill is higher' }],
    ]);
    expect(await screen.findByText('Reason: Our bill is higher')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows another lienholder’s payoff without Confirm or Dispute', async () => {
    renderWithProviders(<ClosingSection patient={PATIENT} />, {
      session: signedInAs('lienholder', {
        user: { organization: { id: PATIENT.clinics[0]!.id, name: 'Other', kind: 'lienholder' } },
      }),
      api: { [`GET ${CLOSING_URL}`]: SETTLED },
    });
    expect(await screen.findByText(/Awaiting the lienholder/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CLOSING_TEXTS.confirmPayoff })).toBeNull();
    expect(screen.queryByRole('button', { name: CLOSING_TEXTS.disputePayoff })).toBeNull();
  });
});

describe('ClosingSection: final bills and closing steps', () => {
  it('lets the clinic mark its bill final after confirming, and nothing of the firm’s', async () => {
    const { sent } = renderSection('clinic', SETTLED, () => ({
      ...SETTLED,
      billFinals: [
        {
          clinicId: PATIENT.clinics[0]!.id,
          clinicName: PATIENT.clinics[0]!.name,
          finalizedOn: '2026-11-24',
          finalizedByName: 'Casey Harbor',
        },
      ],
    }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: CLOSING_TEXTS.markBillFinal }));
    const dialog = screen.getByRole('alertdialog', { name: CLOSING_TEXTS.markBillFinal });
    expect(dialog).toHaveTextContent(CLOSING_TEXTS.markBillFinalConfirm);
    await user.click(within(dialog).getByRole('button', { name: CLOSING_TEXTS.markBillFinal }));
    await expect.poll(() => latestToast('success')).toBe(CLOSING_TEXTS.billMarkedFinal);
    expect(sent.map((request) => request.method)).toEqual(['PUT']);
    expect(await screen.findByText(/Bill final: Harbor Physical Therapy/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CLOSING_TEXTS.markBillFinal })).toBeNull();
    for (const name of [
      CLOSING_TEXTS.editSettlement,
      'Withdraw proposal',
      CLOSING_TEXTS.confirmPayoff,
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('asks for every lien to be resolved before the funds are disbursed', async () => {
    renderSection('attorney', SETTLED);
    expect(await screen.findByText(CLOSING_TEXTS.liensOpen)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CLOSING_TEXTS.markDisbursed })).toBeNull();
  });

  it('marks the funds disbursed on the day given, then closes the case after confirming', async () => {
    const disbursed: TClosing = {
      ...RESOLVED,
      stage: 'disbursed',
      settlement: { ...RESOLVED.settlement!, disbursedOn: '2026-11-25', version: 3 },
    };
    const closed: TClosing = {
      ...disbursed,
      stage: 'closed',
      settlement: { ...disbursed.settlement!, closedAt: '2026-11-26T10:00:00.000Z', version: 4 },
    };
    const { sent } = renderSection('attorney', RESOLVED, (request) =>
      request.params.step === 'disburse' ? disbursed : closed,
    );
    const user = userEvent.setup();
    const day = await screen.findByLabelText(CLOSING_TEXTS.disbursedOnLabel);
    await user.clear(day);
    await user.type(day, '2026-11-25');
    await user.click(screen.getByRole('button', { name: CLOSING_TEXTS.markDisbursed }));
    await expect.poll(() => latestToast('success')).toBe(CLOSING_TEXTS.disbursed);
    await user.click(await screen.findByRole('button', { name: CLOSING_TEXTS.closeCase }));
    const dialog = screen.getByRole('alertdialog', { name: CLOSING_TEXTS.closeCase });
    await user.click(within(dialog).getByRole('button', { name: CLOSING_TEXTS.closeCase }));
    await expect.poll(() => latestToast('success')).toBe(CLOSING_TEXTS.caseClosed);
    expect(sent.map((request) => [request.params.step, request.body])).toEqual([
      ['disburse', { disbursedOn: '2026-11-25', version: 2 }],
      ['close', { version: 3 }],
    ]);
    // A closed case's settlement and payoffs are final.
    expect(screen.queryByRole('button', { name: CLOSING_TEXTS.editSettlement })).toBeNull();
    expect(screen.queryByRole('button', { name: CLOSING_TEXTS.closeCase })).toBeNull();
  });

  it('offers the statement’s PDF and print view to the firm', async () => {
    renderSection('attorney', SETTLED);
    const pdf = await screen.findByRole('link', { name: CLOSING_TEXTS.downloadStatement });
    expect(pdf).toHaveAttribute('href', `/api/patients/${PATIENT.id}/disbursement-statement.pdf`);
    expect(screen.getByRole('link', { name: CLOSING_TEXTS.printStatement })).toHaveAttribute(
      'href',
      `/patients/${PATIENT.id}/closing/statement`,
    );
  });

  it('shows an administrator the figures, read only', async () => {
    renderSection('admin', SETTLED);
    expect(await screen.findByText('$30,635.00')).toBeInTheDocument();
    expect(within(await section()).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('link', { name: CLOSING_TEXTS.downloadStatement })).toBeNull();
  });

  it('says so when the closing cannot be loaded', async () => {
    renderWithProviders(<ClosingSection patient={PATIENT} />, {
      session: signedInAs('attorney'),
      api: { [`GET ${CLOSING_URL}`]: () => apiError(500, 'INTERNAL', 'Database unavailable') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });
});
