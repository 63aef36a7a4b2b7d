import { BILLING_MESSAGES } from '@casebridge/domain/billing/billing.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { AddBillingEntryForm } from './add-billing-entry-form.tsx';

const PATIENT_ID = '77777777-7777-4777-8777-777777777777';

function renderForm() {
  const sent: unknown[] = [];
  renderWithProviders(<AddBillingEntryForm patientId={PATIENT_ID} />, {
    session: signedInAs('clinic'),
    api: {
      [`POST /patients/${PATIENT_ID}/billing`]: ({ body }: FakeRequest) => {
        sent.push(body);
        return json({}, 201);
      },
    },
  });
  return sent;
}

describe('AddBillingEntryForm', () => {
  it('marks each invalid field, focuses the first, and sends nothing', async () => {
    const sent = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('CPT Code'), '97110');
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    const sessions = screen.getByLabelText('Session Count');
    expect(await screen.findByText(BILLING_MESSAGES.sessionsRequired)).toBeInTheDocument();
    expect(sessions).toHaveAccessibleDescription(BILLING_MESSAGES.sessionsRequired);
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
      BILLING_MESSAGES.amountRequired,
    );
    expect(screen.getByLabelText('CPT Code')).not.toHaveAttribute('aria-invalid');
    expect(sessions).toHaveFocus();
    expect(latestToast('error')).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('sends what was typed and clears the row', async () => {
    const sent = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('CPT Code'), '97110');
    await user.type(screen.getByLabelText('Session Count'), '3');
    await user.type(screen.getByLabelText('Amount'), '125.5');
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    await expect.poll(() => latestToast('success')).toBe(BILLING_MESSAGES.added);
    expect(sent).toEqual([{ cptCode: '97110', sessionCount: '3', amount: '125.5' }]);
    expect(screen.getByLabelText('Amount')).toHaveValue('');
  });
});
