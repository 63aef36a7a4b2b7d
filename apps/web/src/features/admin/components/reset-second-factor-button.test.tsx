import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Replaceable } from '#src/test/replaceable.tsx';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { ResetSecondFactorButton } from './reset-second-factor-button.tsx';

const TESS = { id: 'user-tess', name: 'Tess Totp', email: 'tess@example.test' };

describe('ResetSecondFactorButton', () => {
  it('says the factor was reset even when the live list has removed the button first', async () => {
    // The users table shows the button only while the user has a second factor: the reset's
    // live event can refresh the table before the reset's own answer arrives ('Live refresh').
    let answer = () => {};
    const { api } = renderWithProviders(
      <Replaceable label="Live refresh" after={<p>No second factor</p>}>
        <ResetSecondFactorButton user={TESS} />
      </Replaceable>,
      {
        session: signedInAs('admin'),
        api: {
          'POST /users/:id/mfa/reset': () =>
            new Promise<undefined>((resolve) => (answer = () => resolve(undefined))),
        },
      },
    );
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'Reset two-step verification of Tess Totp' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await expect.poll(() => api.calls.length).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Live refresh' }));
    expect(screen.getByText('No second factor')).toBeInTheDocument();
    await act(async () => answer());
    await expect
      .poll(() => latestToast('success'))
      .toBe('Two-step verification of Tess Totp was reset');
  });
});
