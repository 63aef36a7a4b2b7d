import { PASSWORD_MESSAGES } from '@casebridge/domain/auth/password.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

function renderForm(answer: (request: FakeRequest) => unknown) {
  const sent: unknown[] = [];
  renderWithProviders(<ChangePasswordForm />, {
    route: '/security',
    session: signedInAs('clinic'),
    api: {
      'POST /account/password': (request: FakeRequest) => {
        sent.push(request.body);
        return answer(request);
      },
    },
  });
  return sent;
}

async function fillAndSubmit(current: string, next: string, confirmation = next) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('checks length and confirmation before sending anything', async () => {
    const sent = renderForm(() => undefined);
    await fillAndSubmit('old password', 'short');
    const next = screen.getByLabelText('New password');
    await expect.poll(() => next.getAttribute('aria-invalid')).toBe('true');
    expect(next).toHaveAccessibleDescription(
      `${PASSWORD_MESSAGES.hint} ${PASSWORD_MESSAGES.tooShort}`,
    );
    expect(sent).toEqual([]);
  });

  it('shows a wrong current password under its field', async () => {
    renderForm(() => apiError(400, 'VALIDATION_FAILED', PASSWORD_MESSAGES.currentWrong));
    await fillAndSubmit('not my password', 'amber kettle orbit 42');
    await expect.poll(() => latestToast('error')).toBe(PASSWORD_MESSAGES.currentWrong);
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAccessibleDescription(PASSWORD_MESSAGES.currentWrong);
    expect(current).toHaveFocus();
  });

  it('shows a refused new password under the new password', async () => {
    renderForm(() => apiError(400, 'VALIDATION_FAILED', PASSWORD_MESSAGES.tooCommon));
    await fillAndSubmit('old password', 'qwerty123456');
    await expect.poll(() => latestToast('error')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      `${PASSWORD_MESSAGES.hint} ${PASSWORD_MESSAGES.tooCommon}`,
    );
  });

  it('sends current and new, then clears the form', async () => {
    const sent = renderForm(() => undefined);
    await fillAndSubmit('old password', 'amber kettle orbit 42');
    await expect.poll(() => latestToast('success')).toBe(PASSWORD_MESSAGES.changed);
    expect(sent).toEqual([
      { currentPassword: 'old password', newPassword: 'amber kettle orbit 42' },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
