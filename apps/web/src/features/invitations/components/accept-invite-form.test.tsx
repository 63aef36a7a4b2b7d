import { MIN_PASSWORD_LENGTH } from '@casebridge/domain/constants';
import { USER_MESSAGES } from '@casebridge/domain/users/user.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { latestToast } from '#src/test/toasts.ts';
import { AcceptInviteForm } from './accept-invite-form.tsx';

const TOKEN = 'a-long-enough-invitation-token';

function renderForm() {
  const sent: unknown[] = [];
  const result = renderWithProviders(<AcceptInviteForm token={TOKEN} />, {
    route: '/accept-invite',
    api: {
      'POST /invitations/lookup': {
        name: 'Cora Clinician',
        email: 'cora@example.com',
        expiresAt: '2030-01-01T00:00:00.000Z',
      },
      'POST /invitations/accept': ({ body }: FakeRequest) => {
        sent.push(body);
        return undefined;
      },
    },
    routes: [{ path: '/login', element: <h1>Sign in</h1> }],
  });
  return { sent, router: result.router };
}

describe('AcceptInviteForm', () => {
  it('refuses a short password, then two different ones, at the field and by toast', async () => {
    const { sent } = renderForm();
    const user = userEvent.setup();
    const password = await screen.findByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm password');
    const submit = screen.getByRole('button', { name: 'Set Password' });

    await user.type(password, 'short');
    await user.click(submit);
    await expect.poll(() => latestToast('error')).toBe(USER_MESSAGES.passwordTooShort);
    expect(password).toHaveAccessibleDescription(
      `At least ${MIN_PASSWORD_LENGTH} characters. ${USER_MESSAGES.passwordTooShort}`,
    );
    expect(password).toHaveFocus();

    await user.type(password, '-but-longer');
    await user.type(confirmation, 'something-else');
    await user.click(submit);
    await expect.poll(() => latestToast('error')).toBe(USER_MESSAGES.passwordsDoNotMatch);
    expect(confirmation).toHaveAccessibleDescription(USER_MESSAGES.passwordsDoNotMatch);
    expect(sent).toEqual([]);
  });

  it('sends the token and the password, then goes to sign in', async () => {
    const { sent, router } = renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await expect.poll(() => latestToast('success')).toBe(USER_MESSAGES.passwordSet);
    expect(sent).toEqual([{ token: TOKEN, password: 'long-enough-1' }]);
    expect(router.state.location.pathname).toBe('/login');
  });
});
