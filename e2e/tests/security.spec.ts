import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from '../fixtures/auth.ts';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';

/**
 * Another browser, told apart by its user agent: the Security page names it 'Firefox on macOS',
 * while this run's other sessions of the role (the shared signed-in state, other specs signing
 * in through the form) are Chromium's or the API client's, which must never be ended here.
 */
const OTHER_DEVICE_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.2; rv:121.0) Gecko/20100101 Firefox/121.0';

async function signedInPage(browser: Browser, userAgent?: string): Promise<Page> {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  // Through the form: a session of this test's own, never the shared storage state.
  await signIn(page, 'lienholder');
  return page;
}

test('ends another session from the Security page; that browser must sign in again', async ({
  browser,
}) => {
  // Two sign-ins through the form, four axe scans and a phone layout: three times the budget.
  test.slow();
  const here = await signedInPage(browser);
  const there = await signedInPage(browser, OTHER_DEVICE_AGENT);
  try {
    await here.getByRole('button', { name: 'Account menu' }).click();
    await here.getByRole('menuitem', { name: 'Security' }).click();
    await expect(here).toHaveURL(/\/security$/);
    await expect(here.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    const sessions = here.getByRole('region', { name: "Where you're signed in" });
    await expect(sessions.getByText('This device')).toBeVisible();
    const endOther = sessions.getByRole('button', { name: /^End session on Firefox on macOS/ });
    await expect(endOther).toBeVisible();
    await expectNoAxeViolations(here);
    await setTheme(here, 'dark');
    await expect(endOther).toBeVisible();
    await expectNoAxeViolations(here);
    await setTheme(here, 'light');

    await endOther.click();
    const dialog = here.getByRole('alertdialog', { name: 'End the session on Firefox on macOS?' });
    await expectNoAxeViolations(here);
    await dialog.getByRole('button', { name: 'End session' }).click();
    await expect(here.getByText('Ended the session on Firefox on macOS')).toBeVisible();
    await expect(endOther).toBeHidden();
    await expect(sessions.getByText('This device')).toBeVisible();

    // The other browser's open stream is ended at once, which sends it to sign-in; and its next
    // visit finds the session gone.
    await expect(there).toHaveURL(/\/login$/);
    await there.goto('/directory');
    await expect(there).toHaveURL(/\/login$/);
    await expect(here.getByText('127.0.0.1').first()).toBeVisible();

    // On a phone the list fits the width: nothing scrolls sideways.
    await here.setViewportSize({ width: 390, height: 844 });
    await expect(sessions.getByText('This device')).toBeVisible();
    expect(
      await here.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoAxeViolations(here);
  } finally {
    await here.context().close();
    await there.context().close();
  }
});
