import { API_TOKEN_TEXTS, type TApiToken } from '@casebridge/domain/api-tokens/api-token.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { ApiTokensTab } from './api-tokens-tab.tsx';
import { endOfLocalDay, localDateInDays } from './create-token-dialog.tsx';

const SECRET = `cbt_${'a'.repeat(43)}`;
const TOKEN: TApiToken = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Practice sync',
  organizationId: DEMO_ORGANIZATIONS.clinic.id,
  organizationName: DEMO_ORGANIZATIONS.clinic.name,
  role: 'clinic',
  capabilities: ['patients:read', 'billing:create'],
  prefix: 'cbt_abcd',
  createdByName: 'Avery Admin',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2027-01-30T10:00:00.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  revokedByName: null,
  status: 'active',
};
const ADMIN_TOKEN: TApiToken = {
  ...TOKEN,
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Old export',
  organizationId: null,
  organizationName: null,
  role: 'admin',
  capabilities: ['admin:audit'],
  status: 'revoked',
  revokedAt: '2026-11-02T10:00:00.000Z',
};

function renderTab() {
  return renderWithProviders(<ApiTokensTab />, {
    session: signedInAs('admin'),
    api: {
      'GET /admin/api-tokens': {
        items: [TOKEN, ADMIN_TOKEN],
        total: 2,
        isTotalCapped: false,
        nextCursor: null,
      },
      'GET /organizations': { items: Object.values(DEMO_ORGANIZATIONS) },
      'POST /admin/api-tokens': ({ body }) =>
        json({ token: { ...TOKEN, ...(body as object) }, secret: SECRET }, 201),
      'POST /admin/api-tokens/:id/revoke': { ...TOKEN, status: 'revoked' },
    },
  }).api;
}

describe('ApiTokensTab', { timeout: 20_000 }, () => {
  it('lists tokens with who they act for, their capabilities and status', async () => {
    renderTab();
    const table = await screen.findByRole('table', { name: 'API tokens, newest first' });
    await within(table).findByText('Practice sync');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Harbor Physical Therapy')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Add billing entries')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Never')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Administrators')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Revoked')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('offers the capabilities of the chosen organisation and shows the secret once', async () => {
    const api = renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.type(within(dialog).getByLabelText('Name *'), ' Firm CMS ');
    // Administrators first: admin work is offered, people-making never.
    expect(within(dialog).getByLabelText('Read the audit log')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Manage users')).toBeNull();
    expect(within(dialog).queryByLabelText('Manage API tokens')).toBeNull();
    await user.selectOptions(
      within(dialog).getByLabelText('Acts for'),
      await within(dialog).findByRole('option', { name: DEMO_ORGANIZATIONS.attorney.name }),
    );
    expect(within(dialog).queryByLabelText('Add billing entries')).toBeNull();
    expect(within(dialog).queryByLabelText('Read the audit log')).toBeNull();
    expect(within(dialog).getByLabelText('Read patients')).toBeChecked();
    await user.click(within(dialog).getByLabelText('Read liens'));
    expect(within(dialog).getByLabelText('Valid through *')).toHaveValue(localDateInDays(90));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    await expect.poll(() => latestToast('success')).toBe(API_TOKEN_TEXTS.created);
    const posted = api.calls.filter((call) => call.method === 'POST');
    expect(posted.map((call) => call.body)).toEqual([
      {
        name: 'Firm CMS',
        organizationId: DEMO_ORGANIZATIONS.attorney.id,
        capabilities: ['patients:read', 'liens:read'],
        expiresAt: endOfLocalDay(localDateInDays(90)),
      },
    ]);
    const secretDialog = await screen.findByRole('dialog', { name: /API token .* created/ });
    expect(within(secretDialog).getByLabelText('Secret')).toHaveValue(SECRET);
    expect(within(secretDialog).getByRole('alert')).toHaveTextContent(
      'This secret will not be shown again.',
    );
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says what is missing and sends nothing', async () => {
    const api = renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.click(within(dialog).getByLabelText('Read patients'));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByLabelText('Name *')).toHaveAccessibleDescription(
      API_TOKEN_TEXTS.nameRequired,
    );
    expect(within(dialog).getByText(API_TOKEN_TEXTS.capabilitiesRequired)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('revokes only after confirmation', async () => {
    const api = renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke Practice sync' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke API token' });
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await expect.poll(() => latestToast('success')).toBe(API_TOKEN_TEXTS.revoked);
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/admin/api-tokens/${TOKEN.id}/revoke`,
    ]);
  });
});
