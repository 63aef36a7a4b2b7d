import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn, type DemoRole } from '../fixtures/auth.ts';

for (const role of Object.keys(DEMO_ACCOUNTS) as DemoRole[]) {
  test(`${role} signs in and lands on their dashboard`, async ({ page }) => {
    await signIn(page, role);
    await expect(
      page.getByRole('heading', { level: 1, name: DEMO_ACCOUNTS[role].heading }),
    ).toBeVisible();
    await expect(page.getByText(DEMO_ACCOUNTS[role].email)).toBeVisible();
  });
}

test('a wrong password shows the server message in a toast', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('clinic@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a clinic user opening the admin dashboard sees Unauthorized Access', async ({ page }) => {
  await signIn(page, 'clinic');
  await page.goto('/dashboard/admin');
  await expect(page.getByRole('heading', { name: 'Unauthorized Access' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test('a signed-out visit to a patient page goes to /login', async ({ page }) => {
  await page.goto('/patients/x');
  await expect(page).toHaveURL(/\/login$/);
});
