import type { APIRequestContext, Page } from '@playwright/test';
import { signInWithPassword as signIn, storageStatePath } from '../fixtures/auth.ts';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { readMailLink } from '../fixtures/mailbox.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Password life as a user meets it: change the password on the Security page,
 * and reset a forgotten one with the e-mailed link. Each test makes its own user, so the demo
 * accounts the other specs share keep their passwords.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const FIRST_PASSWORD = 'first chosen passphrase';

let admin: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  admin = await playwright.request.newContext({
    baseURL,
    storageState: storageStatePath('admin'),
    extraHTTPHeaders: { origin: baseURL! },
  });
});
test.afterAll(async () => {
  await admin.dispose();
});

/** A new attorney whose invitation this test accepts: signed out, with FIRST_PASSWORD. */
async function createUser(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.test`;
  const organizations = await admin.get('/api/organizations');
  const { items } = (await organizations.json()) as { items: Array<{ id: string; name: string }> };
  const firm = items.find((item) => item.name === 'Morgan & Hale Injury Law');
  const created = await admin.post('/api/users', {
    data: { name, email, role: 'attorney', organizationId: firm!.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(await readMailLink(email, '/accept-invite'));
  await page.getByLabel('New password', { exact: true }).fill(FIRST_PASSWORD);
  await page.getByLabel('Confirm password').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return email;
}

const toast = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

test('change the password on the Security page, then sign in with the new one', async ({
  page,
}) => {
  const email = await createUser(page, 'Carla Changer');
  await signIn(page, email, FIRST_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/firm$/);
  await page.goto('/security');
  const section = page.getByRole('region', { name: 'Change password' });
  await expect(section).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(section).toBeVisible();
    await expectNoAxeViolations(page);
  }

  // A breached password is refused at its field.
  await section.getByLabel('Current password').fill(FIRST_PASSWORD);
  await section.getByLabel('New password', { exact: true }).fill('qwerty123456');
  await section.getByLabel('Confirm new password').fill('qwerty123456');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
    /This password is too common — choose another\./,
  );

  const newPassword = 'second chosen passphrase';
  await section.getByLabel('New password', { exact: true }).fill(newPassword);
  await section.getByLabel('Confirm new password').fill(newPassword);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Your password has been changed.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/login');
  await page.context().clearCookies();
  await signIn(page, email, FIRST_PASSWORD);
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard\/firm$/);
});

test('reset a forgotten password with the e-mailed link, then sign in', async ({ page }) => {
  const email = await createUser(page, 'Rita Resetter');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expectNoAxeViolations(page);
  }
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an active account' })).toBeVisible();
  await expectNoAxeViolations(page);

  const link = await readMailLink(email, '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expectNoAxeViolations(page);
  }
  const newPassword = 'reset chosen passphrase';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toast(page, 'Your password has been reset.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard\/firm$/);

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another chosen passphrase');
  await page.getByLabel('Confirm new password').fill('another chosen passphrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /This reset link has expired or was already used\. Ask for a new one\./,
  );
  await expectNoAxeViolations(page);
});
