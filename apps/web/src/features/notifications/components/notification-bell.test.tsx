import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRoutes } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { NotificationBell } from './notification-bell.tsx';

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

const page = (items: unknown[], unreadCount: number) => ({ items, nextCursor: null, unreadCount });

function renderBell(api: FakeRoutes) {
  const { api: fake, router } = renderWithProviders(<NotificationBell />, {
    session: signedInAs('attorney'),
    api,
    routes: [
      { path: '/patients/:id', element: <p>Patient page</p> },
      { path: '/notifications', element: <p>Center page</p> },
    ],
  });
  return { calls: fake.calls, router };
}

// Menus render through portals and animate: generous time on a busy machine.
describe('NotificationBell', () => {
  it("caps the badge at '99+' and lists the first ten", async () => {
    const { calls } = renderBell({
      'GET /notifications': page(
        Array.from({ length: 10 }, (_, n) => item(n)),
        150,
      ),
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(bell).toHaveTextContent('99+');
    expect(calls[0]?.url).toBe('/notifications?limit=10');
    await userEvent.setup().click(bell);
    expect(await screen.findAllByRole('menuitem', { name: /Notice/ })).toHaveLength(10);
    expect(screen.getByRole('menuitem', { name: 'View all notifications' })).toBeInTheDocument();
  });

  it('marks a clicked notification read and opens its link', async () => {
    const { calls, router } = renderBell({
      'GET /notifications': page([item(1)], 1),
      'PATCH /notifications/:id/read': undefined,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /Notice 1/ }));
    await screen.findByText('Patient page');
    expect(router.state.location.search).toBe('?tab=messages');
    expect(calls).toContainEqual(
      expect.objectContaining({ path: `/notifications/${item(1).id}/read`, method: 'PATCH' }),
    );
  });

  it("says 'Failed to open notification' when marking it read fails", async () => {
    renderBell({
      'GET /notifications': page([item(1)], 1),
      'PATCH /notifications/:id/read': () => apiError(500, 'INTERNAL', 'x'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /Notice 1/ }));
    await expect.poll(() => latestToast('error')).toBe('Failed to open notification');
    expect(screen.queryByText('Patient page')).toBeNull();
  });

  it('marks all as read with the toasts of the specification', async () => {
    let unread = 2;
    renderBell({
      'GET /notifications': () => page([item(1, unread === 0), item(2, unread === 0)], unread),
      'POST /notifications/read-all': () => {
        unread = 0;
        return { marked: 2 };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark all as read' }));
    await expect.poll(() => latestToast('success')).toBe('All notifications marked as read');
    expect(await screen.findByRole('button', { name: 'Notifications' })).not.toHaveTextContent(
      /\d/,
    );
  });

  it("says 'Failed to mark notifications as read' when that fails", async () => {
    renderBell({
      'GET /notifications': page([item(1)], 1),
      'POST /notifications/read-all': () => apiError(500, 'INTERNAL', 'x'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark all as read' }));
    await expect.poll(() => latestToast('error')).toBe('Failed to mark notifications as read');
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});
