import { MFA_MESSAGES } from '@casebridge/domain/mfa/mfa.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { SecondFactorStep } from './second-factor-step.tsx';

const verifies = (api: { calls: Array<{ method: string; path: string; body?: unknown }> }) =>
  api.calls.filter((call) => call.method === 'POST' && call.path === '/mfa/verify');

describe('SecondFactorStep', () => {
  it('sends the app code, offered as a one-time code, and says why a code failed', async () => {
    const { api } = renderWithProviders(<SecondFactorStep onSignOut={vi.fn<() => void>()} />, {
      session: signedInAs('clinic', { secondFactor: 'pending' }),
      api: {
        'POST /mfa/verify': () => apiError(400, 'VALIDATION_FAILED', MFA_MESSAGES.invalidCode),
      },
    });
    const user = userEvent.setup();
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await expect.poll(() => latestToast('error')).toBe(MFA_MESSAGES.invalidCode);
    expect(verifies(api).map((call) => call.body)).toEqual([{ code: '123456' }]);
    expect(field).toHaveValue('');
  });

  it('takes a recovery code instead, and asks for a code before sending', async () => {
    const { api } = renderWithProviders(<SecondFactorStep onSignOut={vi.fn<() => void>()} />, {
      session: signedInAs('clinic', { secondFactor: 'pending' }),
      api: { 'POST /mfa/verify': null, 'GET /auth/session': signedInAs('clinic') },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MFA_MESSAGES.codeRequired)).toBeVisible();
    expect(verifies(api)).toEqual([]);

    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expect
      .poll(() => verifies(api).map((call) => call.body))
      .toEqual([{ code: 'abcde-fghjk' }]);
    expect(screen.getByRole('button', { name: 'Use your authenticator app' })).toBeVisible();
  });
});
