import { DEMO_ACCOUNTS, type DemoRole } from '../fixtures/auth.ts';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

const THEMES = ['light', 'dark'] as const;

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test('/login has no axe violations', async ({ page }) => {
      await page.goto('/login');
      await setTheme(page, theme);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('/login with an error toast has no axe violations', async ({ page }) => {
      await page.goto('/login');
      await setTheme(page, theme);
      await page.getByLabel('Email').fill('nobody@demo.test');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      const toast = page.locator('[data-sonner-toast]', { hasText: 'Invalid email or password' });
      // axe skips text that is still fading in: scan once the toast is fully shown.
      await expect(toast).toHaveCSS('opacity', '1');
      await expectNoAxeViolations(page);
    });

    test('/signup has no axe violations, before and after sending', async ({ page }) => {
      await page.goto('/signup');
      await setTheme(page, theme);
      await expect(page.getByRole('heading', { level: 1, name: 'Request Access' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByLabel('Full name').fill('Axe Tester');
      await page.getByLabel('Email').fill(`axe-${theme}@example.com`);
      await page.getByLabel('Organization').fill('Axe Org');
      await page.getByLabel('Phone').fill('555-0199');
      await page.getByLabel('Role').selectOption('lienholder');
      await page.getByRole('button', { name: 'Request Access' }).click();
      await expect(
        page.getByRole('status').getByText(/Your request has been received/),
      ).toBeVisible();
      // As on /login: scan once the confirmation toast is fully shown, not while it fades in.
      const toast = page.locator('[data-sonner-toast]', { hasText: 'Signup request sent!' });
      await expect(toast).toHaveCSS('opacity', '1');
      await expectNoAxeViolations(page);
    });

    test('/unauthorized has no axe violations', async ({ page }) => {
      await page.goto('/unauthorized');
      await setTheme(page, theme);
      await expect(page.getByRole('heading', { name: 'Unauthorized Access' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    for (const role of ['admin', 'clinic', 'attorney', 'lienholder'] as DemoRole[]) {
      test(`the ${role} dashboard has no axe violations`, async ({ pageAs }) => {
        const page = await pageAs(role);
        await page.goto(DEMO_ACCOUNTS[role].dashboard);
        await setTheme(page, theme);
        await expect(
          page.getByRole('heading', { level: 1, name: DEMO_ACCOUNTS[role].heading }),
        ).toBeVisible();
        // Scan the loaded page, not its skeletons: wait until nothing is busy or pulsing.
        await expect(page.locator('[aria-busy="true"], .animate-pulse, .animate-spin')).toHaveCount(
          0,
        );
        await expectNoAxeViolations(page);
      });
    }
  });
}
