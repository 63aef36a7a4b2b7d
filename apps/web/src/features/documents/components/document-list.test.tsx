import type { TDocument } from '@casebridge/domain/documents/document.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import type { Role } from '@casebridge/domain/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, type FakeRequest, type FakeRoutes } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { DocumentList } from './document-list.tsx';

const patient = {
  id: '11111111-1111-4111-8111-111111111111',
  fullName: 'Maria Delgado',
  treatmentStatus: 'Referred',
} as TPatientDetail;

const MRI: TDocument = {
  id: '55555555-5555-4555-8555-555555555555',
  patientId: patient.id,
  fileName: 'mri-2026-03.pdf',
  category: 'MRI',
  mimeType: 'application/pdf',
  sizeBytes: 2048,
  uploadedByName: 'Casey Harbor',
  createdAt: '2026-03-02T10:00:00.000Z',
  isPreviewable: true,
  version: 3,
  updatedAt: '2026-03-02T10:00:00.000Z',
  updatedByName: null,
};

function renderList(role: Role, routes: FakeRoutes = {}) {
  return renderWithProviders(<DocumentList patient={patient} />, {
    session: signedInAs(role),
    api: { 'GET /patients/:id/documents': { items: [MRI] }, ...routes },
  });
}

/** Opens Change category for the MRI, picks Intake and saves; returns the dialog. */
async function moveToIntake(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole('button', { name: 'Change category of mri-2026-03.pdf' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Change Category' });
  await user.selectOptions(within(dialog).getByLabelText('Category'), 'Intake');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  return dialog;
}

describe('DocumentList corrections', () => {
  it('offers Change category and Remove to the uploading roles only', async () => {
    renderList('attorney');
    expect(await screen.findByText('mri-2026-03.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove mri-2026-03.pdf' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change category of mri-2026-03.pdf' })).toBeNull();
  });

  it('removes only after a dialog that names the file and takes a reason', async () => {
    const user = userEvent.setup();
    const removals: FakeRequest[] = [];
    renderList('clinic', {
      'POST /documents/:id/remove': (request: FakeRequest) => {
        removals.push(request);
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove mri-2026-03.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove "mri-2026-03.pdf"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(removals).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Uploaded to the wrong patient');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expect.poll(() => latestToast('success')).toBe('Removed: mri-2026-03.pdf');
    expect(removals).toHaveLength(1);
    expect(removals[0]).toMatchObject({
      params: { id: MRI.id },
      body: { reason: 'Uploaded to the wrong patient' },
      headers: { 'if-match': '"3"' },
    });
  });

  it('Cancel removes nothing', async () => {
    const user = userEvent.setup();
    const { api } = renderList('admin');
    await user.click(await screen.findByRole('button', { name: 'Remove mri-2026-03.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove "mri-2026-03.pdf"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('files the document under the chosen category from the version shown', async () => {
    const user = userEvent.setup();
    const changes: FakeRequest[] = [];
    renderList('clinic', {
      'PATCH /documents/:id/category': (request: FakeRequest) => {
        changes.push(request);
        return { ...MRI, category: 'Intake', version: 4, updatedByName: 'Casey Harbor' };
      },
    });
    await moveToIntake(user);
    await expect.poll(() => latestToast('success')).toBe('Moved mri-2026-03.pdf to Intake');
    expect(changes[0]).toMatchObject({
      body: { category: 'Intake' },
      headers: { 'if-match': '"3"' },
    });
  });

  it('shows who changed the document when the save was made from an older version', async () => {
    const user = userEvent.setup();
    const current = {
      ...MRI,
      category: 'Billing',
      version: 4,
      updatedAt: '2026-03-02T14:02:00.000Z',
      updatedByName: 'Dana Ruiz',
    };
    renderList('clinic', {
      'PATCH /documents/:id/category': json(
        { error: { code: 'CONFLICT', message: 'Someone else changed this record' }, current },
        409,
      ),
    });
    const dialog = await moveToIntake(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Not saved: Changed by Dana Ruiz/,
    );
  });

  it('says why a removal failed', async () => {
    const user = userEvent.setup();
    renderList('clinic', {
      'POST /documents/:id/remove': apiError(404, 'NOT_FOUND', 'Not found'),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove mri-2026-03.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove "mri-2026-03.pdf"?' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expect.poll(() => latestToast('error')).toBe('Not found');
  });
});
