import type { TSettlement } from '@casebridge/domain/settlements/settlement.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { SettlementWorksheet } from './settlement-worksheet.tsx';

const PATIENT_ID = '77777777-7777-4777-8777-777777777777';
const LIEN = {
  lienholderId: '88888888-8888-4888-8888-888888888888',
  lienholderName: 'MedLien Funding Partners',
  billedCents: 150_000,
  paidCents: 20_000,
  reducedCents: 30_000,
  waivedCents: 0,
  balanceCents: 100_000,
};
const EMPTY: TSettlement = { draft: null, liens: [LIEN], figures: null };

function renderWorksheet(settlement: TSettlement, answer: (request: FakeRequest) => unknown) {
  const sent: FakeRequest[] = [];
  renderWithProviders(<SettlementWorksheet patientId={PATIENT_ID} settlement={settlement} />, {
    session: signedInAs('attorney'),
    api: {
      [`PUT /patients/${PATIENT_ID}/settlement`]: (request: FakeRequest) => {
        sent.push(request);
        return answer(request);
      },
    },
  });
  return sent;
}

const net = () =>
  within(screen.getByRole('table', { name: 'Settlement figures' })).getByTestId('settlement-net');

describe('SettlementWorksheet', () => {
  it('computes the net as the attorney types and saves the first draft without a version', async () => {
    const saved: TSettlement = {
      draft: {
        grossCents: 1_000_000,
        feeBasisPoints: 3333,
        costsCents: 50_000,
        note: null,
        version: 1,
        updatedAt: '2026-11-23T07:00:00.000Z',
        updatedByName: 'Morgan Hale',
      },
      liens: [LIEN],
      figures: null,
    };
    const sent = renderWorksheet(EMPTY, () => json(saved));
    const user = userEvent.setup();
    expect(net()).toHaveTextContent('—');
    await user.type(screen.getByLabelText(/^Gross settlement/), '10000');
    await user.clear(screen.getByLabelText('Case costs'));
    await user.type(screen.getByLabelText('Case costs'), '500');
    // 10,000.00 − 3,333.00 (33.33 %) − 500.00 − 1,000.00 (the lien's balance)
    expect(net()).toHaveTextContent('$5,167.00');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await expect.poll(() => latestToast('success')).toBe('Settlement draft saved');
    expect(sent[0]?.body).toEqual({ gross: '10000', feePercent: '33.33', costs: '500', note: '' });
    expect(sent[0]?.headers['if-match']).toBeUndefined();
  });

  it('shows a shortfall and keeps what was typed when another save came first', async () => {
    const draft = {
      grossCents: 500_000,
      feeBasisPoints: 4000,
      costsCents: 0,
      note: null,
      version: 1,
      updatedAt: '2026-11-23T07:00:00.000Z',
      updatedByName: 'Morgan Hale',
    };
    const current = {
      ...EMPTY,
      draft: { ...draft, grossCents: 700_000, version: 2, updatedByName: 'Dana Ruiz' },
    };
    const sent = renderWorksheet({ ...EMPTY, draft }, () =>
      json({ error: { code: 'CONFLICT', message: 'stale' }, current }, 409),
    );
    const user = userEvent.setup();
    const gross = screen.getByLabelText(/^Gross settlement/);
    await user.clear(gross);
    await user.type(gross, '1000');
    expect(screen.getByRole('rowheader', { name: 'Shortfall' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Not saved:/)).toBeInTheDocument();
    expect(sent[0]?.headers['if-match']).toBe('"1"');
    expect(gross).toHaveValue('1000');
  });
});
