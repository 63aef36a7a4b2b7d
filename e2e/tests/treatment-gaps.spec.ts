import type { Page } from '@playwright/test';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** Writes through the page's own session, as its browser would (same origin). */
async function writeAs(page: Page, method: 'PUT' | 'PATCH', url: string, data: object) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(url, { method, data, headers: { origin } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json() as Promise<{ version?: number; patient?: { version: number } }>;
}

/**
 * Treatment-gap alerts: a patient in active treatment whose last treatment is past the
 * clinic's threshold gets a gap when the check runs (here at once, because the clinic saves its
 * setting); the badge reaches the clinic's and the firm's open dashboards live, and their 'Gaps'
 * filters list it.
 */
test('a treatment gap appears live on the clinic and the firm dashboards', async ({
  pageAs,
  createPatient,
}) => {
  test.slow();
  const fullName = 'Gap Gloria';
  const patientId = await createPatient({ fullName });
  const clinic = await pageAs('clinic');
  const firm = await pageAs('attorney');
  await clinic.goto('/dashboard');
  await firm.goto('/dashboard');
  await expect(clinic.getByRole('heading', { name: 'Clinic Dashboard' })).toBeVisible();
  await expect(firm.getByRole('heading', { name: 'Attorney Firm Dashboard' })).toBeVisible();

  // In treatment, last treated 20 days ago: past Harbor's 14 days, but not checked yet.
  const detail = await clinic.request.get(`/api/patients/${patientId}`);
  const { version } = (await detail.json()) as { version: number };
  const saved = await writeAs(clinic, 'PUT', `/api/patients/${patientId}/demographics`, {
    fullName,
    dob: '1985-06-15',
    intakeDate: daysAgo(30),
    evalDate: daysAgo(28),
    lastTreatmentDate: daysAgo(20),
    pointOfContactName: null,
    pointOfContactPhone: null,
    version,
  });
  await writeAs(clinic, 'PATCH', `/api/patients/${patientId}/status`, {
    treatmentStatus: 'Evaluated',
    version: saved.patient!.version,
  });
  // A card is the patient's list item: its name links to the case, its badges sit beside it.
  const clinicCard = clinic.getByRole('listitem').filter({ hasText: fullName });
  await expect(clinicCard).toBeVisible();
  await expect(clinicCard.getByText('Gap: 20 days')).toHaveCount(0);

  // The clinic saves its threshold: the server checks the gaps again at once.
  const setting = clinic.getByLabel('Flag a patient after this many days without treatment');
  await expect(setting).toHaveValue('14');
  await setting.fill('14');
  await clinic.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(clinic.getByText('Treatment gap alert saved')).toBeVisible();

  // Both dashboards follow live.
  await expect(clinicCard.getByText('Gap: 20 days')).toBeVisible();
  const firmRow = firm.getByRole('row', { name: new RegExp(fullName) });
  await expect(firmRow.getByText('Gap: 20 days')).toBeVisible();

  // The Gaps filter lists gapped patients only, on both dashboards.
  for (const page of [clinic, firm]) {
    await page.getByLabel('Gaps').selectOption({ label: 'With a treatment gap' });
    await expect(page.getByText(fullName)).toBeVisible();
    await expect(page.getByText('Maria Delgado')).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
  await setTheme(firm, 'dark');
  await expect(firm.getByText('Gap: 20 days').first()).toBeVisible();
  await expectNoAxeViolations(firm);

  // The patient page's header carries the badge too.
  await clinic.goto(`/patients/${patientId}`);
  await expect(clinic.getByRole('heading', { name: fullName })).toBeVisible();
  await expect(clinic.getByText('Gap: 20 days')).toBeVisible();
  await expectNoAxeViolations(clinic);
});
