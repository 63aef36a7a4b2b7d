import type { Page } from '@playwright/test';
import { signIn } from '../fixtures/auth.ts';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';
import { expect, test } from '../fixtures/test.ts';

/** Opens a patient by name; other specs add patients, so it may not be on the first page. */
async function openPatientByName(page: Page, name: string) {
  // The page's own request context: its cookies, even before the page has opened the app.
  const response = await page.request.get(`/api/patients?search=${encodeURIComponent(name)}`);
  const body = (await response.json()) as { items: Array<{ id: string; fullName: string }> };
  const id = body.items.find((item) => item.fullName === name)?.id;
  expect(id, `${name} is visible to this user`).toBeTruthy();
  await page.goto(`/patients/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('clinic creates a patient, seeing each validation message in order', async ({ pageAs }) => {
  const page = await pageAs('clinic');
  await page.goto('/dashboard/clinic');
  await page.getByRole('link', { name: 'Add Patient' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Patient' })).toBeVisible();
  // Defaults: the user's clinic, no firm (the user chooses one), today's intake date.
  const chosenClinics = page.getByRole('list', { name: 'Chosen clinics' }).getByRole('listitem');
  await expect(chosenClinics).toHaveText(['Harbor Physical Therapy your clinic']);
  await expect(page.getByLabel('Attorney Firm')).toHaveValue('');
  await expect(page.getByLabel('Intake Date')).not.toHaveValue('');

  const create = page.getByRole('button', { name: 'Create Patient' });
  await create.click();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Patient name is required' }),
  ).toBeVisible();
  await page.getByLabel('Full Name').fill('  Validation Vera  ');
  await create.click();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Date of birth is required' }),
  ).toBeVisible();
  await page.getByLabel('Date of Birth').fill('1990-02-03');

  // The clinic picker: the user's own clinic stays whatever is clicked; others come and go.
  const clinics = page.getByRole('combobox', { name: 'Assigned Clinics' });
  const clinicOptions = page.getByRole('listbox', { name: 'Clinics' }).getByRole('option');
  const ownClinic = clinicOptions.filter({ hasText: 'Harbor Physical Therapy' });
  // It is marked disabled, so Playwright would wait; a user can click it all the same.
  await ownClinic.click({ force: true });
  await expect(ownClinic).toHaveAttribute('aria-selected', 'true');
  await expect(clinics).toHaveAccessibleDescription(/Your clinic is always assigned/);
  await clinics.fill('summit');
  await expect(clinicOptions).toHaveText(['Summit Spine & Pain Center']);
  await clinics.press('Enter');
  await expect(chosenClinics).toHaveText([
    'Harbor Physical Therapy your clinic',
    'Summit Spine & Pain Center',
  ]);
  await page.getByRole('button', { name: 'Remove Summit Spine & Pain Center' }).click();
  await expect(chosenClinics).toHaveText(['Harbor Physical Therapy your clinic']);
  await clinics.press('Escape');
  await expect(clinics).toHaveValue('');

  await create.click();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Please select an attorney firm' }),
  ).toBeVisible();
  await page.getByLabel('Attorney Firm').selectOption({ label: 'Castillo Legal Group' });
  await create.click();
  await expect(page.getByText('Patient created successfully')).toBeVisible();
  await expectControlNotCovered(page, page.getByRole('button', { name: 'Edit status' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Validation Vera' })).toBeVisible();
  await expect(page.getByText('Referred', { exact: true })).toBeVisible();
});

test('an admin must pick a clinic, by keyboard in the searchable picker', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/add-patient');
  await page.getByLabel('Full Name').fill('Picker Pia');
  await page.getByLabel('Date of Birth').fill('1991-03-04');
  await page.getByRole('button', { name: 'Create Patient' }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Please select at least one clinic' }),
  ).toBeVisible();
  const clinics = page.getByRole('combobox', { name: 'Assigned Clinics' });
  await expect(clinics).toBeFocused();
  await clinics.press('ArrowDown');
  await clinics.press('Space');
  const chosen = page.getByRole('list', { name: 'Chosen clinics' }).getByRole('listitem');
  await expect(chosen).toHaveCount(1);
  await expect(
    page.getByRole('listbox', { name: 'Clinics' }).getByRole('option', { selected: true }),
  ).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(1);
});

test('a status and demographics change by the clinic appears live in the firm’s browser', async ({
  pageAs,
  createPatient,
}) => {
  const clinic = await pageAs('clinic');
  const firm = await pageAs('attorney');
  const patientId = await createPatient({ fullName: 'Live Update Lena', lienholders: [] });
  const patientUrl = `/patients/${patientId}`;
  await clinic.goto(patientUrl);
  await expect(clinic.getByRole('heading', { level: 1, name: 'Live Update Lena' })).toBeVisible();

  await firm.goto(patientUrl);
  await expect(firm.getByRole('heading', { level: 1, name: 'Live Update Lena' })).toBeVisible();
  await expect(firm.getByRole('button', { name: 'Edit status' })).toHaveCount(0);

  await clinic.getByRole('button', { name: 'Edit status' }).click();
  await clinic.getByLabel('Treatment status').selectOption('Referred for PT');
  // Choosing is not saving: the firm still sees the old status until Save.
  await expect(firm.locator('[aria-current="step"]')).not.toContainText('Referred for PT');
  await clinic.getByRole('button', { name: 'Save status' }).click();
  // Saving asks to confirm the change it names: still nothing changed for the firm.
  await expect(firm.locator('[aria-current="step"]')).not.toContainText('Referred for PT');
  await clinic.getByRole('button', { name: 'Change status' }).click();
  await expect(clinic.getByText('Patient updated successfully')).toBeVisible();
  await expect(clinic.getByLabel('Treatment status')).toHaveCount(0);
  // The toast once sat over the badge and the pencil just used.
  await expectControlNotCovered(clinic, clinic.getByRole('button', { name: 'Edit status' }));
  // The firm's page updates without a reload.
  await expect(firm.getByText('Referred for PT', { exact: true }).first()).toBeVisible();
  await expect(firm.locator('[aria-current="step"]')).toContainText('Referred for PT');

  await clinic.getByRole('tab', { name: 'Demographics' }).click();
  await clinic.getByLabel('Best Point of Contact Name').fill('Marta Reyes');
  await clinic.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    clinic.getByText('Would you like to notify the other assigned clinics or firm of this update?'),
  ).toBeVisible();
  await clinic.getByRole('button', { name: 'Yes, notify' }).click();
  await expect(clinic.getByText('Patient demographics updated successfully')).toBeVisible();
  await expect(clinic.getByText('Notifications sent to relevant parties')).toBeVisible();
  await expectControlNotCovered(clinic, clinic.getByRole('button', { name: 'Save Changes' }));

  await firm.getByRole('tab', { name: 'Demographics' }).click();
  await expect(firm.getByText('Marta Reyes')).toBeVisible();
  await expect(firm).toHaveURL(/tab=demographics/);
});

test('attorney sees read-only demographics', async ({ pageAs }) => {
  const page = await pageAs('attorney');
  await openPatientByName(page, 'James Whitfield');
  await page.getByRole('tab', { name: 'Demographics' }).click();
  await expect(
    page.getByText('Read-only: only the treating clinic or an administrator can edit.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
});

test("clinic2 opening clinic's patient gets no data", async ({ page }) => {
  await signIn(page, 'clinic');
  await openPatientByName(page, 'Maria Delgado');
  const patientUrl = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, 'clinic2');
  const responses: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes(patientUrl.replace('/patients/', '/api/patients/')))
      responses.push(response.status());
  });
  await page.goto(patientUrl);
  await expect(page.getByRole('heading', { name: 'Patient not found' })).toBeVisible();
  await expect(page.getByText('Maria Delgado')).toHaveCount(0);
  expect(responses.length).toBeGreaterThan(0);
  expect(responses.every((status) => status === 404)).toBe(true);
});

test('clinic dashboard search, filter, sort and counters agree with the data', async ({
  pageAs,
}) => {
  const page = await pageAs('clinic');
  await page.goto('/dashboard/clinic');
  const stats = await page.evaluate(async () => (await fetch('/api/patients/stats')).json());
  const discharged = stats.byStatus.Discharged as number;
  await expect(page.getByLabel(`Total Patients: ${stats.total}`)).toBeVisible();
  await expect(page.getByLabel(`Discharged: ${discharged}`)).toBeVisible();
  await expect(page.getByLabel(`Active Patients: ${stats.total - discharged}`)).toBeVisible();
  await expect(page.getByLabel(`Pending Evals: ${stats.byStatus.Referred}`)).toBeVisible();

  const cards = page.getByRole('region', { name: 'Patients' }).getByRole('listitem');
  await page.getByLabel('Search patients by name').fill('whit');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('James Whitfield');
  await page.getByLabel('Search patients by name').fill('');

  await page.getByLabel('Filter by status').selectOption('Discharged');
  await expect(cards).toHaveCount(Math.min(discharged, 24));
  for (const card of await cards.all()) await expect(card).toContainText('Discharged');
  await page.getByLabel('Filter by status').selectOption('');

  const firstByName = await page.evaluate(async () => {
    const response = await fetch('/api/patients?sort=name&limit=1');
    return (
      ((await response.json()) as { items: Array<{ fullName: string }> }).items[0]?.fullName ?? ''
    );
  });
  await page.getByLabel('Sort by').selectOption('name');
  await expect(cards.first()).toContainText(firstByName);
  // The previous order can share its first card with the new one: wait for the whole list.
  await expect
    .poll(async () => {
      const names = await cards.getByRole('heading', { level: 2 }).allTextContents();
      return names.join('|') === names.toSorted((a, b) => a.localeCompare(b)).join('|');
    })
    .toBe(true);
});

test('firm dashboard shows the first 10 client cases with View Case links and pages', async ({
  pageAs,
}) => {
  const page = await pageAs('attorney');
  await page.goto('/dashboard/firm');
  const table = page.getByRole('table', { name: 'Client Cases' });
  await expect(table.getByRole('link', { name: /^View Case/ })).toHaveCount(10);
  const pager = page.getByRole('navigation', { name: 'Client case pages' });
  await expect(pager).toContainText(/^1–10 of \d+/);
  await page.getByRole('button', { name: 'Next' }).click();
  // Keyset pages: the second page, and Previous back to the first.
  await expect(pager).toContainText(/^11–\d+ of \d+/);
  await expect(table.getByRole('link', { name: /^View Case/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText(/^1–10 of \d+/);
  await expect(table.getByRole('link', { name: /^View Case/ })).toHaveCount(10);
});

for (const theme of ['light', 'dark'] as const) {
  test(`patient pages have no axe violations in the ${theme} theme`, async ({ pageAs }) => {
    // Four pages and four full axe scans: more than one ordinary test's 30 s on a busy machine.
    test.slow();
    const page = await pageAs('clinic');
    await page.goto('/dashboard/clinic');
    await setTheme(page, theme);
    await expectNoAxeViolations(page);
    await openPatientByName(page, 'James Whitfield');
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Demographics' }).click();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/add-patient');
    await expect(page.getByRole('button', { name: 'Create Patient' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test(`firm and lienholder dashboards have no axe violations in the ${theme} theme`, async ({
    page,
  }) => {
    // Two sign-ins and three full axe scans: like the test above, more than 30 s on a busy machine.
    test.slow();
    await signIn(page, 'attorney');
    await setTheme(page, theme);
    await expect(
      page.getByRole('table', { name: 'Client Cases' }).getByRole('link').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await openPatientByName(page, 'James Whitfield');
    await page.getByRole('tab', { name: 'Demographics' }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    // Signed out once the app is back on /login: a page loaded before that could still be sent
    // with the session that is being ended (the server puts it in the page).
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'lienholder');
    await expect(
      page.getByRole('table', { name: 'Linked Patients' }).getByRole('link').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
