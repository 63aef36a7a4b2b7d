import type { Page } from '@playwright/test';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Referrals: the firm refers a new client to Harbor from the directory; Harbor's open queue
 * shows it without a reload, Harbor accepts and the patient appears for both; a second referral
 * is declined with a reason the firm reads. Axe runs on the form, the queue (dark) and the sent
 * list, at a laptop's width and at a phone's.
 */

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

async function referFromDirectory(firm: Page, clientName: string) {
  await firm.goto('/directory');
  await firm.getByRole('button', { name: 'Refer a client to Harbor Physical Therapy' }).click();
  const dialog = firm.getByRole('dialog', { name: 'Refer a client' });
  await expect(dialog.getByLabel(/^Clinic/)).toHaveValue(/[0-9a-f-]{36}/);
  await dialog.getByLabel(/^Client name/).fill(clientName);
  await dialog.getByLabel(/^Date of birth/).fill('1989-09-21');
  await dialog.getByLabel('Phone').fill('(562) 555-0199');
  await dialog.getByLabel('Accident type').selectOption('auto');
  await dialog.getByLabel('Insurance carrier').fill('Golden Coast Mutual');
  await dialog.getByLabel('Letter of protection on file').check();
  await dialog.getByLabel('Urgency').selectOption('urgent');
  return dialog;
}

for (const viewport of [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const) {
  test.describe(`on a ${viewport.name}`, () => {
    // pageAs opens its own contexts, which take no test.use viewport: each page is sized here.
    const sized = async (page: Promise<Page>) => {
      const opened = await page;
      await opened.setViewportSize({ width: viewport.width, height: viewport.height });
      return opened;
    };

    test('the firm refers a client, the clinic accepts, the patient appears for both', async ({
      pageAs,
    }) => {
      const clientName = `Referred Rita ${viewport.name} ${Date.now()}`;
      const clinic = await sized(pageAs('clinic'));
      const firm = await sized(pageAs('attorney'));
      await clinic.goto('/dashboard/clinic');
      await clinic.getByRole('link', { name: 'Referrals' }).click();
      await expect(clinic).toHaveURL(/\/referrals$/);
      await setTheme(clinic, 'dark');
      const queue = clinic.getByRole('list', { name: 'Referrals received' });
      await expect(queue.getByRole('listitem', { name: 'Marcus Webb' })).toBeVisible();

      const dialog = await referFromDirectory(firm, clientName);
      await expectNoAxeViolations(firm);
      await dialog.getByRole('button', { name: 'Send referral' }).click();
      await expect(firm.getByText('Referral sent')).toBeVisible();

      // No reload: referral.changed made Harbor's queue stale and it refetched.
      const card = queue.getByRole('listitem', { name: clientName });
      await expect(card).toContainText('From Morgan & Hale Injury Law');
      await expect(card).toContainText('Urgent (24–48 hours)');
      await expect(card).toContainText('Golden Coast Mutual');
      await expectNoAxeViolations(clinic);
      await expectNoSidewaysScroll(clinic);
      await card.getByRole('button', { name: `Accept: ${clientName}` }).click();
      await expect(clinic.getByText('Referral accepted')).toBeVisible();
      await expect(card).toContainText('Accepted');
      await expect(card).toContainText(/Responded in/);
      await card.getByRole('link', { name: `Open patient: ${clientName}` }).click();
      await expect(clinic.getByRole('heading', { level: 1, name: clientName })).toBeVisible();
      await expect(clinic.getByText('Referred', { exact: true }).first()).toBeVisible();

      await firm.goto('/referrals');
      const sent = firm.getByRole('list', { name: 'Sent referrals' });
      const answered = sent.getByRole('listitem', { name: clientName });
      await expect(answered).toContainText('To Harbor Physical Therapy');
      await expect(answered).toContainText(/Responded in/);
      await expectNoAxeViolations(firm);
      await expectNoSidewaysScroll(firm);
      await answered.getByRole('link', { name: `Open patient: ${clientName}` }).click();
      await expect(firm.getByRole('heading', { level: 1, name: clientName })).toBeVisible();
    });

    test('the clinic declines with a reason, which the firm reads', async ({ pageAs }) => {
      const clientName = `Declined Dana ${viewport.name} ${Date.now()}`;
      const clinic = await sized(pageAs('clinic'));
      const firm = await sized(pageAs('attorney'));
      await firm.goto('/referrals');
      await setTheme(firm, 'dark');
      const dialog = await referFromDirectory(firm, clientName);
      await dialog.getByRole('button', { name: 'Send referral' }).click();
      await expect(firm.getByText('Referral sent')).toBeVisible();

      await clinic.goto('/referrals');
      const card = clinic
        .getByRole('list', { name: 'Referrals received' })
        .getByRole('listitem', { name: clientName });
      await card.getByRole('button', { name: `Decline: ${clientName}` }).click();
      const decline = clinic.getByRole('dialog', { name: 'Decline the referral' });
      await decline.getByRole('button', { name: 'Decline referral' }).click();
      await expect(decline.getByText('Enter the reason for declining')).toBeVisible();
      await decline.getByLabel(/^Reason/).fill('No openings for new auto cases until January');
      await expectNoAxeViolations(clinic);
      await decline.getByRole('button', { name: 'Decline referral' }).click();
      await expect(clinic.getByText('Referral declined')).toBeVisible();
      await expect(card).toContainText('Declined');

      await firm.goto('/referrals');
      const sent = firm
        .getByRole('list', { name: 'Sent referrals' })
        .getByRole('listitem', { name: clientName });
      await expect(sent).toContainText('No openings for new auto cases until January');
      await expect(sent).toContainText(/Responded in/);
      await expectNoAxeViolations(firm);
    });
  });
}
