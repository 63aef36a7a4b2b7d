import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from './notification-bell.tsx';

const toast = vi.hoisted(() => ({
  success: vi.fn<(message: string) => void>(),
  error: vi.fn<(message: string) => void>(),
}));
vi.mock('sonner', () => ({ toast }));

const PATIENT = '11111111-1111-4111-8111-111111111111';
const item = (n: number, isRead = false) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'message',
  content: `Notice ${n}`,
  patientId: PATIENT,
  patientName: 'Maria Delgado',
  linkTo: `/patients/${PATIENT}?tab=messages`,
  isRead,
  fromRole: 'clinic',
  createdAt: new Date().toISOString(),
});

function json(body: unknown, status = 200) {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderBell(handler: (url: string, init?: RequestInit) => Response) {
  const calls: Array<{ url: string; method: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      return handler(url, init);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: <NotificationBell /> },
      { path: '/patients/:id', element: <p>Patient page</p> },
      { path: '/notifications', element: <p>Center page</p> },
    ],
    { initialEntries: ['/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// Menus render through portals and animate: generous time on a busy machine.
describe('NotificationBell', { timeout: 15_000 }, () => {
  it("caps the badge at '99+' and lists the first ten", async () => {
    const { calls } = renderBell(() =>
      json({
        items: Array.from({ length: 10 }, (_, n) => item(n)),
        nextCursor: null,
        unreadCount: 150,
      }),
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(bell).toHaveTextContent('99+');
    expect(calls[0]?.url).toBe('/api/notifications?limit=10');
    await userEvent.setup().click(bell);
    expect(await screen.findAllByRole('menuitem', { name: /Notice/ })).toHaveLength(10);
    expect(screen.getByRole('menuitem', { name: 'View all notifications' })).toBeInTheDocument();
  });

  it('marks a clicked notification read and opens its link', async () => {
    const { calls, router } = renderBell((url, init) =>
      init?.method === 'PATCH'
        ? new Response(null, { status: 204 })
        : json({ items: [item(1)], nextCursor: null, unreadCount: 1 }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /Notice 1/ }));
    await screen.findByText('Patient page');
    expect(router.state.location.search).toBe('?tab=messages');
    expect(calls).toContainEqual({ url: `/api/notifications/${item(1).id}/read`, method: 'PATCH' });
  });

  it("says 'Failed to open notification' when marking it read fails", async () => {
    renderBell((url, init) =>
      init?.method === 'PATCH'
        ? json({ error: { code: 'INTERNAL', message: 'x' } }, 500)
        : json({ items: [item(1)], nextCursor: null, unreadCount: 1 }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /Notice 1/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to open notification'));
    expect(screen.queryByText('Patient page')).toBeNull();
  });

  it('marks all as read with the toasts of the specification', async () => {
    let unread = 2;
    renderBell((url, init) => {
      if (init?.method === 'POST') {
        unread = 0;
        return json({ marked: 2 });
      }
      return json({
        items: [item(1, unread === 0), item(2, unread === 0)],
        nextCursor: null,
        unreadCount: unread,
      });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('All notifications marked as read'),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).not.toHaveTextContent(
      /\d/,
    );
  });

  it("says 'Failed to mark notifications as read' when that fails", async () => {
    renderBell((url, init) =>
      init?.method === 'POST'
        ? json({ error: { code: 'INTERNAL', message: 'x' } }, 500)
        : json({ items: [item(1)], nextCursor: null, unreadCount: 1 }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to mark notifications as read'),
    );
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});
