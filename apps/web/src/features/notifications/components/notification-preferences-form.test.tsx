import {
  NOTIFICATION_TEXTS,
  getDefaultPreferences,
} from '@casebridge/domain/notifications/notification.schemas';
import { NOTIFICATION_EMAIL_TEXTS } from '@casebridge/domain/notifications/notification-email.schemas';
import { USER_MESSAGES } from '@casebridge/domain/users/user.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { getToasts, latestToast } from '#src/test/toasts.ts';
import { NotificationPreferencesForm } from './notification-preferences-form.tsx';

const PENDING = { email: 'new@work.example', expiresAt: '2026-11-24T00:00:00.000Z' };

function renderForm(pendingNotificationEmail: typeof PENDING | null = null) {
  const preferences = { ...getDefaultPreferences('attorney@demo.test'), pendingNotificationEmail };
  return renderWithProviders(<NotificationPreferencesForm />, {
    session: signedInAs('attorney'),
    api: {
      'GET /notifications/preferences': preferences,
      'PUT /notifications/preferences': ({ body }) => body as object,
      'POST /notifications/preferences/email-confirmation': preferences,
      'DELETE /notifications/preferences/email-confirmation': {
        ...preferences,
        pendingNotificationEmail: null,
      },
    },
  }).api;
}

const saves = (api: ReturnType<typeof renderForm>) =>
  api.calls.filter((call) => call.method === 'PUT');

describe('NotificationPreferencesForm', () => {
  it("shows the server's e-mail check at the field and sends nothing", async () => {
    const api = renderForm();
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Notification email');
    await user.clear(email);
    await user.type(email, 'me@work');
    await user.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.savePreferences }));

    expect(await screen.findByText(USER_MESSAGES.invalidEmail)).toBeVisible();
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(
      `Where e-mail notifications and digests are sent. A new address is used once you open the link we send to it. ${USER_MESSAGES.invalidEmail}`,
    );
    expect(getToasts('error')).toEqual([]);
    expect(saves(api)).toEqual([]);
  });

  it('sends the parsed preferences', async () => {
    const api = renderForm();
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Notification email');
    await user.clear(email);
    await user.type(email, ' Me@Work.Example ');
    await user.selectOptions(screen.getByLabelText('Digest frequency'), 'Weekly');
    await user.click(screen.getByLabelText('New messages'));
    await user.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.savePreferences }));

    await expect.poll(() => latestToast('success')).toBe(NOTIFICATION_TEXTS.preferencesSaved);
    expect(saves(api).map((call) => call.body)).toEqual([
      {
        notificationEmail: 'me@work.example',
        digestFrequency: 'Weekly',
        notifyOnStatusChange: true,
        notifyOnDocumentUpload: true,
        notifyOnMessageReceived: false,
        notifyOnCaseRequests: true,
        notifyOnTreatmentGaps: true,
        notifyOnLienActivity: true,
        notifyOnVisits: true,
      },
    ]);
    expect(email).toHaveValue('me@work.example');
  });

  it('shows the address waiting for its link, resends it and cancels the change', async () => {
    const api = renderForm(PENDING);
    const user = userEvent.setup();
    const notice = await screen.findByText(NOTIFICATION_EMAIL_TEXTS.waitingFor(PENDING.email));
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // Mail still goes to the confirmed address, which the field shows.
    expect(screen.getByLabelText('Notification email')).toHaveValue('attorney@demo.test');

    await user.click(screen.getByRole('button', { name: NOTIFICATION_EMAIL_TEXTS.resend }));
    await expect
      .poll(() => latestToast('success'))
      .toBe(NOTIFICATION_EMAIL_TEXTS.linkSent(PENDING.email));
    await user.click(screen.getByRole('button', { name: NOTIFICATION_EMAIL_TEXTS.cancel }));
    await expect.poll(() => latestToast('success')).toBe(NOTIFICATION_EMAIL_TEXTS.cancelled);
    expect(screen.queryByText(NOTIFICATION_EMAIL_TEXTS.waitingFor(PENDING.email))).toBeNull();
    expect(
      api.calls
        .filter((call) => call.url.includes('email-confirmation'))
        .map((call) => call.method),
    ).toEqual(['POST', 'DELETE']);
  });
});
