import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

test.use({ role: 'admin' });
test.describe.configure({ timeout: 90_000 });

/**
 * Machine tokens end to end: the admin creates a Harbor token in the API tokens tab,
 * sees its secret once, a machine client (the test's own request context: no cookie, no Origin)
 * lists patients with it, the admin revokes it and the very next call is refused.
 */
test('an admin creates a token, a client uses it, the admin revokes it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const name = `E2E sync ${Date.now()}`;
  await page.goto('/dashboard/admin?tab=api-tokens');
  await expect(page.getByRole('tab', { name: 'API tokens', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API token' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Acts for').selectOption({ label: 'Harbor Physical Therapy' });
  await expect(dialog.getByLabel('Read patients')).toBeChecked();
  await expect(dialog.getByLabel('Read the audit log')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const secretDialog = page.getByRole('dialog', { name: `API token "${name}" created` });
  await expect(secretDialog.getByText('This secret will not be shown again.')).toBeVisible();
  const secret = await secretDialog.getByLabel('Secret').inputValue();
  expect(secret).toMatch(/^cbt_[\w-]{43}$/);
  await expectNoAxeViolations(page);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(secretDialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('Harbor Physical Therapy')).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  const machine = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  const listed = await machine.get('/api/patients');
  expect(listed.status()).toBe(200);
  const patients = (await listed.json()) as { items: Array<{ clinicNames: string[] }> };
  expect(patients.items.length).toBeGreaterThan(0);
  for (const item of patients.items) expect(item.clinicNames).toContain('Harbor Physical Therapy');

  await page.reload();
  await expect(row.getByText('Never')).toHaveCount(0);
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke API token' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row.getByText('Revoked')).toBeVisible();

  const refused = await machine.get('/api/patients');
  expect(refused.status()).toBe(401);
  await machine.dispose();

  await setTheme(page, 'dark');
  await expect(page.getByRole('table', { name: 'API tokens, newest first' })).toBeVisible();
  await expectNoAxeViolations(page);
  await setTheme(page, 'light');
});
