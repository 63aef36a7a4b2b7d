import { USER_MESSAGES, type TAdminUser } from '@casebridge/domain/users/user.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EditUserModal } from './edit-user-modal.tsx';
import { json } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';

const CLINIC = DEMO_ORGANIZATIONS.clinic;
const FIRM = DEMO_ORGANIZATIONS.attorney;

const USER: TAdminUser = {
  id: 'user-sam',
  name: 'Sam Summit',
  email: 'clinic2@demo.test',
  role: 'clinic',
  organization: CLINIC,
  active: true,
  approved: true,
  hasPassword: true,
  hasSecondFactor: false,
  createdByName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedByName: null,
  invitation: null,
};

function renderModal() {
  return renderWithProviders(<EditUserModal user={USER} onClose={() => undefined} />, {
    session: signedInAs('admin'),
    api: {
      'GET /organizations': ({ query }) => ({
        items:
          query.get('kind') === 'clinic' ? [CLINIC] : query.get('kind') === 'firm' ? [FIRM] : [],
      }),
      'PATCH /users/:id': ({ body }) => json({ ...USER, ...(body as object) }),
    },
  }).api;
}

/** Each PATCH's path and body, checked to be made from the user's version. */
const patches = (api: ReturnType<typeof renderModal>) =>
  api.calls
    .filter((call) => call.method === 'PATCH')
    .map((call) => {
      expect(call.headers['if-match']).toBe('"3"');
      return [call.path, call.body];
    });

describe('EditUserModal', () => {
  it('starts from the user; a new role needs its organization before anything is sent', async () => {
    const api = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('Full name *')).toHaveValue('Sam Summit');
    expect(await within(dialog).findByRole('radio', { name: 'Clinic' })).toBeChecked();
    expect(within(dialog).getByLabelText('Associated organization *')).toHaveValue(CLINIC.id);

    await user.click(within(dialog).getByRole('radio', { name: 'Attorney' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => latestToast('error')).toBe(USER_MESSAGES.organizationRequired);
    expect(within(dialog).getByLabelText('Associated organization *')).toHaveFocus();
    expect(patches(api)).toEqual([]);

    await within(dialog).findByRole('option', { name: FIRM.name });
    await user.selectOptions(within(dialog).getByLabelText('Associated organization *'), FIRM.id);
    await user.clear(within(dialog).getByLabelText('Full name *'));
    await user.type(within(dialog).getByLabelText('Full name *'), ' Samantha Summit ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => latestToast('success')).toBe(USER_MESSAGES.updated);
    expect(patches(api)).toEqual([
      [`/users/${USER.id}`, { name: 'Samantha Summit', role: 'attorney', organizationId: FIRM.id }],
    ]);
  });

  it('sends no organization for an admin', async () => {
    const api = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Admin' }));
    expect(within(dialog).queryByLabelText('Associated organization *')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => latestToast('success')).toBe(USER_MESSAGES.updated);
    expect(patches(api)).toEqual([
      [`/users/${USER.id}`, { name: 'Sam Summit', role: 'admin', organizationId: null }],
    ]);
  });

  it("shows a stale save with the other admin's role and organization by name", async () => {
    const api = renderModal();
    const moved = { ...USER, role: 'attorney', organization: FIRM, version: 4 } as const;
    api.use({
      'PATCH /users/:id': json(
        {
          error: { code: 'CONFLICT', message: 'stale' },
          current: { ...moved, updatedByName: 'Dana Ruiz', updatedAt: '2026-01-02T14:02:00.000Z' },
        },
        409,
      ),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.type(within(dialog).getByLabelText('Full name *'), ' Jr');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(/^Not saved: Changed by Dana Ruiz at/);
    expect(
      within(notice)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'FieldTheir valueYour value',
      'RoleAttorneyClinic',
      `Organization${FIRM.name}${CLINIC.name}`,
    ]);
    expect(within(dialog).getByLabelText('Full name *')).toHaveValue('Sam Summit Jr');
    expect(patches(api)).toHaveLength(1);
  });
});
