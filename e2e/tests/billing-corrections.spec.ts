import type { Page } from '@playwright/test';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Corrections of billing lines: a void leaves every total and the lienholder's
 * figures live, a stale edit shows the conflict in place, and the line's history says who
 * changed what and why.
 */

/** Adds a line through the API as the page's user (dated today) and returns it. */
async function addLine(page: Page, patientId: string, cptCode: string, amount: string) {
  const response = await page.request.post(`/api/patients/${patientId}/billing`, {
    data: { cptCode, sessionCount: 2, amount },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; date: string; version: number };
}

async function openBilling(page: Page, patientId: string) {
  await page.goto(`/patients/${patientId}?tab=billing`);
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('table', { name: 'Billing History' });
}

const money = (dollars: number) =>
  dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

test('a voided line leaves the totals and the lienholder dashboard at once', async ({
  pageAs,
  createPatient,
}) => {
  const clinic = await pageAs('clinic');
  const lienholder = await pageAs('lienholder');
  const patientId = await createPatient({ fullName: 'Voided Valerie' });
  await addLine(clinic, patientId, '97110', '240');
  await addLine(clinic, patientId, '97140', '100');

  await lienholder.goto('/dashboard/lienholder');
  const totalBilled = lienholder.getByLabel(/^Total Billed: /);
  const recent = lienholder.getByRole('table', { name: 'Recent Billing Activity' });
  await expect(recent.getByRole('row', { name: /Voided Valerie 97110 2 \$240\.00/ })).toBeVisible();
  const before = Number((await totalBilled.textContent())!.replace(/[$,]/g, ''));

  const history = await openBilling(clinic, patientId);
  await expect(history.getByRole('row', { name: 'Total Medical Specials $340.00' })).toBeVisible();
  await history.getByRole('button', { name: /^Void 97110 × 2, \$240\.00 on / }).click();
  const dialog = clinic.getByRole('dialog', { name: 'Void Billing Entry' });
  await expect(dialog).toHaveAccessibleDescription(
    /^Void 97110 × 2, \$240\.00 on \w{3} \d+, \d{4}\?/,
  );
  await dialog.getByRole('button', { name: 'Void Entry' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByLabel(/Reason/).fill('Entered twice');
  await dialog.getByRole('button', { name: 'Void Entry' }).click();
  await expect(clinic.getByText('Billing entry voided')).toBeVisible();
  await expect(dialog).toBeHidden();
  const voidedRow = history.getByRole('row', { name: /^97110 2 \$240\.00/ });
  await expectControlNotCovered(clinic, voidedRow.getByRole('button', { name: /^History/ }));
  // Void is gone from the row: focus lands on its History.
  await expect(voidedRow.getByRole('button', { name: /^History/ })).toBeFocused();

  await expect(voidedRow).toContainText('Voided');
  await expect(voidedRow).toContainText('Reason: Entered twice');
  await expect(voidedRow.getByRole('button', { name: /^(Edit|Void)/ })).toHaveCount(0);
  await expect(
    history.getByRole('row', { name: /^Total Medical Specials.*\$100\.00$/ }),
  ).toContainText('Voided entries are not counted');

  // The lienholder's page follows without a reload.
  await expect(totalBilled).toHaveText(money(before - 240));
  await expect(recent.getByRole('row', { name: /Voided Valerie 97110/ })).toHaveCount(0);
  await expect(recent.getByRole('row', { name: /Voided Valerie 97140 2 \$100\.00/ })).toBeVisible();

  // The history names who voided it and why, for the lienholder too.
  const lienholderHistory = await openBilling(lienholder, patientId);
  await lienholderHistory.getByRole('button', { name: /^History 97110/ }).click();
  const changes = lienholder.getByRole('dialog', { name: 'Billing Entry History' });
  await expect(changes.getByRole('listitem')).toHaveText([
    /^Voided by Casey Harbor \(Clinic Staff\) on .*Reason: Entered twice$/,
  ]);
  await expect(lienholderHistory.getByRole('button', { name: /^(Edit|Void)/ })).toHaveCount(0);

  const csv = await clinic.request.get(`/api/patients/${patientId}/billing.csv`);
  expect(await csv.text()).not.toContain('97110');
});

test('a stale edit shows the conflict in place and keeps the typed values', async ({
  pageAs,
  createPatient,
}) => {
  const clinic = await pageAs('clinic');
  const admin = await pageAs('admin');
  const patientId = await createPatient({ fullName: 'Stale Stella' });
  const line = await addLine(clinic, patientId, '97530', '90');

  const history = await openBilling(clinic, patientId);
  await history.getByRole('button', { name: /^Edit 97530/ }).click();
  const dialog = clinic.getByRole('dialog', { name: 'Edit Billing Entry' });
  await dialog.getByLabel('Amount').fill('95');
  await dialog.getByLabel(/Reason for the change/).fill('Fee schedule');

  // Meanwhile an administrator corrects the sessions of the same line.
  const edited = await admin.request.patch(`/api/patients/${patientId}/billing/${line.id}`, {
    data: { cptCode: '97530', sessionCount: '4', amount: '90', date: line.date, reason: 'Four' },
    headers: { 'if-match': `"${line.version}"` },
  });
  expect(edited.status()).toBe(200);
  await expect(dialog.getByText(/^Changed by Avery Admin at \d\d:\d\d —/)).toBeVisible();
  await expect(dialog.getByLabel('Amount')).toHaveValue('95');

  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const conflict = dialog.getByRole('alert').filter({ hasText: 'Not saved' });
  await expect(conflict).toContainText(/Not saved: Changed by Avery Admin at \d\d:\d\d/);
  await expect(conflict.getByRole('row', { name: /Sessions 4 2/ })).toBeVisible();
  await expect(dialog.getByLabel('Amount')).toHaveValue('95');
  await expectNoAxeViolations(clinic);

  await conflict.getByRole('button', { name: 'Keep my changes on top' }).click();
  await expect(dialog.getByLabel('Session Count')).toHaveValue('4');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(clinic.getByText('Billing entry updated')).toBeVisible();
  await expect(history.getByRole('row', { name: /^97530 4 \$95\.00/ })).toBeVisible();
  await expectControlNotCovered(clinic, history.getByRole('button', { name: /^Edit 97530/ }));
});

for (const theme of ['light', 'dark'] as const) {
  test(`the billing corrections have no axe violations and fit a phone (${theme})`, async ({
    pageAs,
    createPatient,
  }) => {
    const page = await pageAs('clinic');
    await page.setViewportSize({ width: 390, height: 844 });
    const patientId = await createPatient({ fullName: `Corrections ${theme} Cora` });
    const line = await addLine(page, patientId, '97110', '240');
    const voided = await addLine(page, patientId, '97012', '40');
    const voidedAnswer = await page.request.post(
      `/api/patients/${patientId}/billing/${voided.id}/void`,
      { data: { reason: 'Not performed', version: voided.version } },
    );
    expect(voidedAnswer.status()).toBe(200);
    await page.request.patch(`/api/patients/${patientId}/billing/${line.id}`, {
      data: {
        cptCode: '97110',
        sessionCount: '3',
        amount: '240',
        date: line.date,
        reason: 'Three',
      },
      headers: { 'if-match': '"1"' },
    });
    await page.goto('/dashboard/clinic');
    await setTheme(page, theme);
    const history = await openBilling(page, patientId);
    await expect(history.getByText('Reason: Not performed')).toBeVisible();
    await expectNoAxeViolations(page);

    const fitsThePhone = async (name: string) => {
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    };
    // Keyboard only: focus a row's button and open its dialog with Enter.
    await history.getByRole('button', { name: /^Edit 97110/ }).focus();
    await page.keyboard.press('Enter');
    await fitsThePhone('Edit Billing Entry');
    await expect(history.getByRole('button', { name: /^Edit 97110/ })).toBeFocused();
    await history.getByRole('button', { name: /^Void 97110/ }).click();
    await fitsThePhone('Void Billing Entry');
    await history.getByRole('button', { name: /^History 97110/ }).click();
    await expect(page.getByRole('dialog').getByText(/^Edited by Casey Harbor/)).toBeVisible();
    await fitsThePhone('Billing Entry History');
  });
}
