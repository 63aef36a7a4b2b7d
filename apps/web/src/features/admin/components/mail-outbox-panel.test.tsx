import {
  MAIL_OUTBOX_MESSAGES,
  type TMailOutboxItem,
} from '@casebridge/domain/admin/system-tools.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, type FakeApi, type FakeRoutes } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast, getToasts } from '#src/test/toasts.ts';
import { MailOutboxPanel } from './mail-outbox-panel.tsx';

const FAILED_ID = '11111111-1111-4111-8111-111111111111';
const REASON = 'Gave up after 3 days: connect ECONNREFUSED 127.0.0.1:25';

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
});

const API: FakeRoutes = {
  'GET /admin/mail-outbox': () => ({
    items,
    total: items.length,
    isTotalCapped: false,
    nextCursor: null,
  }),
  'POST /admin/mail-outbox/:id/retry': ({ params }) => {
    // The server requeued it: the next list shows it pending.
    items = items.map((item) =>
      item.id === params.id ? { ...item, status: 'pending', attempts: 0, lastError: null } : item,
    );
    return items[0];
  },
};

function renderPanel(api: FakeRoutes = {}) {
  return renderWithProviders(<MailOutboxPanel />, {
    session: signedInAs('admin'),
    api: { ...API, ...api },
  }).api;
}

/** The POSTs the panel sent, in order. */
const posts = (api: FakeApi) =>
  api.calls.filter((call) => call.method === 'POST').map((call) => call.path);

const retryName = /^Retry mail to attorney@example\.test/;

describe('MailOutboxPanel', () => {
  it('shows the failure reason and offers Retry only for the failed mail', async () => {
    renderPanel();
    expect(await screen.findByText(REASON)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Retry mail to/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: retryName })).toBeInTheDocument();
  });

  it('retries from the keyboard, confirms with a toast and refreshes the list', async () => {
    const user = userEvent.setup();
    const api = renderPanel();
    const retry = await screen.findByRole('button', { name: retryName });
    retry.focus();
    await user.keyboard('{Enter}');

    await expect.poll(() => latestToast('success')).toBe(MAIL_OUTBOX_MESSAGES.retried);
    expect(posts(api)).toEqual([`/admin/mail-outbox/${FAILED_ID}/retry`]);
    const row = (await screen.findByText('pending')).closest('tr')!;
    expect(within(row).getByText('attorney@example.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: retryName })).not.toBeInTheDocument();
    expect(screen.queryByText(REASON)).not.toBeInTheDocument();
  });

  it("shows the server's message when the retry is refused", async () => {
    const user = userEvent.setup();
    renderPanel({
      'POST /admin/mail-outbox/:id/retry': () =>
        apiError(409, 'CONFLICT', MAIL_OUTBOX_MESSAGES.notFailed),
    });
    await user.click(await screen.findByRole('button', { name: retryName }));
    await expect.poll(() => latestToast('error')).toBe(MAIL_OUTBOX_MESSAGES.notFailed);
    expect(getToasts('success')).toEqual([]);
  });

  it('retries every failed mail at once', async () => {
    const user = userEvent.setup();
    const api = renderPanel({ 'POST /admin/mail-outbox/retry-failed': { retried: 1 } });
    await screen.findByText(REASON);
    await user.click(screen.getByRole('button', { name: 'Retry all failed' }));
    await expect.poll(() => latestToast('success')).toBe(MAIL_OUTBOX_MESSAGES.retriedAll(1));
    expect(posts(api)).toEqual(['/admin/mail-outbox/retry-failed']);
  });
});
