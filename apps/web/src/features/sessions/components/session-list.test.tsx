import type { TAccountSession } from '@casebridge/domain/sessions/session.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { SessionList } from './session-list.tsx';

const session = (overrides: Partial<TAccountSession>): TAccountSession => ({
  id: 's-this',
  device: 'Chrome on Windows',
  ipAddress: '203.0.113.7',
  signedInAt: '2026-03-02T09:00:00.000Z',
  lastSeenAt: '2026-03-02T10:00:00.000Z',
  isCurrent: true,
  ...overrides,
});

/** A fake server holding the user's sessions: ending one removes it, as the API does. */
function renderSessions(items: TAccountSession[]) {
  let sessions = [...items];
  return renderWithProviders(<SessionList />, {
    session: signedInAs('clinic'),
    api: {
      'GET /sessions': () => ({ items: sessions }),
      'DELETE /sessions/:sessionId': ({ params }) => {
        sessions = sessions.filter((item) => item.id !== params.sessionId);
        return undefined;
      },
      'POST /sessions/end-others': () => {
        const ended = sessions.filter((item) => !item.isCurrent).length;
        sessions = sessions.filter((item) => item.isCurrent);
        return { ended };
      },
    },
  });
}

/** The sessions' rows (toasts are list items too). */
const rows = () =>
  within(screen.getByRole('region', { name: "Where you're signed in" })).queryAllByRole('listitem');

describe('SessionList', () => {
  it('shows each session with its device, address and times, this device marked', async () => {
    renderSessions([
      session({}),
      session({ id: 's-other', device: 'Firefox on Linux', ipAddress: null, isCurrent: false }),
    ]);
    await screen.findByText('Firefox on Linux');
    const [current, other] = rows();
    expect(rows()).toHaveLength(2);
    expect(within(current!).getByText('This device')).toBeInTheDocument();
    expect(within(current!).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(current!).queryByRole('button')).toBeNull();
    expect(within(other!).getByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(other!).getByText('Unknown')).toBeInTheDocument();
    expect(within(other!).queryByText('This device')).toBeNull();
  });

  it('ends another session after a confirmation that names it', async () => {
    const user = userEvent.setup();
    const { api } = renderSessions([
      session({}),
      session({ id: 's-other', device: 'Firefox on Linux', isCurrent: false }),
    ]);
    await user.click(
      await screen.findByRole('button', { name: /^End session on Firefox on Linux/ }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'End the session on Firefox on Linux?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));

    await expect.poll(() => rows().length).toBe(1);
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: '/sessions/s-other' }),
    );
    await expect.poll(() => latestToast('success')).toBe('Ended the session on Firefox on Linux');
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('signs out everywhere else and keeps this device', async () => {
    const user = userEvent.setup();
    renderSessions([
      session({}),
      session({ id: 's-2', device: 'Firefox on Linux', isCurrent: false }),
      session({ id: 's-3', device: 'Safari on iOS', isCurrent: false }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('Every other session (2) ends now');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));

    await expect.poll(() => latestToast('success')).toBe('Signed out 2 other sessions');
    await expect.poll(() => rows().length).toBe(1);
    expect(screen.getByText('This device')).toBeInTheDocument();
  });
});
