import { MAIL_OUTBOX_MESSAGES } from '@casebridge/domain/admin/system-tools.schemas';
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '#src/test/fake-api.ts';
import { Replaceable } from '#src/test/replaceable.tsx';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { RetryMailButton } from './retry-mail-button.tsx';

const MAIL = { id: 'mail-1', toAddress: 'dana@example.test', subject: 'Your invitation' };

/** The mail's detail: Retry shows only while the mail has failed ('Live refresh' ends that). */
const MAIL_DETAIL = (
  <Replaceable label="Live refresh" after={<p>Pending</p>}>
    <RetryMailButton mail={MAIL} />
  </Replaceable>
);

describe('RetryMailButton', () => {
  for (const outcome of ['queued', 'refused'] as const)
    it(`says the retry was ${outcome} even when a refresh removed the button first`, async () => {
      let answer = () => {};
      renderWithProviders(MAIL_DETAIL, {
        session: signedInAs('admin'),
        api: {
          'POST /admin/mail-outbox/:id/retry': () =>
            new Promise((resolve) => {
              answer = () =>
                resolve(
                  outcome === 'queued'
                    ? { ...MAIL, status: 'pending' }
                    : json({ error: { code: 'CONFLICT', message: 'Already sent.' } }, 409),
                );
            }),
        },
      });
      const user = userEvent.setup();
      await user.click(
        screen.getByRole('button', { name: 'Retry mail to dana@example.test: Your invitation' }),
      );
      await user.click(screen.getByRole('button', { name: 'Live refresh' }));
      expect(screen.getByText('Pending')).toBeInTheDocument();

      await act(async () => answer());
      if (outcome === 'queued')
        await expect.poll(() => latestToast('success')).toBe(MAIL_OUTBOX_MESSAGES.retried);
      else await expect.poll(() => latestToast('error')).toBe('Already sent.');
    });
});
