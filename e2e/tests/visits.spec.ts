import type { Page } from '@playwright/test';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Visits: the clinic books and records a new patient's visits on the patient page (attended
 * moves the last treatment date, a no-show shows on the firm's open, read-only tab without a
 * reload), and marks a day's sign-in sheet on its Visits page on a phone; axe passes in both
 * themes.
 */

/** Books a visit through the API as the page's user (the clinic), for the day page's rows. */
async function bookVisit(page: Page, patientId: string, day: string, time: string) {
  const response = await page.request.post(`/api/patients/${patientId}/visits`, {
    data: { date: day, time, type: 'therapy' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('the clinic records visits and the firm sees a no-show live', async ({
  pageAs,
  createPatient,
}) => {
  const patientId = await createPatient({ fullName: `Visit Vera ${Date.now()}` });
  const clinic = await pageAs('clinic');
  const firm = await pageAs('attorney');
  await firm.goto(`/patients/${patientId}?tab=visits`);
  await setTheme(firm, 'dark');
  const firmList = firm.getByRole('region', { name: 'Visits' });
  await expect(firmList).toContainText('No visits yet.');
  await expect(firm.getByRole('region', { name: 'Schedule a visit' })).toHaveCount(0);

  await clinic.goto(`/patients/${patientId}`);
  await clinic.getByRole('tab', { name: 'Visits' }).click();
  await expect(clinic).toHaveURL(/\?tab=visits$/);
  const form = clinic.getByRole('region', { name: 'Schedule a visit' });
  const day = await form.getByLabel(/^Date/).inputValue();
  await form.getByLabel(/^Time/).fill('09:15');
  await form.getByLabel(/^Type/).selectOption('initial_evaluation');
  await expectNoAxeViolations(clinic);
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(clinic.getByText('Visit scheduled')).toBeVisible();
  await clinic.getByRole('button', { name: `Attended: Initial evaluation, ${day} 09:15` }).click();
  await expect(clinic.getByText('Visit recorded')).toBeVisible();
  const patient = await firm.request.get(`/api/patients/${patientId}`);
  expect(((await patient.json()) as { lastTreatmentDate: string }).lastTreatmentDate).toBe(day);

  await form.getByLabel(/^Time/).fill('16:30');
  await form.getByLabel(/^Type/).selectOption('therapy');
  await form.getByRole('button', { name: 'Schedule' }).click();
  await clinic.getByRole('button', { name: `No-show: Therapy, ${day} 16:30` }).click();
  await expect(clinic.getByRole('region', { name: 'Visits' })).toContainText('No-show');

  // No reload: visit.changed made the firm's list stale and it refetched.
  await expect(firmList.getByRole('listitem')).toHaveCount(2);
  await expect(firmList).toContainText('No-show');
  await expect(firmList).toContainText('Attended');
  await expect(firmList.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(firm);
});

test('the clinic marks a day’s sign-in sheet at once on a phone', async ({
  pageAs,
  createPatient,
}) => {
  const stamp = Date.now();
  const first = await createPatient({ fullName: `Sheet Sam ${stamp}` });
  const second = await createPatient({ fullName: `Sheet Tia ${stamp}` });
  const clinic = await pageAs('clinic');
  await clinic.setViewportSize({ width: 375, height: 812 });
  await clinic.goto('/visits');
  const day = await clinic.getByLabel('Day').inputValue();
  await bookVisit(clinic, first, day, '06:05');
  await bookVisit(clinic, second, day, '06:10');
  await clinic.reload();

  await expect(clinic.getByRole('link', { name: `Sheet Sam ${stamp}` })).toBeVisible();
  await clinic.getByLabel(`Select Sheet Sam ${stamp}`).check();
  await clinic.getByLabel(`Select Sheet Tia ${stamp}`).check();
  await clinic.getByRole('button', { name: 'Mark selected attended' }).click();
  await clinic.getByLabel(`Sign-in for Sheet Tia ${stamp}`).selectOption('no_show');
  await expect(clinic.getByText('2 marked')).toBeVisible();
  await expectNoAxeViolations(clinic);
  await clinic.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(clinic.getByText('2 visits recorded')).toBeVisible();
  const rows = clinic.getByRole('list', { name: 'Visits' });
  await expect(rows.getByRole('listitem').filter({ hasText: `Sheet Sam ${stamp}` })).toContainText(
    'Attended',
  );
  await expect(rows.getByRole('listitem').filter({ hasText: `Sheet Tia ${stamp}` })).toContainText(
    'No-show',
  );
  await setTheme(clinic, 'dark');
  await expectNoAxeViolations(clinic);
});
