import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, type DemoRole } from '../fixtures/auth.ts';
import { holdScripts } from '../fixtures/hold-scripts.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';

for (const role of Object.keys(DEMO_ACCOUNTS) as DemoRole[]) {
  test(`${role} signs in and lands on their dashboard`, async ({ page }) => {
    await signIn(page, role);
    await expect(
      page.getByRole('heading', { level: 1, name: DEMO_ACCOUNTS[role].heading }),
    ).toBeVisible();
    await expect(page.getByText(DEMO_ACCOUNTS[role].email)).toBeVisible();
  });
}

// The 'Signed in successfully' toast once sat over 'Add Patient' and took its clicks.
for (const viewport of [
  { name: 'laptop', width: 1280, height: 720 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the sign-in toast leaves Add Patient usable on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'clinic');
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    const addPatient = page.getByRole('link', { name: 'Add Patient' });
    await expectControlNotCovered(page, addPatient);
    await expectControlNotCovered(page, page.getByRole('button', { name: /^Notifications/ }));
    await addPatient.click({ trial: true, timeout: 1_000 });
  });
}

test('a wrong password shows the server message in a toast', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('clinic@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectControlNotCovered(page, page.getByLabel('Password', { exact: true }));
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

test('a signed-out deep link to a patient’s messages survives signing in', async ({ page }) => {
  // The patient's id, looked up as the clinic, then signed out again.
  await signIn(page, 'clinic');
  const patientId = await page.evaluate(async () => {
    const response = await fetch('/api/patients?search=Maria%20Delgado');
    const body = (await response.json()) as { items: Array<{ id: string; fullName: string }> };
    return body.items.find((item) => item.fullName === 'Maria Delgado')?.id;
  });
  expect(patientId).toBeTruthy();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(`/patients/${patientId}?tab=messages`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.clinic.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(new RegExp(`/patients/${patientId}\\?tab=messages$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Maria Delgado' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Team Messages' })).toBeVisible();
  // It stays there: nothing sends the user on to the dashboard afterwards.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(new RegExp(`/patients/${patientId}\\?tab=messages$`));
});

// /login comes as HTML (apps/web/src/app/prerender.tsx): it can be used before the app's code
// has arrived. Here the page's code is held back until the form has been filled and sent.
test('the sign-in page works before the app has started, and nothing done is lost', async ({
  page,
}) => {
  const release = await holdScripts(page, /\/assets\/login-page-[\w-]+\.js$/);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-app-started');

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.clinic.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Held, not sent by the browser as a GET with the password in the address.
  await expect(page).toHaveURL(/\/login$/);

  release();
  // The press of the theme toggle, made before it had a handler, is made again.
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(
    page.getByRole('heading', { level: 1, name: DEMO_ACCOUNTS.clinic.heading }),
  ).toBeVisible();
  expect(page.url()).not.toContain('password');
});
