import { ORGANIZATION_MESSAGES } from '@casebridge/domain/organizations/organization-admin.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { getToasts, latestToast } from '#src/test/toasts.ts';
import { AddOrganizationModal } from './add-organization-modal.tsx';

const CLINIC_ID = '11111111-1111-4111-8111-111111111111';

function renderModal() {
  return renderWithProviders(<AddOrganizationModal kind="clinic" onClose={() => undefined} />, {
    session: signedInAs('admin'),
    api: {
      'POST /organizations': ({ body }) => json({ ...(body as object), id: CLINIC_ID }, 201),
    },
  }).api;
}

const writes = (api: ReturnType<typeof renderModal>) =>
  api.calls.filter((call) => call.method !== 'GET');

describe('AddOrganizationModal', () => {
  it('shows the name and e-mail errors at their fields, focuses the first and sends nothing', async () => {
    const api = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add Organization' });
    const name = within(dialog).getByLabelText('Name *');
    const email = within(dialog).getByLabelText('Email');
    // The server's e-mail check, not only an '@'.
    await user.type(email, 'front@desk');
    await user.click(within(dialog).getByRole('button', { name: 'Add Organization' }));

    expect(await within(dialog).findByText(ORGANIZATION_MESSAGES.nameRequired)).toBeVisible();
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(ORGANIZATION_MESSAGES.invalidEmail);
    expect(getToasts('error')).toEqual([]);
    expect(writes(api)).toEqual([]);
  });

  it("sends a new organisation with its kind's labels as a list", async () => {
    const api = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add Organization' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'firm');
    await user.type(within(dialog).getByLabelText('Name *'), ' Summit Law ');
    await user.type(within(dialog).getByLabelText('Email'), ' Hello@Summit.Example ');
    await user.type(within(dialog).getByLabelText('Practice areas'), 'Injury, Auto, ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Organization' }));

    await expect.poll(() => latestToast('success')).toBe(ORGANIZATION_MESSAGES.created);
    expect(writes(api).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/organizations',
        body: {
          kind: 'firm',
          name: 'Summit Law',
          description: null,
          phone: null,
          email: 'hello@summit.example',
          address: null,
          specialties: [],
          practiceAreas: ['Injury', 'Auto'],
          lienholderType: null,
        },
      },
    ]);
  });
});
