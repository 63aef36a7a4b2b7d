import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';
import { expect, test } from '../fixtures/test.ts';

test('directory search filters every tab and updates the counts', async ({ pageAs }) => {
  const page = await pageAs('clinic');
  await page.goto('/dashboard/clinic');
  await page.getByRole('link', { name: 'Directory' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Directory' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Clinics \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Attorney Firms (2)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Lienholders (2)' })).toBeVisible();
  // A clinic user reads the directory but cannot change it.
  await expect(page.getByRole('button', { name: 'Add Organization' })).toBeHidden();

  const search = page.getByPlaceholder('Search directory...');
  await search.fill('HARBOR');
  await expect(page.getByRole('tab', { name: 'Clinics (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Attorney Firms (0)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Harbor Physical Therapy' })).toBeVisible();
  await expect(page.getByRole('link', { name: '(562) 555-0141' })).toHaveAttribute(
    'href',
    'tel:5625550141',
  );
  await expect(page.getByRole('link', { name: 'frontdesk@harborpt.example' })).toHaveAttribute(
    'href',
    'mailto:frontdesk@harborpt.example',
  );
  await expect(page.getByText('120 Bayview Ave, Long Beach, CA 90802')).toBeVisible();

  // By e-mail: only the firm matches.
  await search.fill('castillolegal');
  await page.getByRole('tab', { name: 'Attorney Firms (1)' }).click();
  await expect(page.getByRole('heading', { name: 'Castillo Legal Group' })).toBeVisible();
  // By description.
  await search.fill('medical lien funding');
  await page.getByRole('tab', { name: 'Lienholders (1)' }).click();
  await expect(page.getByRole('heading', { name: 'MedLien Funding Partners' })).toBeVisible();

  await search.fill('no organisation is called this');
  await expect(page.getByText('No results found')).toBeVisible();
});

test('an admin adds and edits an organisation in the directory', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/directory');
  await page.getByRole('tab', { name: /^Lienholders/ }).click();
  await page.getByRole('button', { name: 'Add Organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Organization' });
  await expect(dialog.getByLabel('Type', { exact: true })).toHaveValue('lienholder');
  await dialog.getByLabel('Name').fill('Pacific Lien Services');
  await dialog.getByLabel('Description').fill('Lien servicing for treating providers');
  await dialog.getByLabel('Phone').fill('(805) 555-0133');
  await dialog.getByLabel('Email').fill('hello@pacificlien.example');
  await dialog.getByLabel('Lienholder type').fill('Servicer');
  await dialog.getByRole('button', { name: 'Add Organization' }).click();
  await expect(page.getByText('Organization created successfully')).toBeVisible();
  await expectControlNotCovered(page, page.getByRole('button', { name: 'Add Organization' }));
  await expect(page.getByRole('heading', { name: 'Pacific Lien Services' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Lienholders (3)' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Pacific Lien Services' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Lienholder' });
  await edit.getByLabel('Lienholder type').fill('Receivables servicer');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Organization updated successfully')).toBeVisible();
  await expectControlNotCovered(
    page,
    page.getByRole('button', { name: 'Edit Pacific Lien Services' }),
  );
  await expect(
    page.getByRole('list', { name: 'Type' }).getByText('Receivables servicer'),
  ).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the directory has no axe violations in the ${theme} theme`, async ({ pageAs }) => {
    const page = await pageAs('admin');
    await page.goto('/directory');
    await setTheme(page, theme);
    await expect(page.getByRole('heading', { name: 'Harbor Physical Therapy' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByPlaceholder('Search directory...').fill('zzz');
    await expect(page.getByText('No results found')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByPlaceholder('Search directory...').fill('');
    await page.getByRole('button', { name: 'Edit Harbor Physical Therapy' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Clinic' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
