import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';
import { expect, test } from '../fixtures/test.ts';

// The single-page tests are the demo clinic user's; others open a page per user with pageAs.
test.use({ role: 'clinic' });

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

/** The unread count the bell announces (0 when it announces none). */
async function readBadge(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  const match = /(\d+)\+? unread/.exec(name);
  return match ? Number(match[1]) : 0;
}

const composer = (page: Page) => page.getByPlaceholder('Type your message...');
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' });
const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });
const messageItem = (page: Page, text: string): Locator =>
  messageList(page).getByRole('listitem').filter({ hasText: text });

test('a message reaches the attorney live, with the bell, and the clinic sees it read', async ({
  pageAs,
  createPatient,
}) => {
  const clinic = await pageAs('clinic');
  const firm = await pageAs('attorney');
  const name = 'Live Message Lara';
  const patientId = await createPatient({ fullName: name });
  await firm.goto('/dashboard/firm');
  await expect(bell(firm)).toBeVisible();
  const before = await readBadge(firm);

  await clinic.goto(`/patients/${patientId}?tab=messages`);
  await expect(clinic.getByRole('heading', { name: 'Team Messages' })).toBeVisible();
  await expect(clinic.getByText('No messages yet')).toBeVisible();
  await expect(clinic.getByText('0 messages')).toBeVisible();
  await composer(clinic).fill('  First visit scheduled for Tuesday.  ');
  await sendButton(clinic).click();
  await expect(clinic.getByText('Message sent successfully')).toBeVisible();
  await expectControlNotCovered(clinic, composer(clinic));
  const sent = messageItem(clinic, 'First visit scheduled for Tuesday.');
  await expect(sent).toContainText('Harbor Physical Therapy');
  await expect(sent.getByRole('img', { name: 'Sent' })).toBeVisible();
  await expect(clinic.getByText('1 message', { exact: true })).toBeVisible();

  // The attorney's bell counts it without a reload.
  await expect.poll(() => readBadge(firm)).toBeGreaterThan(before);
  await bell(firm).click();
  const notice = firm
    .getByRole('menuitem')
    .filter({ hasText: `New message from Harbor Physical Therapy regarding ${name}` });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(firm).toHaveURL(new RegExp(`/patients/${patientId}\\?tab=messages$`));
  await expect(firm.getByRole('tab', { name: 'Messages', selected: true })).toBeVisible();
  await expect(messageItem(firm, 'First visit scheduled for Tuesday.')).toBeVisible();

  // Opening the thread marked it read: the clinic sees the double check live.
  await expect(sent.getByRole('img', { name: 'Read' })).toBeVisible();

  // And the next message arrives in the attorney's open thread by itself.
  await composer(clinic).fill('Bring the imaging CD, please.');
  await composer(clinic).press('Enter');
  await expect(messageItem(firm, 'Bring the imaging CD, please.')).toBeVisible();
  await expect(messageItem(firm, 'Bring the imaging CD, please.')).toContainText('Casey Harbor');
  await expect(
    messageItem(clinic, 'Bring the imaging CD, please.').getByRole('img', { name: 'Read' }),
  ).toBeVisible();

  // The attorney answers; the badge colours follow the role.
  await composer(firm).fill('Will do.');
  await sendButton(firm).click();
  await expect(messageItem(clinic, 'Will do.')).toContainText('Morgan & Hale Injury Law');
});

test('Enter sends, Shift+Enter adds a line, blank never sends, the e-mail box resets', async ({
  page,
  createPatient,
}) => {
  const patientId = await createPatient({ fullName: 'Keyboard Kim' });
  await page.goto(`/patients/${patientId}?tab=messages`);
  await expect(page.getByText('No messages yet')).toBeVisible();

  await expect(sendButton(page)).toBeDisabled();
  await composer(page).fill('   ');
  await expect(sendButton(page)).toBeDisabled();
  await composer(page).press('Enter');
  await expect(page.getByText('No messages yet')).toBeVisible();

  await composer(page).fill('Line one');
  await composer(page).press('Shift+Enter');
  await composer(page).pressSequentially('Line two');
  await expect(composer(page)).toHaveValue('Line one\nLine two');
  await expect(page.getByText('No messages yet')).toBeVisible();

  const notify = page.getByLabel('Also notify by email');
  await notify.check();
  await composer(page).press('Enter');
  await expect(page.getByText('Message sent successfully')).toBeVisible();
  await expectControlNotCovered(page, sendButton(page));
  const item = messageItem(page, 'Line one');
  await expect(item).toContainText('Line one\nLine two', { useInnerText: true });
  await expect(composer(page)).toHaveValue('');
  await expect(notify).not.toBeChecked();
  await expect(page.getByText('1 message', { exact: true })).toBeVisible();
});

test('the template picker fills the text with the patient name', async ({
  page,
  createPatient,
}) => {
  const patientId = await createPatient({ fullName: 'Template Tess' });
  await page.goto(`/patients/${patientId}?tab=messages`);
  const picker = page.getByLabel('Template');
  await expect(picker.locator('option', { hasText: 'Introduction' })).toHaveCount(1);
  await expect(picker.locator('option', { hasText: 'Reminder' })).toHaveCount(1);
  await picker.selectOption({ label: 'Introduction' });
  await expect(composer(page)).toHaveValue(/Template Tess/);
  await expect(composer(page)).not.toHaveValue(/\{\{/);

  // An admin-created template arrives in the same picker.
  await expect(picker.locator('option', { hasText: 'Records request' })).toHaveCount(1);
  await picker.selectOption({ label: 'Records request' });
  await expect(composer(page)).toHaveValue(
    'Please send the most recent treatment records for Template Tess.',
  );
  await sendButton(page).click();
  await expect(messageItem(page, 'treatment records for Template Tess')).toBeVisible();
});

test('the Notification Center lists, marks read and saves preferences', async ({
  pageAs,
  createPatient,
}) => {
  const clinic = await pageAs('clinic');
  const firm = await pageAs('attorney');
  const name = 'Center Cara';
  const patientId = await createPatient({ fullName: name });
  await clinic.goto(`/patients/${patientId}?tab=messages`);
  await composer(clinic).fill('Notification center check');
  await sendButton(clinic).click();
  await expect(clinic.getByText('Message sent successfully')).toBeVisible();

  await firm.goto('/notifications');
  await expect(firm.getByRole('heading', { level: 1, name: 'Notification Center' })).toBeVisible();
  const item = firm
    .getByRole('listitem')
    .filter({ hasText: `New message from Harbor Physical Therapy regarding ${name}` });
  await expect(item).toContainText(name);
  await expect(item).toContainText('Just now');
  await expect(item).toContainText('From: Clinic');
  await expect(item).toContainText('Type: Message');
  await expect(item).toContainText('Unread');
  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(item.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(item).not.toContainText('Unread');

  await firm.getByRole('tab', { name: 'Preferences' }).click();
  await expect(firm.getByLabel('Notification email')).toHaveValue('attorney@demo.test');
  await expect(firm.getByLabel('Digest frequency')).toHaveValue('Daily');
  await firm.getByLabel('Digest frequency').selectOption('Weekly');
  await firm.getByLabel('New messages').uncheck();
  await firm.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(firm.getByText('Preferences saved successfully')).toBeVisible();
  await expectControlNotCovered(firm, firm.getByRole('button', { name: 'Save Preferences' }));
  await firm.reload();
  await expect(firm.getByLabel('Digest frequency')).toHaveValue('Weekly');
  await expect(firm.getByLabel('New messages')).not.toBeChecked();
  await expect(firm.getByLabel('Status changes')).toBeChecked();
  // Restore the defaults for the other tests of the run.
  await firm.getByLabel('Digest frequency').selectOption('Daily');
  await firm.getByLabel('New messages').check();
  await firm.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(firm.getByText('Preferences saved successfully')).toBeVisible();
});

test('Mark all as read in the bell clears the badge', async ({ pageAs, createPatient }) => {
  const clinic = await pageAs('clinic');
  const lien = await pageAs('lienholder');
  const patientId = await createPatient({ fullName: 'Bell Bianca' });
  await clinic.goto(`/patients/${patientId}?tab=messages`);
  await composer(clinic).fill('For the lienholder');
  await sendButton(clinic).click();
  await expect(clinic.getByText('Message sent successfully')).toBeVisible();

  await lien.goto('/dashboard/lienholder');
  await expect.poll(() => readBadge(lien)).toBeGreaterThan(0);
  await bell(lien).click();
  await lien.getByRole('menuitem', { name: 'Mark all as read' }).click();
  await expect(lien.getByText('All notifications marked as read')).toBeVisible();
  await expect(bell(lien)).toHaveAccessibleName('Notifications');
  await expect(lien.getByRole('menuitem', { name: 'View all notifications' })).toBeVisible();
  // The menu stays open under the toast: it opens below the band the toasts appear in.
  await expectControlNotCovered(lien, lien.getByRole('menuitem', { name: 'Mark all as read' }));
  await lien.getByRole('menuitem', { name: 'View all notifications' }).click();
  await expect(lien).toHaveURL(/\/notifications$/);
});

test('the treatment summary draft is posted to Team Messages', async ({ page, createPatient }) => {
  const patientId = await createPatient({ fullName: 'Summary Sam' });
  await page.goto(`/patients/${patientId}`);
  await expect(page.getByRole('heading', { name: 'AI-Powered Treatment Summary' })).toBeVisible();
  await page.getByRole('button', { name: 'Enhance Note' }).click();
  const enhance = page.getByRole('button', { name: 'Enhance with AI' });
  await expect(enhance).toBeDisabled();
  await page.getByLabel('Brief update').fill('pain down to 3/10 after two sessions');
  await enhance.click();
  const draft = page.getByLabel('Draft summary');
  await expect(draft).toHaveValue(/Treatment summary for Summary Sam/);
  await expect(draft).toHaveValue(/Update: Pain down to 3\/10 after two sessions\./);
  await draft.fill(`${await draft.inputValue()}\nReviewed by Casey.`);
  await page.getByRole('button', { name: 'Use This Summary' }).click();
  await expect(page.getByText('Message sent successfully')).toBeVisible();
  await expectControlNotCovered(page, page.getByRole('tab', { name: 'Messages' }));
  await expect(page.getByLabel('Brief update')).toHaveValue('');
  await expect(page.getByLabel('Draft summary')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(messageItem(page, 'Reviewed by Casey.')).toContainText(
    'Treatment summary for Summary Sam',
  );

  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Enhance Note' }).click();
  await page.getByLabel('Brief update').fill('something');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Brief update')).toHaveValue('');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByLabel('Brief update')).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Messages tab, the bell and the Notification Center have no axe violations (${theme})`, async ({
    pageAs,
    createPatient,
  }) => {
    // Two users and four full-page scans.
    test.setTimeout(120_000);
    const clinic = await pageAs('clinic');
    const firm = await pageAs('attorney');
    const patientId = await createPatient({ fullName: `Axe ${theme} Avery` });
    await firm.goto(`/patients/${patientId}?tab=messages`);
    await setTheme(firm, theme);
    await composer(firm).fill('Attorney note for contrast');
    await sendButton(firm).click();
    await expect(firm.getByText('Message sent successfully')).toBeVisible();

    await clinic.goto(`/patients/${patientId}?tab=messages`);
    await setTheme(clinic, theme);
    await composer(clinic).fill('Clinic note for contrast');
    await sendButton(clinic).click();
    await expect(messageItem(clinic, 'Clinic note for contrast')).toBeVisible();
    await expect(
      messageItem(clinic, 'Clinic note for contrast').getByRole('img', { name: 'Read' }),
    ).toBeVisible();
    await clinic.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    await expectNoAxeViolations(clinic);

    await bell(clinic).click();
    await expect(clinic.getByRole('menuitem', { name: 'View all notifications' })).toBeVisible();
    await expectNoAxeViolations(clinic);
    await clinic.keyboard.press('Escape');

    await clinic.goto('/notifications');
    await expect(clinic.getByRole('button', { name: 'Mark as read' }).first()).toBeVisible();
    await expectNoAxeViolations(clinic);
    await clinic.getByRole('tab', { name: 'Preferences' }).click();
    await expect(clinic.getByRole('button', { name: 'Save Preferences' })).toBeVisible();
    await expectNoAxeViolations(clinic);
  });
}
