import type { TAdminUser } from '@casebridge/domain/users/user.schemas';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { json } from '#src/test/fake-api.ts';
import { latestToast, latestToastDescription } from '#src/test/toasts.ts';
import { UserTable } from './user-table.tsx';

const CORA: TAdminUser = {
  id: 'user-cora',
  name: 'Cora Clinician',
  email: 'cora@example.test',
  role: 'clinic',
  organization: DEMO_ORGANIZATIONS.clinic,
  active: true,
  approved: true,
  hasPassword: true,
  hasSecondFactor: false,
  createdByName: 'Avery Admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedByName: null,
  invitation: null,
};

function renderTable(users: TAdminUser[] = [CORA]) {
  return renderWithProviders(
    <UserTable users={users} isLoading={false} currentUserId="user-admin" />,
    {
      session: signedInAs('admin'),
      api: {
        'GET /organizations': { items: [DEMO_ORGANIZATIONS.clinic] },
        'PATCH /users/:id': ({ body }) => json({ ...CORA, ...(body as object) }),
        'POST /users/:id/sessions/end': { ended: 2 },
        'POST /users/:id/mfa/reset': null,
        'POST /users/:id/invitation': () =>
          json({ ...INVITED, invitation: { ...QUEUED, status: 'sent', sentAt: QUEUED.queuedAt } }),
      },
    },
  ).api;
}

const QUEUED = { status: 'queued', queuedAt: '2026-01-02T09:00:00.000Z', sentAt: null } as const;
/** Invited, no password yet: the invitation waits in the outbox. */
const INVITED: TAdminUser = {
  ...CORA,
  id: 'user-ivy',
  name: 'Ivy Invite',
  email: 'ivy@example.test',
  hasPassword: false,
  hasSecondFactor: false,
  invitation: QUEUED,
};

const patches = (api: ReturnType<typeof renderTable>) =>
  api.calls
    .filter((call) => call.method === 'PATCH')
    .map((call) => [call.body, call.headers['if-match']]);

describe('UserTable', () => {
  it('ends a user’s sessions after a dialog that names them', async () => {
    const api = renderTable();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'End sessions of Cora Clinician' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: "End Cora Clinician's sessions?",
    });
    expect(dialog).toHaveTextContent('Cora Clinician (cora@example.test) will be signed out');
    expect(api.calls.some((call) => call.path.endsWith('/sessions/end'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    await expect.poll(() => latestToast('success')).toBe('Ended 2 sessions of Cora Clinician');
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/users/user-cora/sessions/end' }),
    );
  });

  it('offers a reset of two-step verification only where it is on, after a dialog', async () => {
    renderTable([CORA, { ...CORA, id: 'user-tess', name: 'Tess Totp', hasSecondFactor: true }]);
    const user = userEvent.setup();
    expect(
      screen.queryByRole('button', { name: 'Reset two-step verification of Cora Clinician' }),
    ).toBeNull();
    await user.click(
      screen.getByRole('button', { name: 'Reset two-step verification of Tess Totp' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: "Reset Tess Totp's two-step verification?",
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await expect
      .poll(() => latestToast('success'))
      .toBe('Two-step verification of Tess Totp was reset');
  });

  it('asks before deactivating, naming the user; only the confirmation deactivates', async () => {
    const api = renderTable();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Deactivate Cora Clinician' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate user?' });
    expect(confirm).toHaveTextContent('Cora Clinician (cora@example.test)');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(patches(api)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deactivate Cora Clinician' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }),
    );
    await expect.poll(() => latestToast('success')).toBe('Cora Clinician deactivated');
    // Made from the version the row shows.
    expect(patches(api)).toEqual([[{ active: false }, '"3"']]);
  });

  it('shows where each invitation e-mail stands, and what became of a new one', async () => {
    const api = renderTable([
      CORA,
      INVITED,
      { ...INVITED, id: 'u2', name: 'Sid Sent', invitation: { ...QUEUED, status: 'sent' } },
      { ...INVITED, id: 'u3', name: 'Fay Failed', invitation: { ...QUEUED, status: 'failed' } },
    ]);
    const statusOf = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[3];
    expect(statusOf('Ivy Invite')).toHaveTextContent('Invitation queued');
    expect(statusOf('Sid Sent')).toHaveTextContent('Invitation e-mailed');
    expect(statusOf('Fay Failed')).toHaveTextContent('Invitation not delivered');
    expect(statusOf('Cora Clinician')).not.toHaveTextContent('Invitation');

    await userEvent.click(screen.getByRole('button', { name: 'Resend invitation to Ivy Invite' }));
    await expect.poll(() => latestToast('success')).toBe('Invitation e-mailed');
    expect(latestToastDescription('success')).toBe(
      'An invitation was e-mailed to ivy@example.test.',
    );
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/users/user-ivy/invitation',
    ]);
  });

  it('opens Edit User for the row', async () => {
    renderTable();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Cora Clinician' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('Full name *')).toHaveValue('Cora Clinician');
  });
});
