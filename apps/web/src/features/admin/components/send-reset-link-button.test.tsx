import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { SendResetLinkButton } from './send-reset-link-button.tsx';

const DANA = { id: 'user-dana', name: 'Dana Doe', email: 'dana@example.test' };
const QUEUED = 'A password reset link to dana@example.test is queued.';

describe('SendResetLinkButton', () => {
  it('sends the link only once the dialog naming the user is confirmed', async () => {
    const { api } = renderWithProviders(<SendResetLinkButton user={DANA} />, {
      session: signedInAs('admin'),
      api: { 'POST /users/:id/password-reset': { message: QUEUED } },
    });
    const user = userEvent.setup();
    const open = () =>
      user.click(screen.getByRole('button', { name: 'Send password reset link to Dana Doe' }));

    await open();
    const first = await screen.findByRole('alertdialog', {
      name: 'Send Dana Doe a password reset link?',
    });
    expect(first).toHaveTextContent('dana@example.test gets an e-mail, naming you');
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    expect(api.calls).toEqual([]);

    await open();
    const second = await screen.findByRole('alertdialog');
    await user.click(within(second).getByRole('button', { name: 'Send link' }));
    await expect.poll(() => latestToast('success')).toBe(QUEUED);
    expect(api.calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/users/user-dana/password-reset' }),
    ]);
  });
});
