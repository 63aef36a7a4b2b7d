import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, type DemoRole } from '../fixtures/auth.ts';
import { expect, test } from '../fixtures/test.ts';

// No layout shift while a dashboard's data loads. Every API answer is held back a
// moment, so the page first renders its placeholders (skeleton rows and cards, the header menus'
// stand-ins) and then its data; the layout-shift entries the browser records meanwhile (what
// Lighthouse sums as Cumulative Layout Shift) must stay at zero.

const ROLES: DemoRole[] = ['clinic', 'attorney', 'lienholder', 'admin'];
const API_DELAY_MS = 400;

/** Holds every API answer back except the live-event stream, which must stay open. */
async function slowDownApi(page: Page) {
  await page.route(
    (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/events',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
      await route.continue();
    },
  );
}

/** The layout shifts since the page loaded that no user input caused, summed. */
function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >)
            if (!entry.hadRecentInput) total += entry.value;
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // Buffered entries are delivered on the next task.
        setTimeout(() => {
          observer.disconnect();
          resolve(total);
        }, 100);
      }),
  );
}

for (const role of ROLES) {
  test.describe(`${role} dashboard`, () => {
    test.use({ role });

    test('does not move while its data loads', async ({ page }) => {
      await slowDownApi(page);
      await page.goto(DEMO_ACCOUNTS[role].dashboard);
      await expect(
        page.getByRole('heading', { level: 1, name: DEMO_ACCOUNTS[role].heading }),
      ).toBeVisible();
      // Loaded: no placeholder left, and the header's menus are the real controls.
      await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
      expect(await layoutShiftSoFar(page)).toBeLessThanOrEqual(0.001);
    });
  });
}
