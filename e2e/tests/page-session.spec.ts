import { DEMO_ACCOUNTS, type DemoRole } from '../fixtures/auth.ts';
import { expect, test } from '../fixtures/test.ts';

// The server puts a signed-in request's session in the page (apps/server/src/web-pages.ts), so the
// app opens the user's dashboard without asking GET /api/auth/session who is signed in.
for (const role of ['clinic', 'attorney', 'lienholder', 'admin'] as const satisfies DemoRole[]) {
  test.describe(`the ${role} dashboard`, () => {
    test.use({ role });

    test('opens from the session in the page, without asking for it', async ({ page }) => {
      const account = DEMO_ACCOUNTS[role];
      const sessionRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/auth/session')
          sessionRequests.push(request.url());
      });
      await page.goto(account.dashboard);
      await expect(page.getByRole('heading', { level: 1, name: account.heading })).toBeVisible();
      await expect(page.getByText(account.email)).toBeVisible();
      expect(sessionRequests).toEqual([]);
    });
  });
}
