import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

/** Changes the open patient's status through the form, confirmed, and waits for the toast. */
async function changeStatus(page: Page, status: string) {
  await page.getByRole('button', { name: 'Edit status' }).click();
  await page.getByLabel('Treatment status').selectOption(status);
  await page.getByRole('button', { name: 'Save status' }).click();
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByText('Patient updated successfully')).toBeVisible();
}

/**
 * Per-request overhead (docs/requirements/added-requirements.md): the tab that changes a record
 * keeps what the answer gave it and does not fetch the record again when its own live event comes back (that fetch was also
 * a second audited read); another user's tab does fetch it.
 */
test('a status change is not fetched again by the tab that made it', async ({
  pageAs,
  createPatient,
}) => {
  const patientId = await createPatient({ fullName: 'Echo Evan' });
  const detailPath = `/api/patients/${patientId}`;
  const clinic = await pageAs('clinic');
  const firm = await pageAs('attorney');
  await clinic.goto(`/patients/${patientId}`);
  await firm.goto(`/patients/${patientId}`);
  await expect(clinic.getByRole('heading', { name: 'Echo Evan' })).toBeVisible();
  await expect(firm.getByRole('heading', { name: 'Echo Evan' })).toBeVisible();

  const readsOf = (page: typeof clinic) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === detailPath)
        reads.push(request.url());
    });
    return reads;
  };
  const clinicReads = readsOf(clinic);
  const firmReads = readsOf(firm);

  await changeStatus(clinic, 'Evaluated');

  // The event reached the firm's tab (it refetched and shows the change) ...
  await expect(firm.getByText('Evaluated', { exact: true }).first()).toBeVisible();
  await expect.poll(() => firmReads.length).toBeGreaterThan(0);
  // ... and the clinic's own streams just as fast; its tab shows the change without a fetch.
  await clinic.waitForTimeout(1_500);
  await expect(clinic.getByText('Evaluated', { exact: true }).first()).toBeVisible();
  expect(clinicReads).toEqual([]);
});

/**
 * A change to one patient is not a reason to read another: the tab open on a different patient
 * keeps its record (each such read is audited), while what the change does concern is refetched.
 */
test("another patient's change does not refetch the patient on screen", async ({
  pageAs,
  createPatient,
}) => {
  const shownId = await createPatient({ fullName: 'Steady Stella' });
  const changedId = await createPatient({ fullName: 'Moving Milo' });
  const firm = await pageAs('attorney');
  const clinic = await pageAs('clinic');
  await firm.goto(`/patients/${shownId}`);
  await clinic.goto(`/patients/${changedId}`);
  await expect(firm.getByRole('heading', { name: 'Steady Stella' })).toBeVisible();
  await expect(clinic.getByRole('heading', { name: 'Moving Milo' })).toBeVisible();
  const reads: string[] = [];
  firm.on('request', (request) => {
    if (request.method() === 'GET') reads.push(new URL(request.url()).pathname);
  });

  await changeStatus(clinic, 'Evaluated');

  // The event reached the firm's tab: its notifications, which a patient change concerns, are
  // read again ...
  await expect.poll(() => reads.some((path) => path.startsWith('/api/notifications'))).toBe(true);
  // ... but the record on screen is another patient's, so it is not.
  expect(reads).not.toContain(`/api/patients/${shownId}`);
});
