import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

/**
 * A record people can trust: typed values survive someone else's change, leaving a
 * dirty form asks, a stale save shows the conflict in place, and a status change is deliberate
 * and can be undone before anyone is told.
 */

async function changeStatusThroughUi(page: Page, status: string) {
  await page.getByRole('button', { name: 'Edit status' }).click();
  await page.getByLabel('Treatment status').selectOption(status);
  await page.getByRole('button', { name: 'Save status' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Change treatment status?' });
  await expect(dialog).toContainText(`to ${status}?`);
  await dialog.getByRole('button', { name: 'Change status' }).click();
}

test('typed demographics survive a status change made in another browser', async ({
  pageAs,
  createPatient,
}) => {
  const patientId = await createPatient({ fullName: 'Survivor Sam' });
  const coordinator = await pageAs('clinic');
  const colleague = await pageAs('admin');
  await coordinator.goto(`/patients/${patientId}?tab=demographics`);
  await coordinator.getByLabel('Best Point of Contact Name').fill('Marta Reyes');
  await coordinator.getByLabel('Best Point of Contact Phone').fill('555-0142');

  await colleague.goto(`/patients/${patientId}`);
  await changeStatusThroughUi(colleague, 'Evaluated');
  await expect(colleague.getByText('Patient updated successfully')).toBeVisible();

  // The coordinator's page follows the change live and keeps what was typed.
  await expect(coordinator.getByText('Evaluated', { exact: true }).first()).toBeVisible();
  await expect(coordinator.getByText(/Changed by Avery Admin at \d\d:\d\d —/)).toBeVisible();
  await expect(coordinator.getByLabel('Best Point of Contact Name')).toHaveValue('Marta Reyes');
  await expect(coordinator.getByLabel('Best Point of Contact Phone')).toHaveValue('555-0142');

  // Their save was made from the older version: refused in place, then kept on top.
  await coordinator.getByRole('button', { name: 'Save Changes' }).click();
  await coordinator.getByRole('button', { name: 'No, just save' }).click();
  await expect(coordinator.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible();
  await coordinator.getByRole('button', { name: 'Keep my changes on top' }).click();
  await coordinator.getByRole('button', { name: 'Save Changes' }).click();
  await coordinator.getByRole('button', { name: 'No, just save' }).click();
  await expect(coordinator.getByText('Patient demographics updated successfully')).toBeVisible();
  await coordinator.reload();
  await expect(coordinator.getByLabel('Best Point of Contact Name')).toHaveValue('Marta Reyes');
});

test('leaving a dirty form asks first, by tab and by link', async ({ pageAs, createPatient }) => {
  const patientId = await createPatient({ fullName: 'Leaving Lou' });
  const page = await pageAs('clinic');
  await page.goto(`/patients/${patientId}?tab=demographics`);
  await page.getByLabel('Best Point of Contact Name').fill('Unsaved Name');

  await page.getByRole('tab', { name: 'Messages' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByLabel('Best Point of Contact Name')).toHaveValue('Unsaved Name');

  await page.getByRole('link', { name: 'Directory' }).first().click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/directory/);

  // Leaving the app (a reload, another site, closing the tab) is refused by a beforeunload
  // handler, which makes the browser ask. Debian's Chromium 156.0.8078.79 shows no dialog to
  // Playwright for the app's page however it is left, so the handler is asked directly: it
  // refuses while the form is dirty, and lets go once the change is saved.
  const refusesToUnload = () =>
    page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  await page.goto(`/patients/${patientId}?tab=demographics`);
  await page.getByLabel('Best Point of Contact Name').fill('Unsaved again');
  await expect.poll(refusesToUnload).toBe(true);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('button', { name: 'No, just save' }).click();
  await expect(page.getByText('Patient demographics updated successfully')).toBeVisible();
  await expect.poll(refusesToUnload).toBe(false);
});

test('the status control needs a confirm and offers Undo that notifies nobody', async ({
  pageAs,
  createPatient,
}) => {
  const patientId = await createPatient({ fullName: 'Undo Uma' });
  const clinic = await pageAs('clinic');
  const firm = await pageAs('attorney');
  await firm.goto('/notifications');
  await clinic.goto(`/patients/${patientId}`);

  // Choosing and Save alone change nothing: the dialog names the change.
  await clinic.getByRole('button', { name: 'Edit status' }).click();
  await clinic.getByLabel('Treatment status').selectOption('Discharged');
  await clinic.getByRole('button', { name: 'Save status' }).click();
  await clinic.getByRole('button', { name: 'Keep Referred' }).click();
  await expect(clinic.getByLabel('Treatment status')).toBeVisible();

  await clinic.getByRole('button', { name: 'Save status' }).click();
  await clinic.getByRole('button', { name: 'Change status' }).click();
  await expect(clinic.getByText('Patient updated successfully')).toBeVisible();
  await clinic.getByRole('button', { name: 'Undo' }).click();
  await expect(clinic.getByText('Status change undone')).toBeVisible();
  await expect(clinic.getByText('Referred', { exact: true }).first()).toBeVisible();

  // A change made after the undo and kept reaches the firm once its own window closes; the
  // release job sends held changes in the order their windows close, so by then Undo Uma's
  // window is long past, and the firm has heard nothing about her.
  const sentinelId = await createPatient({ fullName: 'Kept Kim' });
  const read = await clinic.request.get(`/api/patients/${sentinelId}`);
  const kept = await clinic.request.patch(`/api/patients/${sentinelId}/status`, {
    data: { treatmentStatus: 'Discharged' },
    headers: { 'if-match': read.headers().etag! },
  });
  expect(kept.status()).toBe(200);
  await expect(async () => {
    await firm.reload();
    await expect(firm.getByText(/Treatment status of Kept Kim/).first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(firm.getByText(/Treatment status of Undo Uma/)).toHaveCount(0);
});
