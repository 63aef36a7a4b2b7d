import { DEMO_ACCOUNTS, type DemoRole } from '../fixtures/auth.ts';
import { expect, test } from '../fixtures/test.ts';

// A signed-in user's dashboard comes from the server with its first screen and the session in
// it (apps/server/src/web-pages.ts, apps/web/src/app/server-render.tsx): the heading shows before
// the app's code arrives, the app renders over the same elements, and nobody asks for the session.
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
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/app-shell-[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });

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
      await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
      expect(sessionRequests).toEqual([]);
    });
  });
}
