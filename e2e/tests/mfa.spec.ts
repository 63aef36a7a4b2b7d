import type { APIRequestContext, Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { readMailToken } from '../fixtures/mailbox.ts';
import { expect, test } from '../fixtures/test.ts';

const PASSWORD = 'orchid-velvet-harbour-2931';

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
const codeOf = (secret: string, stepsAhead = 0) =>
  authenticator.clone({ epoch: Date.now() + stepsAhead * 30_000 }).generate(secret);

/**
 * A user of this test's own (never a shared demo account): added by the admin through the API,
 * with the password set through the invitation the user receives by mail.
 */
async function createUser(admin: APIRequestContext, email: string) {
  const created = await admin.post('/api/users', {
    data: { name: 'Tess Totp', email, role: 'admin' },
  });
  expect(created.status()).toBe(201);
  const token = await readMailToken(email, '/accept-invite');
  const accepted = await admin.post('/api/invitations/accept', {
    data: { token, password: PASSWORD },
  });
  expect(accepted.ok()).toBe(true);
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe.configure({ timeout: 120_000 });

test('enrols an authenticator app, signs in with its code and a recovery code; an admin resets it', async ({
  page,
  pageAs,
}) => {
  const adminPage = await pageAs('admin');
  const email = `mfa-e2e-${Date.now()}@example.test`;
  await createUser(adminPage.request, email);

  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.goto('/security');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await expect(section.getByText('Off')).toBeVisible();
  await expectNoAxeViolations(page);
  await section.getByRole('link', { name: 'Set up two-step verification' }).click();

  await expect(page).toHaveURL(/\/two-step-setup$/);
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await expectNoAxeViolations(page);
  await setTheme(page, 'dark');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Begin set-up' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // The key typed by hand, as a user without a camera would: the codes come from it.
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('That code is not valid. Please try again.')).toBeVisible();
  await codeField.fill(codeOf(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = await codes.first().innerText();
  await expectNoAxeViolations(page);
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await page.getByLabel('I have saved these codes').check();
  await next.click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(section.getByText('10 of 10 recovery codes left.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'New recovery codes' }).click();
  await expect(section.getByLabel('Code from your authenticator app')).toBeVisible();
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'Cancel' }).click();
  await setTheme(page, 'light');
  await signOut(page);

  // With the code of the next time step: the one used to confirm is refused as a replay.
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page);
  await setTheme(page, 'dark');
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expectNoAxeViolations(page);
  await setTheme(page, 'light');
  await page.getByLabel('Authentication code').fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await signOut(page);

  await signInWithPassword(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.goto('/security');
  await expect(section.getByText('9 of 10 recovery codes left.', { exact: false })).toBeVisible();
  await signOut(page);

  // Used once, the recovery code opens nothing again.
  await signInWithPassword(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // A lost phone and lost codes: an admin resets it; the next sign-in needs the password only.
  await adminPage.goto('/dashboard/admin?tab=users');
  await adminPage.getByLabel('Search users').fill(email);
  // This run's user by address: a retry finds the first attempt's Tess Totp too.
  await adminPage
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('button', { name: 'Reset two-step verification of Tess Totp' })
    .click();
  const dialog = adminPage.getByRole('alertdialog', {
    name: "Reset Tess Totp's two-step verification?",
  });
  await expectNoAxeViolations(adminPage);
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(adminPage.getByText('Two-step verification of Tess Totp was reset')).toBeVisible();
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
});
