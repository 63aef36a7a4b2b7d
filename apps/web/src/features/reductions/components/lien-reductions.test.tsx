import type { TReductionHistory } from '@casebridge/domain/liens/reduction.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { LienReductions } from './lien-reductions.tsx';

const PATIENT_ID = '77777777-7777-4777-8777-777777777777';
const LIENHOLDER = { id: '88888888-8888-4888-8888-888888888888', name: 'MedLien Funding Partners' };
const BASE = `/patients/${PATIENT_ID}/liens/${LIENHOLDER.id}/reductions`;
const OPEN_OFFER = {
  id: '99999999-9999-4999-8999-999999999999',
  round: 1,
  offeredBy: 'attorney' as const,
  offeredByName: 'Morgan Hale',
  kind: 'amount' as const,
  amountCents: 30_000,
  percentBasisPoints: null,
  balanceCents: 100_000,
  note: 'Policy limits',
  status: 'open' as const,
  createdAt: '2026-11-20T10:00:00.000Z',
  respondedAt: null,
  respondedByName: null,
};
const LIEN = {
  lienholderId: LIENHOLDER.id,
  lienholderName: LIENHOLDER.name,
  billedCents: 100_000,
  paidCents: 0,
  reducedCents: 0,
  waivedCents: 0,
  balanceCents: 100_000,
};

function renderLien(role: 'attorney' | 'lienholder' | 'clinic', history: TReductionHistory) {
  const sent: FakeRequest[] = [];
  renderWithProviders(<LienReductions patientId={PATIENT_ID} lienholder={LIENHOLDER} />, {
    session: signedInAs(role),
    api: {
      [`GET ${BASE}`]: () => json(history),
      [`POST ${BASE}/:offerId/:step`]: (request: FakeRequest) => {
        sent.push(request);
        return json({
          ...history,
          lien: { ...LIEN, reducedCents: 30_000, balanceCents: 70_000 },
          offers: [{ ...OPEN_OFFER, status: 'accepted', respondedByName: 'Lee Medlien' }],
        });
      },
    },
  });
  return sent;
}

describe('LienReductions', () => {
  it("lets the lienholder accept the attorney's offer after confirming; the balance follows", async () => {
    const sent = renderLien('lienholder', {
      lien: LIEN,
      offers: [OPEN_OFFER],
      viewerParty: 'lienholder',
    });
    const user = userEvent.setup();
    expect(await screen.findByText(/a reduction of \$300\.00 by Morgan Hale/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose reduction' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Accept offer' });
    await user.click(within(confirm).getByRole('button', { name: 'Accept' }));
    await expect
      .poll(() => latestToast('success'))
      .toBe('Reduction accepted: the reduced balance is locked');
    expect(sent.map((request) => request.params)).toEqual([
      { offerId: OPEN_OFFER.id, step: 'accept' },
    ]);
    expect(screen.getByTestId('lien-balance')).toHaveTextContent('$700.00');
  });

  it('lets the attorney only withdraw its own open offer', async () => {
    renderLien('attorney', { lien: LIEN, offers: [OPEN_OFFER], viewerParty: 'attorney' });
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    for (const name of ['Accept', 'Counter', 'Reject', 'Propose reduction'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('shows a clinic the accepted reductions, with nothing to do', async () => {
    const accepted = { ...OPEN_OFFER, status: 'accepted' as const, respondedByName: 'Lee Medlien' };
    renderLien('clinic', { lien: LIEN, offers: [accepted], viewerParty: null });
    expect(
      await screen.findByRole('heading', { name: `Accepted reductions — ${LIENHOLDER.name}` }),
    ).toBeInTheDocument();
    expect(await screen.findByText('by Lee Medlien')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
