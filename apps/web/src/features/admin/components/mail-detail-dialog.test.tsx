import {
  MAIL_OUTBOX_MESSAGES,
  type TMailOutboxDetail,
} from '@casebridge/domain/admin/system-tools.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MailDetailDialog } from './mail-detail-dialog.tsx';

const toast = vi.hoisted(() => ({
  success: vi.fn<(message: string) => void>(),
  error: vi.fn<(message: string) => void>(),
}));
vi.mock('sonner', () => ({ toast }));

const ID = '11111111-1111-4111-8111-111111111111';
const MESSAGE_ID = `<${ID}@casebridge.example.org>`;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

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
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        detail = { ...detail, status: 'pending', attempts: 0, lastError: null };
        return json(detail);
      }
      return json(detail);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('MailDetailDialog', { timeout: 15_000 }, () => {
  it('shows the Message-ID and the failure reason, and retries the failed mail', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MailDetailDialog id={ID} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(MESSAGE_ID)).toBeInTheDocument();
    expect(screen.getByText('Failure reason')).toBeInTheDocument();
    expect(screen.getByText(detail.lastError!)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: /^Retry mail to/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MAIL_OUTBOX_MESSAGES.retried));
    // The detail refetched: the mail is queued again and no longer offers a retry.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Retry mail to/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByText(/^pending/)).toBeInTheDocument();
  });
});
