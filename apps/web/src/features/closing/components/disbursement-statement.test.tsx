import { CLOSING_TEXTS } from '@casebridge/domain/closing/closing-constants';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { DisbursementStatement } from './disbursement-statement.tsx';
import { CLOSING_URL, PATIENT, RESOLVED, SETTLED, UNSETTLED } from './closing-test-data.ts';
import type { TClosing } from '@casebridge/domain/closing/closing.schemas';

function renderStatement(closing: TClosing) {
  return renderWithProviders(
    <DisbursementStatement
      patientId={PATIENT.id}
      patientName={PATIENT.fullName}
      backLink={<a href="/back">{CLOSING_TEXTS.backToPatient}</a>}
    />,
    { session: signedInAs('attorney'), api: { [`GET ${CLOSING_URL}`]: closing } },
  );
}

const rowOf = (name: RegExp | string) =>
  within(screen.getByRole('table', { name: 'Disbursement' })).getByRole('row', { name });

describe('DisbursementStatement (the print view)', () => {
  it('shows the client, the dates and each figure, the liens at their payoff', async () => {
    renderStatement(RESOLVED);
    expect(
      await screen.findByRole('heading', { level: 1, name: CLOSING_TEXTS.statementTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText('Thomas Becker')).toBeInTheDocument();
    expect(screen.getByText('Bodily-injury carrier')).toBeInTheDocument();
    expect(screen.getByText('Not yet')).toBeInTheDocument();
    expect(rowOf(/Gross settlement/)).toHaveTextContent('$50,000.00');
    expect(rowOf(/Attorney fee \(33\.33 %\)/)).toHaveTextContent('-$16,665.00');
    expect(rowOf(/Case costs/)).toHaveTextContent('-$1,200.00');
    expect(rowOf(/MedLien Funding Partners \(Confirmed\)/)).toHaveTextContent('-$1,500.00');
    expect(rowOf(new RegExp(CLOSING_TEXTS.netToClient))).toHaveTextContent('$30,635.00');
  });

  it('names an open proposal as awaiting the lienholder, and a shortfall as such', async () => {
    renderStatement({
      ...SETTLED,
      figures: { ...SETTLED.figures!, netCents: -25_000 },
    });
    expect(await screen.findByRole('row', { name: /Awaiting the lienholder/ })).toBeVisible();
    expect(rowOf(new RegExp(CLOSING_TEXTS.shortfall))).toHaveTextContent('-$250.00');
  });

  it('prints the page, and offers the PDF and the way back', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderStatement(RESOLVED);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: CLOSING_TEXTS.print }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: CLOSING_TEXTS.downloadStatement })).toHaveAttribute(
      'href',
      `/api/patients/${PATIENT.id}/disbursement-statement.pdf`,
    );
    expect(screen.getByRole('link', { name: CLOSING_TEXTS.backToPatient })).toBeInTheDocument();
  });

  it('has nothing to print before the settlement', async () => {
    renderStatement(UNSETTLED);
    expect(await screen.findByText(CLOSING_TEXTS.noSettlement)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CLOSING_TEXTS.print })).toBeDisabled();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
