import { LIEN_MESSAGES } from '@casebridge/domain/liens/lien-ledger.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { RecordPaymentForm } from './record-payment-form.tsx';

const PATIENT_ID = '77777777-7777-4777-8777-777777777777';
const LIENHOLDER_ID = DEMO_ORGANIZATIONS.lienholder.id;
const URL = `POST /patients/${PATIENT_ID}/liens/${LIENHOLDER_ID}/payments`;

function renderForm(answer: () => Response = () => json({}, 201)) {
  const sent: unknown[] = [];
  renderWithProviders(<RecordPaymentForm patientId={PATIENT_ID} lienholderId={LIENHOLDER_ID} />, {
    session: signedInAs('lienholder'),
    api: {
      [URL]: ({ body }: FakeRequest) => {
        sent.push(body);
        return answer();
      },
    },
  });
  return sent;
}

describe('RecordPaymentForm', () => {
  it('marks a missing amount at its field and sends nothing', async () => {
    const sent = renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record payment' }));
    const amount = screen.getByLabelText('Amount received');
    expect(await screen.findByText(LIEN_MESSAGES.amountRequired)).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(LIEN_MESSAGES.amountRequired);
    expect(amount).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('refuses a zero amount with its message', async () => {
    const sent = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount received'), '0');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(LIEN_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends what was typed, dated today by default, and clears the amount', async () => {
    const sent = renderForm();
    const user = userEvent.setup();
    expect(screen.getByLabelText('Date received')).toHaveValue(getTodayIsoDate());
    await user.type(screen.getByLabelText('Amount received'), '1,250.50');
    await user.type(screen.getByLabelText('Reference (optional)'), 'CK 1042');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await expect.poll(() => latestToast('success')).toBe(LIEN_MESSAGES.paymentRecorded);
    expect(sent).toEqual([{ amount: '1,250.50', paidOn: getTodayIsoDate(), reference: 'CK 1042' }]);
    expect(screen.getByLabelText('Amount received')).toHaveValue('');
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    renderForm(() => apiError(404, 'NOT_FOUND', 'Not found'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount received'), '20');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await expect.poll(() => latestToast('error')).toBe('Not found');
    expect(screen.getByLabelText('Amount received')).toHaveValue('20');
  });
});
