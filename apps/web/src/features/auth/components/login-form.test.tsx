import { MESSAGES, tooManyAttemptsMessage } from '@casebridge/domain/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { LoginForm } from './login-form.tsx';

function renderLogin(answer: () => unknown = () => signedInAs('clinic')) {
  const sent: unknown[] = [];
  renderWithProviders(<LoginForm />, {
    route: '/login',
    api: {
      'POST /auth/login': ({ body }: FakeRequest) => {
        sent.push(body);
        return answer();
      },
    },
  });
  return {
    sent,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign In' }),
  };
}

describe('LoginForm', () => {
  it('shows at each field what is missing, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent, email, password, submit } = renderLogin();
    await user.click(submit);
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(password).toHaveAccessibleDescription(MESSAGES.passwordRequired);
    expect(email).toHaveFocus();
    // Field errors only: the spec's only sign-in toast is for a failed sign-in.
    expect(latestToast('error')).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it("refuses an address the server's schema refuses, not only one without an @", async () => {
    const user = userEvent.setup();
    const { sent, email, password, submit } = renderLogin();
    await user.type(email, 'clinic@');
    await user.type(password, 'demo-password-2026');
    await user.click(submit);
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);
  });

  it('sends a valid sign-in, the e-mail trimmed and lowercased, and toasts success', async () => {
    const user = userEvent.setup();
    const { sent, email, password, submit } = renderLogin();
    await user.type(email, ' Clinic@Demo.test ');
    await user.type(password, 'demo-password-2026');
    await user.click(submit);
    await expect.poll(() => latestToast('success')).toBe(MESSAGES.loginSucceeded);
    expect(sent).toEqual([{ email: 'clinic@demo.test', password: 'demo-password-2026' }]);
  });

  it.each([
    { status: 401, code: 'UNAUTHENTICATED', message: MESSAGES.invalidCredentials },
    // A throttled attempt says when to try again (README, 'Sign-in throttling').
    { status: 429, code: 'RATE_LIMITED', message: tooManyAttemptsMessage(240) },
  ])("toasts the server's message when signing in fails ($status)", async (failure) => {
    const user = userEvent.setup();
    const { email, password, submit } = renderLogin(() =>
      apiError(failure.status, failure.code, failure.message),
    );
    await user.type(email, 'clinic@demo.test');
    await user.type(password, 'wrong-password');
    await user.click(submit);
    await expect.poll(() => latestToast('error')).toBe(failure.message);
    await waitFor(() => expect(submit).toBeEnabled());
  });
});
