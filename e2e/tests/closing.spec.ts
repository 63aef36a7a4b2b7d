import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { billAs, expectNoSidewaysScroll } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Settlement to a closed case: the firm records the settlement and proposes MedLien's payoff
 * below its balance; the lienholder confirms it from its dashboard's inbox; the ledger shows the
 * rest waived; the firm downloads the statement's PDF, opens its print view, marks the funds
 * disbursed and closes the case, which leaves the firm's active list and is found with the
 * Cases filter.
 */
test('the firm settles, the lienholder confirms the payoff, the firm closes the case', async ({
  pageAs,
  createPatient,
}) => {
  test.slow();
  const fullName = `Closing Chloe ${Date.now()}`;
  const patientId = await createPatient({ fullName });
  const clinic = await pageAs('clinic');
  await clinic.goto('/dashboard');
  await billAs(clinic, patientId, '2000.00');

  const firm = await pageAs('attorney');
  await firm.goto(`/patients/${patientId}?tab=billing`);
  const closing = firm.getByRole('region', { name: 'Settlement and disbursement' });
  const settlement = closing.getByRole('form', { name: 'Record settlement' });
  await settlement.getByLabel('Gross settlement ($)').fill('25,000.00');
  await settlement.getByLabel('Case costs ($)').fill('750');
  await settlement.getByRole('button', { name: 'Save settlement' }).click();
  await expect(firm.getByText('Settlement recorded; the case is now Settled')).toBeVisible();
  await expect(closing.getByText('Settled', { exact: true })).toBeVisible();

  const propose = closing.getByRole('form', { name: 'Propose payoff: MedLien Funding Partners' });
  await propose.getByLabel('Final payoff ($)').fill('1500');
  await propose.getByLabel('Note to the lienholder (optional)').fill('Pro-rata share');
  await propose.getByRole('button', { name: 'Send proposal' }).click();
  await expect(firm.getByText('Payoff proposed to the lienholder')).toBeVisible();
  await expect(closing.getByText('Awaiting the lienholder')).toBeVisible();
  await expect(closing.getByText(/Every lien must be paid/)).toBeVisible();
  await expectNoAxeViolations(firm);

  // The lienholder answers from its dashboard's inbox.
  const lienholder = await pageAs('lienholder');
  await lienholder.goto('/dashboard');
  const inbox = lienholder.getByRole('region', { name: 'Payoffs to answer' });
  await expect(inbox).toContainText('$1,500.00 from Morgan Hale');
  await expectNoAxeViolations(lienholder);
  await inbox.getByRole('link', { name: fullName }).click();
  await expect(lienholder).toHaveURL(new RegExp(`/patients/${patientId}\\?tab=billing`));
  const confirm = lienholder.getByRole('form', { name: 'Confirm payoff $1,500.00' });
  await confirm.getByLabel('Reference (optional)').fill('CK 2044');
  await confirm.getByRole('button', { name: 'Confirm payoff' }).click();
  await expect(lienholder.getByText('Payoff confirmed and payment recorded')).toBeVisible();

  // The firm's open page follows live: paid, the rest waived, not owed.
  await expect(closing.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(closing.getByText('Paid', { exact: true })).toBeVisible();
  const ledger = firm.getByRole('article', { name: 'MedLien Funding Partners' });
  await expect(ledger.getByRole('definition').filter({ hasText: '$500.00' })).toBeVisible();
  await expect(ledger.getByText('Waived by final payoff')).toBeVisible();
  const balance = ledger.locator('div').filter({ has: firm.getByText('Balance', { exact: true }) });
  await expect(balance.getByRole('definition')).toHaveText('$0.00');

  // The statement: a PDF, and a print view.
  const statementUrl = `/api/patients/${patientId}/disbursement-statement.pdf`;
  const pdf = await firm.request.get(statementUrl);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const download = firm.waitForEvent('download');
  await closing.getByRole('link', { name: 'Download statement (PDF)' }).click();
  const saved = await readFile((await (await download).path())!);
  expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await closing.getByRole('link', { name: 'Print view' }).click();
  await expect(firm).toHaveURL(new RegExp(`/patients/${patientId}/closing/statement$`));
  const statement = firm.getByRole('article', { name: 'Disbursement statement' });
  await expect(statement).toContainText(fullName);
  await expect(statement.getByRole('row', { name: /Gross settlement/ })).toContainText(
    '$25,000.00',
  );
  await expect(
    statement.getByRole('row', { name: /MedLien Funding Partners \(Confirmed\)/ }),
  ).toContainText('-$1,500.00');
  await expectNoAxeViolations(firm);
  await setTheme(firm, 'dark');
  await expect(statement).toBeVisible();
  await expectNoAxeViolations(firm);
  // Printed, it is black on white whatever the theme.
  await firm.emulateMedia({ media: 'print' });
  await expect(statement).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(firm.getByRole('button', { name: 'Print' })).toBeHidden();
  await firm.emulateMedia({ media: 'screen' });
  await firm.getByRole('link', { name: 'Back to patient' }).click();

  await closing.getByRole('button', { name: 'Mark disbursed' }).click();
  await expect(firm.getByText('Funds disbursed; the case is now Disbursed')).toBeVisible();
  await expectNoAxeViolations(firm);
  await closing.getByRole('button', { name: 'Close case' }).click();
  const dialog = firm.getByRole('alertdialog', { name: 'Close case' });
  await dialog.getByRole('button', { name: 'Close case' }).click();
  await expect(firm.getByText('Case closed', { exact: true }).first()).toBeVisible();
  await expect(closing.getByRole('button', { name: 'Close case' })).toHaveCount(0);

  // The closed case leaves the firm's active list; the Cases filter finds it.
  await firm.goto('/dashboard/firm');
  const table = firm.getByRole('table', { name: 'Client Cases' });
  await expect(table.getByRole('link', { name: /^View Case/ }).first()).toBeVisible();
  await expect(table.getByText(fullName)).toHaveCount(0);
  await firm.getByLabel('Cases', { exact: true }).selectOption({ label: 'Closed only' });
  await expect(firm).toHaveURL(/[?&]closed=closed/);
  await expect(table.getByRole('link', { name: `View Case: ${fullName}` })).toBeVisible();
  await firm.reload();
  await expect(firm.getByLabel('Cases', { exact: true })).toHaveValue('closed');
  await expect(table.getByRole('link', { name: `View Case: ${fullName}` })).toBeVisible();
  await expectNoAxeViolations(firm);
});

/**
 * At phone width, in both themes: the demo's William Foster (settled, a payoff awaiting MedLien)
 * on the firm's closing section and print view and on MedLien's inbox and answer form.
 */
test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  async function openFoster(page: Page) {
    const response = await page.request.get('/api/patients?search=William%20Foster');
    const body = (await response.json()) as { items: Array<{ id: string; fullName: string }> };
    const id = body.items.find((item) => item.fullName === 'William Foster')?.id;
    expect(id).toBeTruthy();
    return id!;
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`the closing screens read without sideways scroll (${theme})`, async ({ pageAs }) => {
      test.slow();
      const firm = await pageAs('attorney');
      await firm.goto('/dashboard');
      await setTheme(firm, theme);
      const patientId = await openFoster(firm);
      await firm.goto(`/patients/${patientId}?tab=billing`);
      const closing = firm.getByRole('region', { name: 'Settlement and disbursement' });
      await expect(closing.getByText('Awaiting the lienholder')).toBeVisible();
      await closing.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(firm);
      await expectNoAxeViolations(firm);
      await firm.goto(`/patients/${patientId}/closing/statement`);
      await expect(firm.getByRole('row', { name: /Gross settlement/ })).toContainText('$50,000.00');
      await expectNoSidewaysScroll(firm);
      await expectNoAxeViolations(firm);

      const lienholder = await pageAs('lienholder');
      await lienholder.goto('/dashboard');
      await setTheme(lienholder, theme);
      const inbox = lienholder.getByRole('region', { name: 'Payoffs to answer' });
      await expect(inbox.getByRole('link', { name: 'William Foster' })).toBeVisible();
      await expectNoSidewaysScroll(lienholder);
      await expectNoAxeViolations(lienholder);
      await inbox.getByRole('link', { name: 'William Foster' }).click();
      const answer = lienholder.getByRole('form', { name: 'Confirm payoff $600.00' });
      await expect(answer.getByRole('button', { name: 'Dispute' })).toBeVisible();
      await expectNoSidewaysScroll(lienholder);
      await expectNoAxeViolations(lienholder);
    });
  }
});
