import { ORGANIZATION_MESSAGES } from '@casebridge/domain/organizations/organization-admin.schemas';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatClockTime } from '#src/lib/format.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { fakeVersionedRecord } from '#src/test/versioned-record.ts';
import { DirectoryView } from './directory-view.tsx';

const MEDLIEN: TOrganization = {
  id: '44444444-4444-4444-8444-444444444444',
  kind: 'lienholder',
  name: 'MedLien',
  slug: 'MedLien',
  description: null,
  phone: '555-0100',
  email: null,
  address: null,
  specialties: [],
  practiceAreas: [],
  lienholderType: 'Funding',
  version: 2,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedByName: null,
};

/** The directory over a fake server that checks If-Match, with MedLien's edit open. */
async function openEdit() {
  const record = fakeVersionedRecord(MEDLIEN);
  const { api } = renderWithProviders(<DirectoryView canManage />, {
    session: signedInAs('admin'),
    api: {
      'GET /organizations': () => ({ items: [record.current] }),
      'PATCH /organizations/:id': (request) => record.write(request),
    },
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: /Lienholders/ }));
  await user.click(await screen.findByRole('button', { name: 'Edit MedLien' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Lienholder' });
  const writes = () =>
    api.calls
      .filter((call) => call.method === 'PATCH')
      .map(({ path, body, headers }) => ({ path, body, ifMatch: headers['if-match'] }));
  return { record, user, dialog, writes };
}

describe('EditOrganizationModal', () => {
  it('edits an organisation from its version, without sending its kind', async () => {
    const { record, user, dialog, writes } = await openEdit();
    expect(within(dialog).queryByLabelText('Type')).toBeNull();
    const type = within(dialog).getByLabelText('Lienholder type');
    await user.clear(type);
    await user.type(type, 'Servicer');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await expect.poll(() => latestToast('success')).toBe(ORGANIZATION_MESSAGES.updated);
    expect(writes()).toEqual([
      {
        path: `/organizations/${MEDLIEN.id}`,
        body: {
          name: 'MedLien',
          description: null,
          phone: '555-0100',
          email: null,
          address: null,
          specialties: [],
          practiceAreas: [],
          lienholderType: 'Servicer',
        },
        ifMatch: '"2"',
      },
    ]);
    expect(record.current).toMatchObject({ lienholderType: 'Servicer', version: 3 });
  });

  it('shows a stale save in place and keeps the typed values', async () => {
    const { record, user, dialog, writes } = await openEdit();
    await user.type(within(dialog).getByLabelText('Email'), 'claims@medlien.example');
    const at = '2026-01-02T09:30:00.000Z';
    record.changeBy('Dana Ruiz', { phone: '555-0199' }, at);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(`Not saved: Changed by Dana Ruiz at ${formatClockTime(at)}`);
    expect(within(notice).getByRole('row', { name: /Phone/ })).toHaveTextContent(
      'Phone555-0199555-0100',
    );
    expect(within(dialog).getByLabelText('Email')).toHaveValue('claims@medlien.example');
    expect(record.current).toMatchObject({ email: null, version: 3 });
    expect(writes().map((write) => write.ifMatch)).toEqual(['"2"']);
  });
});
