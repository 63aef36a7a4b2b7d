import { USER_MESSAGES, type TAdminUser } from '@casebridge/domain/users/user.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast, latestToastDescription } from '#src/test/toasts.ts';
import { AddUserModal } from './add-user-modal.tsx';

const CLINIC = DEMO_ORGANIZATIONS.clinic;

/** The server answers with the user and where its invitation e-mail stands. */
function renderModal(answer: Partial<TAdminUser> = {}) {
  return renderWithProviders(<AddUserModal isOpen onClose={() => undefined} />, {
    session: signedInAs('admin'),
    api: {
      'GET /organizations': ({ query }) => ({
        items: query.get('kind') === 'clinic' ? [CLINIC] : [],
      }),
      'POST /users': ({ body }) =>
        json(
          {
            ...(body as object),
            id: 'new-user',
            approved: true,
            active: true,
            invitation: null,
            ...answer,
          },
          201,
        ),
    },
  }).api;
}

async function createCora() {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
  await user.type(within(dialog).getByLabelText('Full name *'), ' Cora Clinician ');
  await user.type(within(dialog).getByLabelText('Email *'), ' Cora@Example.TEST ');
  await user.selectOptions(
    await within(dialog).findByLabelText('Associated organization *'),
    await within(dialog).findByRole('option', { name: CLINIC.name }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
}

const creates = (api: ReturnType<typeof renderModal>) =>
  api.calls.filter((call) => call.method === 'POST' && call.path === '/users');

describe('AddUserModal', () => {
  it('checks in the spec order: the first failure is the toast, each error is at its field', async () => {
    const api = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    const name = within(dialog).getByLabelText('Full name *');
    const email = within(dialog).getByLabelText('Email *');
    const organization = within(dialog).getByLabelText('Associated organization *');
    const create = within(dialog).getByRole('button', { name: 'Create User' });

    await user.click(create);
    await expect.poll(() => latestToast('error')).toBe(USER_MESSAGES.requiredFields);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(USER_MESSAGES.requiredFields);
    expect(email).toHaveAccessibleDescription(USER_MESSAGES.requiredFields);
    expect(organization).toHaveAccessibleDescription(USER_MESSAGES.organizationRequired);

    // The server's e-mail check, not only an '@': 'a@b' has no domain to deliver to.
    await user.type(name, 'Cora Clinician');
    await user.type(email, 'cora@example');
    await user.click(create);
    await expect.poll(() => latestToast('error')).toBe(USER_MESSAGES.invalidEmail);
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(USER_MESSAGES.invalidEmail);
    expect(name).not.toHaveAttribute('aria-invalid');

    await user.clear(email);
    await user.type(email, '  Cora@Example.TEST ');
    await user.click(create);
    await expect.poll(() => latestToast('error')).toBe(USER_MESSAGES.organizationRequired);
    expect(organization).toHaveFocus();
    expect(creates(api)).toEqual([]);
  });

  it('sends the parsed request: e-mail trimmed and lowercased, the chosen organisation', async () => {
    const api = renderModal();
    await createCora();

    await expect.poll(() => latestToast('success')).toBe('Clinic user created successfully');
    expect(creates(api).map((call) => call.body)).toEqual([
      {
        name: 'Cora Clinician',
        email: 'cora@example.test',
        role: 'clinic',
        organizationId: CLINIC.id,
      },
    ]);
  });

  it("says 'e-mailed' only once the mail server accepted the invitation", async () => {
    const queuedAt = '2026-01-02T09:00:00.000Z';
    renderModal({
      email: 'cora@example.test',
      approved: false,
      invitation: { status: 'queued', queuedAt, sentAt: null },
    });
    await createCora();
    await expect.poll(() => latestToast('success')).toBe('Clinic user created successfully');
    expect(latestToastDescription('success')).toBe(
      'The invitation is queued and will be e-mailed when the mail server accepts it. The account awaits approval.',
    );
  });

  it('says e-mailed when the mail server accepted it', async () => {
    const at = '2026-01-02T09:00:00.000Z';
    renderModal({
      email: 'cora@example.test',
      invitation: { status: 'sent', queuedAt: at, sentAt: at },
    });
    await createCora();
    await expect
      .poll(() => latestToastDescription('success'))
      .toBe('An invitation was e-mailed to cora@example.test.');
  });

  it('clears the organisation when the role changes to another kind', async () => {
    const api = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    await user.type(within(dialog).getByLabelText('Full name *'), 'Abe Approval');
    await user.type(within(dialog).getByLabelText('Email *'), 'abe@example.test');
    await user.selectOptions(
      within(dialog).getByLabelText('Associated organization *'),
      await within(dialog).findByRole('option', { name: CLINIC.name }),
    );
    await user.click(within(dialog).getByLabelText('Attorney'));
    expect(within(dialog).getByLabelText('Associated organization *')).toHaveValue('');
    // 'an attorney firm', not 'a attorney firm'.
    expect(
      await within(dialog).findByRole('option', { name: 'Select an attorney firm...' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await expect.poll(() => latestToast('error')).toBe(USER_MESSAGES.organizationRequired);
    expect(creates(api)).toEqual([]);
  });

  it('asks an administrator for no organisation', async () => {
    const api = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    await user.type(within(dialog).getByLabelText('Full name *'), 'Ada Admin');
    await user.type(within(dialog).getByLabelText('Email *'), 'ada@example.test');
    await user.click(within(dialog).getByLabelText('Admin'));
    expect(within(dialog).queryByLabelText('Associated organization *')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    await expect.poll(() => latestToast('success')).toBe('Admin user created successfully');
    expect(creates(api).map((call) => call.body)).toEqual([
      { name: 'Ada Admin', email: 'ada@example.test', role: 'admin', organizationId: null },
    ]);
  });
});
