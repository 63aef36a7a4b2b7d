import type { Page } from '@playwright/test';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Reduction negotiation and the settlement preview, across browsers signed in as
 * different parties: the attorney proposes, the lienholder counters, the attorney accepts, and
 * both pages show the locked balance without a reload; the attorney's worksheet computes the net
 * as they type, saves, and prints one clean page.
 */

async function billPatient(clinic: Page, patientId: string, amount: string) {
  const response = await clinic.request.post(`/api/patients/${patientId}/billing`, {
    data: { cptCode: '97110', sessionCount: 4, amount },
  });
  expect(response.status()).toBe(201);
}

async function openLien(page: Page, patientId: string) {
  await page.goto(`/patients/${patientId}?tab=billing`);
  return page.getByRole('region', { name: /^Reductions — MedLien Funding Partners/ });
}

const balanceOf = (lien: ReturnType<Page['getByRole']>) => lien.getByTestId('lien-balance');

test('attorney proposes, lienholder counters, attorney accepts: the balance follows live', async ({
  pageAs,
  createPatient,
}) => {
  // Three browsers and several axe runs on a shared machine.
  test.slow();
  const patientId = await createPatient({ fullName: 'Reduced Rita' });
  await billPatient(await pageAs('clinic'), patientId, '1000');
  const attorney = await pageAs('attorney');
  const lienholder = await pageAs('lienholder');
  const attorneyLien = await openLien(attorney, patientId);
  const lienholderLien = await openLien(lienholder, patientId);
  await expect(balanceOf(attorneyLien)).toHaveText('$1,000.00');
  await expect(balanceOf(lienholderLien)).toHaveText('$1,000.00');
  await expect(lienholderLien.getByRole('button', { name: 'Propose reduction' })).toHaveCount(0);

  await attorneyLien.getByRole('button', { name: 'Propose reduction' }).click();
  const proposal = attorney.getByRole('dialog', { name: 'Propose reduction' });
  await proposal.getByRole('button', { name: 'Propose reduction' }).click();
  await expect(proposal.getByText('Enter the reduction.')).toBeVisible();
  await proposal.getByLabel(/^Reduction \(\$\)/).fill('300');
  await proposal.getByLabel('Note').fill('Policy limits');
  await proposal.getByRole('button', { name: 'Propose reduction' }).click();
  await expect(attorney.getByText('Reduction proposed')).toBeVisible();
  await expect(proposal).toBeHidden();

  // The lienholder's page shows the offer without a reload, and counters with a percentage.
  await expect(lienholderLien.getByText(/Open offer.*\$300\.00 by Morgan Hale/)).toBeVisible();
  await lienholderLien.getByRole('button', { name: 'Counter' }).click();
  const counter = lienholder.getByRole('dialog', { name: 'Counter offer' });
  await counter.getByLabel('Offer as').selectOption('percent');
  await counter.getByLabel(/^Reduction \(%\)/).fill('20');
  await counter.getByRole('button', { name: 'Send counter offer' }).click();
  await expect(lienholder.getByText('Counter offer sent')).toBeVisible();

  await expect(
    attorneyLien.getByText(/Open offer.*20 % \(\$200\.00\) by Lee Medlien/),
  ).toBeVisible();
  await expectNoAxeViolations(attorney);
  await attorneyLien.getByRole('button', { name: 'Accept' }).click();
  const confirm = attorney.getByRole('alertdialog', { name: 'Accept offer' });
  await expect(confirm).toContainText('The reduced balance is then locked');
  await confirm.getByRole('button', { name: 'Accept' }).click();
  const accepted = attorney.getByText('Reduction accepted: the reduced balance is locked');
  await expect(accepted).toBeVisible();
  await expectControlNotCovered(
    attorney,
    attorneyLien.getByRole('button', { name: 'Propose reduction' }),
  );

  await expect(balanceOf(attorneyLien)).toHaveText('$800.00');
  await expect(balanceOf(lienholderLien)).toHaveText('$800.00');
  const history = lienholderLien.getByRole('table');
  await expect(history.getByRole('row', { name: /Accepted/ })).toContainText('20 % ($200.00)');
  await expect(history.getByRole('row', { name: /Countered/ })).toContainText('$300.00');
  await expectNoAxeViolations(lienholder);
  await setTheme(lienholder, 'dark');
  await expect(balanceOf(lienholderLien)).toHaveText('$800.00');
  await expectNoAxeViolations(lienholder);
});

test('the settlement worksheet computes as the attorney types, saves and prints', async ({
  pageAs,
  createPatient,
}) => {
  // Three browsers and several axe runs on a shared machine.
  test.slow();
  const patientId = await createPatient({ fullName: 'Settled Sam' });
  await billPatient(await pageAs('clinic'), patientId, '1000');
  const attorney = await pageAs('attorney');
  await attorney.goto(`/patients/${patientId}?tab=billing`);
  const worksheet = attorney.getByRole('region', { name: 'Settlement preview' });
  await worksheet.getByLabel(/^Gross settlement/).fill('10,000');
  await worksheet.getByLabel('Attorney fee (%)').fill('33.33');
  await worksheet.getByLabel('Case costs').fill('500');
  const figures = worksheet.getByRole('table', { name: 'Settlement figures' });
  await expect(figures.getByRole('row', { name: /Attorney fee \(33\.33 %\)/ })).toContainText(
    '$3,333.00',
  );
  await expect(figures.getByTestId('settlement-net')).toHaveText('$5,167.00');
  await worksheet.getByRole('button', { name: 'Save draft' }).click();
  await expect(attorney.getByText('Settlement draft saved')).toBeVisible();
  await expectNoAxeViolations(attorney);
  // Saved: after a reload (here into the dark theme) the worksheet reads the draft back.
  await setTheme(attorney, 'dark');
  await expect(worksheet.getByLabel(/^Gross settlement/)).toHaveValue('10000.00');
  await expect(figures.getByTestId('settlement-net')).toHaveText('$5,167.00');
  await expectNoAxeViolations(attorney);

  await worksheet.getByRole('link', { name: 'Print view' }).click();
  await expect(
    attorney.getByRole('heading', { name: 'Settlement preview', level: 1 }),
  ).toBeVisible();
  await expect(attorney.getByText('Patient: Settled Sam')).toBeVisible();
  const sheet = attorney.getByRole('table', { name: 'Settlement figures' });
  await expect(sheet.getByRole('row', { name: /Lien: MedLien Funding Partners/ })).toContainText(
    '$1,000.00',
  );
  await expect(sheet.getByTestId('settlement-net')).toHaveText('$5,167.00');
  await expectNoAxeViolations(attorney);

  await attorney.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await attorney.getByRole('button', { name: 'Print' }).click();
  expect(await attorney.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await attorney.emulateMedia({ media: 'print' });
  await expect(attorney.locator('header').first()).toBeHidden();
  await expect(attorney.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sheet).toBeVisible();
});
