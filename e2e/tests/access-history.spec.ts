import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

// The browser's zone is New York: the view must say so rather than leave times unlabelled.
test.use({ role: 'clinic', timezoneId: 'America/New_York' });

for (const theme of ['light', 'dark'] as const) {
  test(`a clinic opens a patient and finds the view in its Access history (${theme} theme)`, async ({
    page,
    pageAs,
    createPatient,
  }) => {
    const name = `Access Ada ${theme}`;
    const id = await createPatient({ fullName: name });
    await page.goto(`/patients/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await setTheme(page, theme);

    await page.getByRole('tab', { name: 'Access history' }).click();
    await expect(page.getByRole('heading', { name: 'Access history' })).toBeVisible();
    await expect(
      page.getByText(/Days and times are in America\/New_York \(UTC-0[45]:00\)\./),
    ).toBeVisible();
    const table = page.getByRole('table', { name: /Access history per person and day/ });
    // Created (a change) and opened twice (the theme reload): one row for the clinic user today.
    const row = table.getByRole('row').filter({ hasText: 'Casey Harbor' });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(2)).toHaveText('clinic');
    await expect(row.getByRole('cell').nth(3)).not.toHaveText('0');
    await expect(row.getByRole('cell').nth(4)).toHaveText('1');
    await expect(row.getByRole('cell').nth(6)).toHaveText(/^\d{1,2}:\d{2} [AP]M E[SD]T$/);
    await expectNoAxeViolations(page);

    // The firm sees the patient but not who else did: no such tab, even by its address.
    const attorney = await pageAs('attorney');
    await attorney.goto(`/patients/${id}?tab=access-history`);
    await expect(attorney.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(attorney.getByRole('tab', { name: 'Access history' })).toHaveCount(0);
    await expect(attorney.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  });
}

test('an admin goes from Access history to the patient in the audit log', async ({
  pageAs,
  createPatient,
}) => {
  const name = 'Access Abe Admin';
  const id = await createPatient({ fullName: name });
  const admin = await pageAs('admin');
  await admin.goto(`/patients/${id}?tab=access-history`);
  await expect(admin.getByRole('heading', { name: 'Access history' })).toBeVisible();
  await admin.getByRole('link', { name: 'Open in the audit log' }).click();
  await expect(admin.getByRole('searchbox', { name: 'Patient' })).toHaveValue(id);
  const log = admin.getByRole('table', { name: 'Audit log, newest first' });
  await expect(log.getByRole('row').filter({ hasText: 'Patient created' })).toHaveCount(1);
  await expect(admin.getByText(/^Times are shown in .+ \(UTC[+-]\d{2}:\d{2}\)/)).toBeVisible();
  await expectNoAxeViolations(admin);
});
