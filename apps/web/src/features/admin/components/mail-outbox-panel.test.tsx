import {
  MAIL_OUTBOX_MESSAGES,
  type TMailOutboxItem,
} from '@casebridge/domain/admin/system-tools.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MailOutboxPanel } from './mail-outbox-panel.tsx';

const toast = vi.hoisted(() => ({
  success: vi.fn<(message: string) => void>(),
  error: vi.fn<(message: string) => void>(),
}));
vi.mock('sonner', () => ({ toast }));

const FAILED_ID = '11111111-1111-4111-8111-111111111111';
const REASON = 'Gave up after 3 days: connect ECONNREFUSED 127.0.0.1:25';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const mail = (overrides: Partial<TMailOutboxItem>): TMailOutboxItem => ({
  id: FAILED_ID,
  kind: 'message',
  toAddress: 'attorney@example.test',
  subject: 'New secure message - CaseBridge',
  status: 'failed',
  attempts: 80,
  lastError: REASON,
  createdAt: '2025-01-01T10:00:00.000Z',
  sentAt: null,
  ...overrides,
});

let items: TMailOutboxItem[];
let posts: string[];
let answerRetry: () => Response;

beforeEach(() => {
  items = [
    mail({}),
    mail({
      id: '22222222-2222-4222-8222-222222222222',
      toAddress: 'clinic@example.test',
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: '2025-01-01T10:01:00.000Z',
    }),
  ];
  posts = [];
  answerRetry = () => {
    // The server requeued it: the next list shows it pending.
    items = items.map((item) =>
      item.id === FAILED_ID ? { ...item, status: 'pending', attempts: 0, lastError: null } : item,
    );
    return json(items[0]);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(url);
        return answerRetry();
      }
      return json({ items, total: items.length, page: 1, pageSize: 10 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MailOutboxPanel />
    </QueryClientProvider>,
  );
}

const retryName = /^Retry mail to attorney@example\.test/;

describe('MailOutboxPanel', { timeout: 15_000 }, () => {
  it('shows the failure reason and offers Retry only for the failed mail', async () => {
    renderPanel();
    expect(await screen.findByText(REASON)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Retry mail to/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: retryName })).toBeInTheDocument();
  });

  it('retries from the keyboard, confirms with a toast and refreshes the list', async () => {
    const user = userEvent.setup();
    renderPanel();
    const retry = await screen.findByRole('button', { name: retryName });
    retry.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MAIL_OUTBOX_MESSAGES.retried));
    expect(posts).toEqual([`/api/admin/mail-outbox/${FAILED_ID}/retry`]);
    const row = (await screen.findByText('pending')).closest('tr')!;
    expect(within(row).getByText('attorney@example.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: retryName })).not.toBeInTheDocument();
    expect(screen.queryByText(REASON)).not.toBeInTheDocument();
  });

  it("shows the server's message when the retry is refused", async () => {
    answerRetry = () =>
      json({ error: { code: 'CONFLICT', message: MAIL_OUTBOX_MESSAGES.notFailed } }, 409);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: retryName }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MAIL_OUTBOX_MESSAGES.notFailed));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('retries every failed mail at once', async () => {
    answerRetry = () => json({ retried: 1 });
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText(REASON);
    await user.click(screen.getByRole('button', { name: 'Retry all failed' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(MAIL_OUTBOX_MESSAGES.retriedAll(1)),
    );
    expect(posts).toEqual(['/api/admin/mail-outbox/retry-failed']);
  });
});
