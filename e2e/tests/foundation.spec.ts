import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn } from '../fixtures/auth.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';
import { expect, test } from '../fixtures/test.ts';

const html = (page: Page) => page.locator('html');
const storedTheme = (page: Page) => page.evaluate(() => window.localStorage.getItem('theme'));

test.describe('theme', () => {
  test('the toggle switches the theme, stores it and survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    await expect(html(page)).not.toHaveClass(/dark/);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html(page)).toHaveClass(/dark/);
    expect(await storedTheme(page)).toBe('dark');

    await page.reload();
    await expect(html(page)).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html(page)).not.toHaveClass(/dark/);
    expect(await storedTheme(page)).toBe('light');
    await page.reload();
    await expect(html(page)).not.toHaveClass(/dark/);
  });

  test('the choice carries over into the signed-in app', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    // Pressed before the app has started, the toggle takes effect when it starts (page-init.js).
    await expect(html(page)).toHaveClass(/dark/);
    await signIn(page, 'clinic');
    await expect(html(page)).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Clinic Dashboard' })).toBeVisible();
    await expect(html(page)).not.toHaveClass(/dark/);
  });

  for (const colorScheme of ['dark', 'light'] as const) {
    test(`with nothing stored the theme follows the system preference (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/login');
      expect(await storedTheme(page)).toBeNull();
      if (colorScheme === 'dark') await expect(html(page)).toHaveClass(/dark/);
      else await expect(html(page)).not.toHaveClass(/dark/);
    });
  }

  test('a stored theme wins over the system preference', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(html(page)).not.toHaveClass(/dark/);
  });

  test('the theme class is set before the app renders, so the wrong theme never flashes', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    // Record the root's class at the first moment scripts can see the document.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstThemeClass: string }).firstThemeClass =
          document.documentElement.className;
      });
    });
    await page.goto('/login');
    const firstClass = await page.evaluate(
      () => (window as unknown as { firstThemeClass: string }).firstThemeClass,
    );
    expect(firstClass).toContain('dark');
  });
});

test.describe('sign-in form', () => {
  test('show/hide password switches the input between hidden and visible', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');

    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveValue('secret-value');
  });

  test("the button reads 'Signing in...' while the request is under way", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS.attorney.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    const busy = page.getByRole('button', { name: 'Signing in...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/dashboard\/firm$/);
    await expect(page.getByText('Signed in successfully')).toBeVisible();
  });

  test('e-mail and password are required before anything is sent', async ({ page }) => {
    let loginCalls = 0;
    await page.route('**/api/auth/login', async (route) => {
      loginCalls += 1;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByLabel('Email')).toHaveJSProperty('validity.valueMissing', true);
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      'Please enter your password',
    );
    await expect(page).toHaveURL(/\/login$/);
    expect(loginCalls).toBe(0);
  });

  test("the 'Request Access' link opens the signup page", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Request Access' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Request Access' })).toBeVisible();
  });
});

test('signing out shows a toast and lands on /login', async ({ page }) => {
  await signIn(page, 'lienholder');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expectControlNotCovered(page, page.getByLabel('Email'));
  // The session is really gone: a protected page sends the user back to sign in.
  await page.goto('/dashboard/lienholder');
  await expect(page).toHaveURL(/\/login$/);
});

test('/ and /dashboard lead a signed-in user to their dashboard', async ({ pageAs }) => {
  const page = await pageAs('attorney');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard\/firm$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/firm$/);
});

test.describe('signup form', () => {
  test('a blank submit asks for every field and sends nothing', async ({ page }) => {
    let requests = 0;
    await page.route('**/api/access-requests', async (route) => {
      requests += 1;
      await route.continue();
    });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(
      page.locator('[data-sonner-toast]', { hasText: 'Please fill out all required fields.' }),
    ).toBeVisible();
    await expectControlNotCovered(page, page.getByLabel('Full name'));
    // ...and says so at each field.
    await expect(page.getByLabel('Full name')).toHaveAccessibleDescription(
      'Please fill out all required fields.',
    );

    // One field still blank is refused too.
    await page.getByLabel('Full name').fill('Jordan Lee');
    await page.getByLabel('Email').fill('jordan@leephysio.example');
    await page.getByLabel('Organization').fill('Lee Physio');
    await page.getByLabel('Phone').fill('   ');
    await page.getByLabel('Role').selectOption('clinic');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('Please fill out all required fields.').first()).toBeVisible();
    expect(requests).toBe(0);
  });

  test('a complete request is sent and confirmed by toast and inline text', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Jordan Lee');
    await page.getByLabel('Email').fill('jordan@leephysio.example');
    await page.getByLabel('Organization').fill('Lee Physio');
    await page.getByLabel('Phone').fill('555-0100');
    await page.getByLabel('Role').selectOption('other');
    const sent = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/access-requests') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Request Access' }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByText('Signup request sent! We will contact you soon.')).toBeVisible();
    await expect(
      page.getByRole('status').getByText("Your request has been received! We'll be in touch soon."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  });

  test('a refused request shows the spec message', async ({ page }) => {
    await page.route('**/api/access-requests', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'down' } }),
      }),
    );
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Jordan Lee');
    await page.getByLabel('Email').fill('jordan@leephysio.example');
    await page.getByLabel('Organization').fill('Lee Physio');
    await page.getByLabel('Phone').fill('555-0100');
    await page.getByLabel('Role').selectOption('attorney');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('Failed to send signup request. Please try again.')).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Jordan Lee');
  });
});
