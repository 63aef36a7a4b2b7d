import { PASSWORD_MESSAGES } from '@casebridge/domain/auth/password.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { latestToast } from '#src/test/toasts.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

const TOKEN = 'a-long-enough-reset-token-from-the-mail';

function renderReset(answer: (request: FakeRequest) => unknown) {
  const sent: unknown[] = [];
  const { router } = renderWithProviders(<ResetPasswordForm token={TOKEN} />, {
    route: '/reset-password',
    api: {
      'POST /auth/password-reset': (request: FakeRequest) => {
        sent.push(request.body);
        return answer(request);
      },
    },
    routes: [{ path: '/login', element: <h1>Sign in</h1> }],
  });
  return { sent, router };
}

async function choosePassword(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), password);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordForm', () => {
  it('sends the token with the new password, then goes to sign in', async () => {
    const { sent, router } = renderReset(() => undefined);
    await choosePassword('amber kettle orbit 42');
    await expect.poll(() => latestToast('success')).toBe(PASSWORD_MESSAGES.resetDone);
    expect(sent).toEqual([{ token: TOKEN, password: 'amber kettle orbit 42' }]);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says a used or expired link is dead and offers a new one', async () => {
    renderReset(() => apiError(404, 'NOT_FOUND', PASSWORD_MESSAGES.resetLinkInvalid));
    await choosePassword('amber kettle orbit 42');
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_MESSAGES.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('without a token says so at once', () => {
    renderWithProviders(<ResetPasswordForm token="" />, { route: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_MESSAGES.resetLinkInvalid);
  });
});

describe('ForgotPasswordForm', () => {
  it('sends the address and shows the one answer', async () => {
    const sent: unknown[] = [];
    renderWithProviders(<ForgotPasswordForm />, {
      route: '/forgot-password',
      api: {
        'POST /auth/password-reset/request': ({ body }: FakeRequest) => {
          sent.push(body);
          return { message: PASSWORD_MESSAGES.resetRequested };
        },
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' Dana@Clinic.example ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_MESSAGES.resetRequested);
    expect(sent).toEqual([{ email: 'dana@clinic.example' }]);
  });
});
