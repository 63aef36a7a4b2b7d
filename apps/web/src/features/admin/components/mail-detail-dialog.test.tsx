import {
  MAIL_OUTBOX_MESSAGES,
  type TMailOutboxDetail,
} from '@casebridge/domain/admin/system-tools.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { MailDetailDialog, SECRET_LINKS_HIDDEN } from './mail-detail-dialog.tsx';

const ID = '11111111-1111-4111-8111-111111111111';
const MESSAGE_ID = `<${ID}@casebridge.example.org>`;

let detail: TMailOutboxDetail;

beforeEach(() => {
  detail = {
    id: ID,
    kind: 'invitation',
    toAddress: 'new.user@example.test',
    subject: 'You are invited to CaseBridge',
    status: 'failed',
    attempts: 80,
    lastError: 'Gave up after 3 days: 550 mailbox unavailable',
    createdAt: '2025-01-01T10:00:00.000Z',
    sentAt: null,
    text: 'Welcome',
    messageId: MESSAGE_ID,
    hiddenLinks: 0,
  };
});

describe('MailDetailDialog', () => {
  it('shows the Message-ID and the failure reason, and retries the failed mail', async () => {
    renderWithProviders(<MailDetailDialog id={ID} onClose={() => undefined} />, {
      session: signedInAs('admin'),
      api: {
        'GET /admin/mail-outbox/:id': () => detail,
        'POST /admin/mail-outbox/:id/retry': () => {
          detail = { ...detail, status: 'pending', attempts: 0, lastError: null };
          return detail;
        },
      },
    });
    expect(await screen.findByText(MESSAGE_ID)).toBeInTheDocument();
    expect(screen.getByText('Failure reason')).toBeInTheDocument();
    expect(screen.getByText(detail.lastError!)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: /^Retry mail to/ }));
    await expect.poll(() => latestToast('success')).toBe(MAIL_OUTBOX_MESSAGES.retried);
    // The detail refetched: the mail is queued again and no longer offers a retry.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Retry mail to/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByText(/^pending/)).toBeInTheDocument();
  });

  it('says why a link shows no token, only when one was hidden', async () => {
    detail = {
      ...detail,
      text: 'Set your password: https://cb.example/accept-invite?token=[hidden: only the recipient may use this link]',
      hiddenLinks: 1,
    };
    renderWithProviders(<MailDetailDialog id={ID} onClose={() => undefined} />, {
      session: signedInAs('admin'),
      api: { 'GET /admin/mail-outbox/:id': () => detail },
    });
    expect(await screen.findByText(SECRET_LINKS_HIDDEN)).toBeInTheDocument();
  });

  it('shows no such note on a mail without a secret link', async () => {
    renderWithProviders(<MailDetailDialog id={ID} onClose={() => undefined} />, {
      session: signedInAs('admin'),
      api: { 'GET /admin/mail-outbox/:id': () => detail },
    });
    expect(await screen.findByText(MESSAGE_ID)).toBeInTheDocument();
    expect(screen.queryByText(SECRET_LINKS_HIDDEN)).not.toBeInTheDocument();
  });
});
