import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn } from '../fixtures/auth.ts';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';
import { expect, test } from '../fixtures/test.ts';

// A phone: the layout findings of the QA review were all at this size.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

async function expectInViewport(page: Page, name: string) {
  const box = await page.getByRole('tab', { name }).boundingBox();
  expect(box, `tab ${name} is rendered`).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
}

/** Scan the loaded page, not its skeletons. */
async function waitUntilLoaded(page: Page) {
  await expect(page.locator('[aria-busy="true"], .animate-pulse, .animate-spin')).toHaveCount(0);
}

async function openPatient(page: Page, name: string, tab: string) {
  const id = await page.evaluate(async (fullName) => {
    const response = await fetch(`/api/patients?search=${encodeURIComponent(fullName)}`);
    const body = (await response.json()) as { items: Array<{ id: string; fullName: string }> };
    return body.items.find((item) => item.fullName === fullName)?.id;
  }, name);
  expect(id, `${name} is visible to this user`).toBeTruthy();
  await page.goto(`/patients/${id}?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

for (const theme of ['light', 'dark'] as const) {
  test(`admin tabs stay in view and Settings does not scroll sideways (${theme})`, async ({
    pageAs,
  }) => {
    const page = await pageAs('admin');
    await page.goto('/dashboard/admin?tab=settings');
    await setTheme(page, theme);
    await expect(page.getByRole('table', { name: 'Mail outbox, newest first' })).toBeVisible();
    await waitUntilLoaded(page);
    for (const name of ['Overview', 'All Patients', 'Users', 'Templates', 'Audit Logs', 'Settings'])
      await expectInViewport(page, name);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  test(`a patient's billing tab reads on a phone (${theme})`, async ({ pageAs }) => {
    const page = await pageAs('clinic');
    await page.goto('/dashboard/clinic');
    await setTheme(page, theme);
    await openPatient(page, 'Maria Delgado', 'billing');
    for (const name of ['Overview', 'Demographics', 'Documents', 'Messages', 'Billing'])
      await expectInViewport(page, name);
    const history = page.getByRole('region', { name: 'Billing History table' });
    await expect(history).toHaveAttribute('tabindex', '0');
    await waitUntilLoaded(page);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
}

test('the phone header keeps the e-mail, the organisation and Sign out in the account menu', async ({
  page,
}) => {
  await signIn(page, 'clinic');
  // The desktop controls are hidden at this size.
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  await expect(menu.getByText(DEMO_ACCOUNTS.clinic.email)).toBeVisible();
  await expect(menu.getByText('Harbor Physical Therapy')).toBeVisible();
  await expectNoAxeViolations(page);
  await setTheme(page, 'dark');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(menu).toBeVisible();
  await expectNoAxeViolations(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expectControlNotCovered(page, page.getByLabel('Email'));
});

test('the patient name opens the case from a table whose actions are off screen', async ({
  pageAs,
}) => {
  const page = await pageAs('attorney');
  await page.goto('/dashboard/firm');
  const table = page.getByRole('table', { name: 'Client Cases' });
  const nameLink = table.getByRole('rowheader').first().getByRole('link');
  const name = (await nameLink.textContent()) ?? '';
  await nameLink.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
