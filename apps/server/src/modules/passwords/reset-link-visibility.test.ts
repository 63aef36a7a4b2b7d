import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MAIL_KIND } from './passwords.queries.ts';
import { HIDDEN_RESET_TOKEN, hideResetLink } from './reset-link-visibility.ts';

const TEXT = 'Choose a new password here: https://cb.example/reset-password?token=abc_DEF-123\nBye';

describe('hideResetLink', () => {
  it('hides a reset token from the admin once a mail server delivers mail', () => {
    const shown = hideResetLink({ kind: PASSWORD_RESET_MAIL_KIND, text: TEXT }, true);
    expect(shown.text).toBe(
      `Choose a new password here: https://cb.example/reset-password?token=${HIDDEN_RESET_TOKEN}\nBye`,
    );
  });

  it('leaves the link visible without a mail server, and other mails alone', () => {
    expect(hideResetLink({ kind: PASSWORD_RESET_MAIL_KIND, text: TEXT }, false).text).toBe(TEXT);
    expect(hideResetLink({ kind: 'invitation', text: TEXT }, true).text).toBe(TEXT);
  });
});
