import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { billAs, expectNoSidewaysScroll as expectNoPageScroll } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * The lien ledger: the lienholder records a payment on the patient's Billing tab; the
 * ledger's balance and the portfolio on its open dashboard follow live; the attorney sees the
 * ledger but cannot record; the whole portfolio downloads as one CSV; the dashboard passes axe
 * in both themes.
 */
test('the lienholder records a payment and the balance and portfolio follow', async ({
  pageAs,
  createPatient,
}) => {
  test.slow();
  const fullName = 'Ledger Lena';
  const patientId = await createPatient({ fullName });
  const clinic = await pageAs('clinic');
  await clinic.goto('/dashboard');
  await billAs(clinic, patientId, '500.00');

  const dashboard = await pageAs('lienholder');
  await dashboard.goto('/dashboard');
  const portfolio = dashboard.getByRole('region', { name: 'Portfolio', exact: true });
  await portfolio.getByLabel('Search patients').fill('Ledger Lena');
  const row = portfolio.getByRole('row', { name: new RegExp(fullName) });
  await expect(row).toContainText('$500.00');

  const ledger = await pageAs('lienholder');
  await ledger.goto(`/patients/${patientId}?tab=billing`);
  const lien = ledger.getByRole('article', { name: 'MedLien Funding Partners' });
  await expect(lien.getByText('$500.00').first()).toBeVisible();
  await lien.getByLabel('Amount received').fill('125.50');
  await lien.getByLabel('Reference (optional)').fill('CK 1042');
  await lien.getByRole('button', { name: 'Record payment' }).click();
  await expect(ledger.getByText('Payment recorded')).toBeVisible();
  await expect(lien.getByRole('definition').filter({ hasText: '$374.50' })).toBeVisible();
  await expect(lien.getByRole('cell', { name: 'CK 1042' })).toBeVisible();

  // The dashboard, open all along, shows the new paid and balance without a reload.
  await expect(row).toContainText('$125.50');
  await expect(row).toContainText('$374.50');

  // The firm reads the ledger but records nothing.
  const attorney = await pageAs('attorney');
  await attorney.goto(`/patients/${patientId}?tab=billing`);
  const firmLien = attorney.getByRole('article', { name: 'MedLien Funding Partners' });
  await expect(firmLien.getByText('$374.50')).toBeVisible();
  await expect(firmLien.getByRole('button', { name: 'Record payment' })).toHaveCount(0);

  // Sorting says how the table is sorted.
  const balanceHeader = portfolio.getByRole('columnheader', { name: 'Balance' });
  await balanceHeader.getByRole('button').click();
  await expect(balanceHeader).toHaveAttribute('aria-sort', 'ascending');

  // The whole portfolio (its filters kept) as one CSV.
  const download = dashboard.waitForEvent('download');
  await portfolio.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'Patient,Lienholder,Case status,Intake date,Last care,Days since treatment,Treatment gap,Billed,Reduced,Paid,Balance',
  );
  expect(lines.find((line) => line.startsWith(`${fullName},`))).toContain(
    '500.00,0.00,125.50,374.50',
  );

  await expectNoAxeViolations(dashboard);
  await setTheme(dashboard, 'dark');
  await expect(dashboard.getByRole('region', { name: 'Portfolio', exact: true })).toBeVisible();
  await expectNoAxeViolations(dashboard);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  /** The page itself never scrolls sideways: wide tables scroll inside their own box. */
  async function expectNoSidewaysScroll(page: Page) {
    await expectNoPageScroll(page);
    await expectNoAxeViolations(page);
  }

  test('the portfolio and the lien ledger read at phone width', async ({ pageAs }) => {
    const page = await pageAs('lienholder');
    await page.goto('/dashboard');
    const row = page
      .getByRole('region', { name: 'Portfolio', exact: true })
      .getByRole('row', { name: /James Whitfield/ });
    await expect(row).toBeVisible();
    await expectNoSidewaysScroll(page);
    await row.getByRole('link').click();
    const lien = page.getByRole('article', { name: 'MedLien Funding Partners' });
    await expect(lien.getByRole('button', { name: 'Record payment' })).toBeVisible();
    // The demo's voided payment stays listed with its reason.
    await expect(lien.getByText('Voided: Entered twice')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
