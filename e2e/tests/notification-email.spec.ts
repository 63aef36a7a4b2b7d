import type { APIRequestContext, Page } from '@playwright/test';
import { storageStatePath } from '../fixtures/auth.ts';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { readMailLink, readMailToken } from '../fixtures/mailbox.ts';
import { expect, test } from '../fixtures/test.ts';

const PASSWORD = 'notification-check-passphrase-e2e';

/** A user of this test alone, created by the admin, with a password set through the invitation. */
async function createUser(admin: APIRequestContext, email: string) {
  const organizations = await admin.get('/api/organizations');
  const { items } = (await organizations.json()) as { items: Array<{ id: string; name: string }> };
  const medLien = items.find((item) => item.name === 'MedLien Funding Partners');
  const created = await admin.post('/api/users', {
    data: { name: 'Nora Notify', email, role: 'lienholder', organizationId: medLien!.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = await readMailToken(email, '/accept-invite');
  const accepted = await admin.post('/api/invitations/accept', {
    data: { token, password: PASSWORD },
  });
  expect(accepted.status(), await accepted.text()).toBe(204);
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/lienholder$/);
}

test.describe.configure({ timeout: 120_000 });

test('a new notification e-mail is used once the link sent to it is opened', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({
    baseURL,
    storageState: storageStatePath('admin'),
    extraHTTPHeaders: { origin: baseURL! },
  });
  const suffix = Date.now().toString(36);
  const email = `nora-${suffix}@example.test`;
  const newAddress = `nora-alerts-${suffix}@example.test`;
  await createUser(admin, email);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto('/notifications?tab=preferences');
  const field = page.getByLabel('Notification email');
  await expect(field).toHaveValue(email);
  await field.fill(newAddress);
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newAddress}`)).toBeVisible();
  const waiting = `Waiting for confirmation: ${newAddress} — we sent a link to that address`;
  await expect(page.getByText(waiting)).toBeVisible();
  // Until the link is opened, notification mail keeps going to the confirmed address.
  await expect(field).toHaveValue(email);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(page.getByText(waiting)).toBeVisible();
    await expectNoAxeViolations(page);
  }

  // Resend replaces the link: the first one no longer works.
  const firstLink = await readMailLink(newAddress, '/confirm-notification-email');
  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(
    page.getByText(`We sent a confirmation link to ${newAddress}`).first(),
  ).toBeVisible();
  await expect
    .poll(() => readMailLink(newAddress, '/confirm-notification-email'))
    .not.toBe(firstLink);
  const link = await readMailLink(newAddress, '/confirm-notification-email');

  // Opened where nobody is signed in, as on the phone that reads the new address.
  const elsewhere = await browser.newContext();
  const phone = await elsewhere.newPage();
  await phone.goto(firstLink);
  await phone.getByRole('button', { name: 'Confirm address' }).click();
  await expect(
    phone.getByText('This confirmation link is not valid or has already been used.'),
  ).toBeVisible();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: 'Confirm notification email' })).toBeVisible();
  await expectNoAxeViolations(phone);
  await phone.getByRole('button', { name: 'Confirm address' }).click();
  await expect(phone.getByText(`Notification e-mails will now go to ${newAddress}.`)).toBeVisible();
  await expectNoAxeViolations(phone);
  await elsewhere.close();

  await page.reload();
  await expect(field).toHaveValue(newAddress);
  await expect(page.getByText(waiting)).toBeHidden();
  await context.close();
  await admin.dispose();
});
