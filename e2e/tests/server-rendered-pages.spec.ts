import { DEMO_ACCOUNTS, type DemoRole } from '../fixtures/auth.ts';
import { holdScripts } from '../fixtures/hold-scripts.ts';
import { expect, test } from '../fixtures/test.ts';

// A signed-in user's dashboard comes from the server with its first screen and the session in the
// page (apps/server/src/web-pages.ts, apps/web/src/app/server-render.tsx): the heading shows before
// the app's code arrives, the app renders over the same elements, and nobody asks for the session.
// Parts loaded on demand show their stand-ins until their code has arrived, never a control that
// does nothing (apps/web/src/lib/lazy-boundary.tsx, ADR 0026).

for (const role of ['clinic', 'attorney', 'lienholder', 'admin'] as const satisfies DemoRole[]) {
  test.describe(`the ${role} dashboard`, () => {
    test.use({ role });

    test('shows its heading before the app starts, and the app keeps those elements', async ({
      page,
    }) => {
      const account = DEMO_ACCOUNTS[role];
      const sessionRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/auth/session')
          sessionRequests.push(request.url());
      });
      const release = await holdScripts(page, /\/assets\/app-shell-[\w-]+\.js$/);

      await page.goto(account.dashboard, { waitUntil: 'domcontentloaded' });
      const heading = page.getByRole('heading', { level: 1, name: account.heading });
      await expect(heading).toBeVisible();
      await expect(page.locator('html')).not.toHaveAttribute('data-app-started');
      // A property, not an attribute: rendering over the element sets its attributes anew.
      await heading.evaluate((element) => Object.assign(element, { seenBeforeStart: true }));

      release();
      await expect(page.locator('html')).toHaveAttribute('data-app-started', '');
      // The same element: rendered over, not replaced (nothing flashed).
      expect(await heading.evaluate((element) => 'seenBeforeStart' in element)).toBe(true);
      await expect(page.getByText(account.email)).toBeVisible();
      await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
      expect(sessionRequests).toEqual([]);
    });
  });
}

test.describe('the chunks a dashboard loads on demand', () => {
  test.use({ role: 'clinic' });

  test('are fetched as the browser reads them, without a link added for each', async ({ page }) => {
    // index.html names the entry's chunks; a chunk loaded on demand adds none of its own: those
    // links held the page's first task (apps/web/vite.config.ts, ADR 0029).
    const response = await page.goto(DEMO_ACCOUNTS.clinic.dashboard);
    const served = ((await response?.text()) ?? '').match(/rel="modulepreload"/g)?.length ?? 0;
    await expect(page.locator('html')).toHaveAttribute('data-app-started', '');
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    expect(served).toBeGreaterThan(0);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(served);
  });
});

test.describe('a tab chosen before the app started', () => {
  test.use({ role: 'admin' });

  test('is chosen once the app has started, as a press and not only a click', async ({ page }) => {
    const release = await holdScripts(page, /\/assets\/app-shell-[\w-]+\.js$/);
    await page.goto(DEMO_ACCOUNTS.admin.dashboard, { waitUntil: 'domcontentloaded' });
    // A Radix tab is chosen on mousedown: a held press replayed as a bare click() left it.
    const tab = page.getByRole('tab', { name: 'All Patients' });
    await expect(tab).toHaveAttribute('aria-selected', 'false');
    await tab.click();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-started');

    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-started', '');
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('parts loaded on demand, on a page the server rendered', () => {
  test.use({ role: 'admin' });

  test('the account menu is a stand-in until its code arrives, then opens', async ({ page }) => {
    const release = await holdScripts(page, /\/assets\/account-menu-[\w-]+\.js$/);
    await page.goto(DEMO_ACCOUNTS.admin.dashboard);
    await expect(page.locator('html')).toHaveAttribute('data-app-started', '');
    // No button that would do nothing: the stand-in is hidden from assistive technology.
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

    release();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
  });

  test('a tab opened by its address shows its placeholder, then works', async ({ page }) => {
    const release = await holdScripts(page, /\/assets\/settings-tab-[\w-]+\.js$/);
    await page.goto('/dashboard/admin?tab=settings');
    await expect(page.locator('html')).toHaveAttribute('data-app-started', '');
    await expect(page.getByRole('button', { name: 'Verify audit chain' })).toHaveCount(0);

    release();
    await page.getByRole('button', { name: 'Verify audit chain' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Audit chain/ })).toHaveText(
      /^Audit chain intact: \d+ rows$/,
    );
  });
});
