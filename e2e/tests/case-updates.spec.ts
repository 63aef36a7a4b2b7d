import { expect, test } from '../fixtures/test.ts';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';

/** Backdates the patient's intake through the clinic's own session, as its browser would. */
async function backdateIntake(page: Page, patientId: string, fullName: string, days: number) {
  const origin = new URL(page.url()).origin;
  const intake = new Date();
  intake.setUTCDate(intake.getUTCDate() - days);
  const detail = await page.request.get(`/api/patients/${patientId}`);
  const { version } = (await detail.json()) as { version: number };
  const response = await page.request.fetch(`/api/patients/${patientId}/demographics`, {
    method: 'PUT',
    headers: { origin },
    data: {
      fullName,
      dob: '1985-06-15',
      intakeDate: intake.toISOString().slice(0, 10),
      evalDate: null,
      lastTreatmentDate: null,
      pointOfContactName: null,
      pointOfContactPhone: null,
      version,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Case updates owed: a patient treated for 90 days without a word from the firm is overdue on
 * both sides; the clinic asks for an update with one click, the firm sees the ask and posts a
 * note, and the ask and the overdue badge clear on the clinic's open page without a reload. Axe
 * runs on both pages in both themes, and on the firm's list at phone width, where the case
 * column's badges stay inside their column.
 */
test('the clinic asks for an update, the firm posts a note, the ask clears on both sides', async ({
  pageAs,
  createPatient,
}) => {
  test.slow();
  const fullName = `Update Ursula ${Date.now()}`;
  const patientId = await createPatient({ fullName });
  const clinic = await pageAs('clinic');
  const firm = await pageAs('attorney');
  await clinic.goto('/dashboard');
  await backdateIntake(clinic, patientId, fullName, 90);

  // The firm's dashboard: the overdue count and the badge on the patient's row.
  await firm.goto('/dashboard');
  await expect(firm.getByRole('status').filter({ hasText: 'Update overdue:' })).toBeVisible();
  const row = firm.getByRole('row', { name: new RegExp(fullName) });
  await expect(row).toContainText('Intake');
  await expect(row).toContainText('Update overdue');
  await expectNoAxeViolations(firm);

  await clinic.goto(`/patients/${patientId}?tab=case`);
  const clinicUpdates = clinic.getByRole('region', { name: 'Case updates' });
  await expect(clinicUpdates).toContainText('Update overdue');
  await expect(clinicUpdates.getByLabel('Case update')).toHaveCount(0);
  await clinicUpdates.getByRole('button', { name: 'Ask for an update' }).click();
  await expect(clinic.getByText('Update requested from the firm')).toBeVisible();
  await expect(clinicUpdates).toContainText(/Update requested \w{3} \d{1,2}, \d{4}/);
  await expect(clinicUpdates.getByRole('button', { name: 'Ask for an update' })).toHaveCount(0);
  await expectNoAxeViolations(clinic);
  await setTheme(clinic, 'dark');
  await expectNoAxeViolations(clinic);

  await firm.goto(`/patients/${patientId}?tab=case`);
  await setTheme(firm, 'dark');
  const firmUpdates = firm.getByRole('region', { name: 'Case updates' });
  await expect(firmUpdates).toContainText('Harbor Physical Therapy asked for an update');
  await firmUpdates.getByLabel('Case update').fill('Demand package sent to the carrier today.');
  await expectNoAxeViolations(firm);
  await firmUpdates.getByRole('button', { name: 'Post update' }).click();
  await expect(firm.getByText('Case update posted')).toBeVisible();
  await expect(firmUpdates).not.toContainText('asked for an update');
  await expect(firmUpdates).toContainText('Demand package sent to the carrier today.');
  await expect(firmUpdates).not.toContainText('Update overdue');

  // No reload: case-updates.changed made the clinic's query stale and it refetched.
  await expect(clinicUpdates).toContainText('Demand package sent to the carrier today.');
  await expect(clinicUpdates).not.toContainText('Update requested');
  await expect(clinicUpdates).not.toContainText('Update overdue');
  await expect(clinicUpdates.getByRole('button', { name: 'Ask for an update' })).toBeVisible();
  await setTheme(clinic, 'light');
  await expectNoAxeViolations(clinic);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the case column's badges stay inside their column, in both themes", async ({ pageAs }) => {
    const firm = await pageAs('attorney');
    // Found by name: patients other specs add to the firm come first in its list.
    await firm.goto('/dashboard/firm?q=Grace%20Kim');
    const overdue = firm.getByRole('row', { name: /Grace Kim/ });
    await expect(overdue).toContainText('Update overdue');
    const [, caseCell] = await overdue.getByRole('cell').all();
    const cell = await caseCell!.boundingBox();
    for (const badge of await caseCell!.locator('[data-color]').all()) {
      const box = await badge.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(cell!.x + cell!.width + 0.5);
    }
    await expectNoAxeViolations(firm);
    await setTheme(firm, 'dark');
    await expectNoAxeViolations(firm);
  });
});
