import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, signInWithPassword as signInAs } from '../fixtures/auth.ts';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { readMailLink } from '../fixtures/mailbox.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';
import { expect, test } from '../fixtures/test.ts';

const NEW_PASSWORD = 'invited-user-password-1';
// The Overview tab is the page's default view; accessibility.spec.ts scans it.
const ADMIN_TABS = ['All Patients', 'Users', 'Templates', 'Audit Logs', 'Settings', 'System'];

/** Waits until nothing on the page is loading (skeletons, spinners). */
async function waitForContent(page: Page) {
  await expect(page.locator('[aria-busy="true"], .animate-pulse, .animate-spin')).toHaveCount(0);
}

async function openAdminTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/**
 * The invitation as the admin sees it in the Mail outbox (its link's token hidden), then the link
 * as the invited user reads it in their inbox.
 */
async function readInvitationLink(page: Page, email: string): Promise<string> {
  await page.goto('/dashboard/admin?tab=settings');
  await page.getByRole('searchbox', { name: 'Search mail by recipient or subject' }).fill(email);
  const view = page.getByRole('button', { name: new RegExp(`^View mail to ${email}`) });
  await expect(view).toHaveCount(1);
  await view.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Mail text')).toContainText(
    '/accept-invite?token=[hidden: only the recipient may use this link]',
  );
  await expect(dialog.getByText(/The link in this e-mail is hidden/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  return readMailLink(email, '/accept-invite');
}

async function setApprovalSetting(page: Page, isOn: boolean) {
  await page.goto('/dashboard/admin?tab=settings');
  const toggle = page.getByLabel('Require approval for new users');
  await expect(toggle).toBeVisible();
  if ((await toggle.isChecked()) !== isOn) await toggle.click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
}

const invitationSent = (email: string) => `An invitation was e-mailed to ${email}.`;

/** The spec's toast; the same text is also shown at the field it is about. */
const toast = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

// Long multi-user flows on a shared machine: more time than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('Add New User validates in the spec order, then creates a clinic user who accepts the invitation and signs in', async ({
  pageAs,
  browser,
}) => {
  const page = await pageAs('admin');
  await page.goto('/dashboard/admin?tab=users');
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await expect(dialog.getByText('Can manage patients and view referrals')).toBeVisible();
  await expect(dialog.getByText('Full access and user management')).toBeVisible();

  const create = dialog.getByRole('button', { name: 'Create User' });
  await create.click();
  await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
  // A modal sits below the toasts: the field to fix stays usable.
  await expectControlNotCovered(page, dialog.getByLabel('Full name'));
  await dialog.getByLabel('Full name').fill('Cora Clinician');
  await dialog.getByLabel('Email').fill('cora.example.test');
  await create.click();
  await expect(toast(page, 'Please enter a valid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill('  Cora@Example.TEST ');
  await dialog.getByLabel('Clinic', { exact: true }).check();
  await create.click();
  await expect(toast(page, 'Please select an associated organization')).toBeVisible();
  await dialog
    .getByLabel('Associated organization')
    .selectOption({ label: 'Harbor Physical Therapy' });
  await expectNoAxeViolations(page);
  await create.click();
  await expect(page.getByText('Clinic user created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectControlNotCovered(page, page.getByRole('button', { name: 'Add New User' }));

  const row = page.getByRole('row', { name: /Cora Clinician/ });
  await expect(row).toContainText('cora@example.test');
  await expect(row).toContainText('Harbor Physical Therapy');
  // The run's mail server accepted the invitation: the admin is told, and the list says so.
  await expect(page.getByText(invitationSent('cora@example.test'))).toBeVisible();
  await expect(row).toContainText('Invitation e-mailed');

  const link = await readInvitationLink(page, 'cora@example.test');
  const invited = await browser.newContext();
  const invitedPage = await invited.newPage();
  await invitedPage.goto(link);
  await expect(invitedPage.getByText('Welcome, Cora Clinician.')).toBeVisible();
  await expectNoAxeViolations(invitedPage);
  await invitedPage.getByLabel('New password').fill(NEW_PASSWORD);
  await invitedPage.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await invitedPage.getByRole('button', { name: 'Set Password' }).click();
  await expect(invitedPage).toHaveURL(/\/login$/);
  await signInAs(invitedPage, 'cora@example.test', NEW_PASSWORD);
  await expect(invitedPage).toHaveURL(/\/dashboard\/clinic$/);
  await expect(
    invitedPage.getByRole('heading', { level: 1, name: 'Clinic Dashboard' }),
  ).toBeVisible();

  // The link works once.
  await invitedPage.goto(link);
  await expect(
    invitedPage.getByText('This invitation link is invalid or has already been used.'),
  ).toBeVisible();
  await invited.close();
});

test('deactivating a user signs them out at once', async ({ pageAs, browser }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, 'cora@example.test', NEW_PASSWORD);
  await expect(otherPage).toHaveURL(/\/dashboard\/clinic$/);

  const page = await pageAs('admin');
  await page.goto('/dashboard/admin?tab=users');
  await page.getByRole('button', { name: 'Deactivate Cora Clinician' }).click();
  // Deactivation asks first, naming the user; cancelling changes nothing.
  const confirm = page.getByRole('alertdialog', { name: 'Deactivate user?' });
  await expect(confirm).toContainText('Cora Clinician (cora@example.test)');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Deactivate Cora Clinician' })).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate Cora Clinician' }).click();
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(page.getByText('Cora Clinician deactivated')).toBeVisible();
  await expectControlNotCovered(
    page,
    page.getByRole('button', { name: 'Reactivate Cora Clinician' }),
  );

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await signInAs(otherPage, 'cora@example.test', NEW_PASSWORD);
  await expect(
    otherPage.getByText('This account has been deactivated. Please contact your administrator.'),
  ).toBeVisible();
  await other.close();

  await page.getByRole('button', { name: 'Reactivate Cora Clinician' }).click();
  await expect(page.getByText('Cora Clinician reactivated')).toBeVisible();
});

test('with "Require approval for new users" saved, a new user waits for approval before signing in', async ({
  pageAs,
  browser,
}) => {
  const page = await pageAs('admin');
  await setApprovalSetting(page, true);
  try {
    await page.goto('/dashboard/admin?tab=users');
    await page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('Full name').fill('Abe Approval');
    await dialog.getByLabel('Email').fill('abe@example.test');
    await dialog.getByLabel('Attorney', { exact: true }).check();
    await dialog
      .getByLabel('Associated organization')
      .selectOption({ label: 'Morgan & Hale Injury Law' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Attorney user created successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: /Abe Approval/ })).toContainText(
      'Awaiting approval',
    );

    const link = await readInvitationLink(page, 'abe@example.test');
    const invited = await browser.newContext();
    const invitedPage = await invited.newPage();
    await invitedPage.goto(link);
    await invitedPage.getByLabel('New password').fill(NEW_PASSWORD);
    await invitedPage.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await invitedPage.getByRole('button', { name: 'Set Password' }).click();
    await expect(invitedPage).toHaveURL(/\/login$/);
    await signInAs(invitedPage, 'abe@example.test', NEW_PASSWORD);
    await expect(
      invitedPage.getByText('This account is awaiting administrator approval.'),
    ).toBeVisible();
    await expect(invitedPage).toHaveURL(/\/login$/);

    await page.goto('/dashboard/admin?tab=users');
    await page.getByRole('button', { name: 'Approve Abe Approval' }).click();
    await expect(page.getByText('Abe Approval approved')).toBeVisible();
    await signInAs(invitedPage, 'abe@example.test', NEW_PASSWORD);
    await expect(invitedPage).toHaveURL(/\/dashboard\/firm$/);
    await invited.close();
  } finally {
    await setApprovalSetting(page, false);
  }
});

test('settings are validated, saved and shown again after a reload', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/dashboard/admin?tab=settings');
  const timeout = page.getByLabel('Session timeout (minutes)');
  await timeout.fill('10');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(
    page.getByText('Session timeout must be a whole number from 15 to 480 minutes'),
  ).toBeVisible();
  await expect(page.getByLabel('SMS notifications')).toBeDisabled();
  await expect(page.getByText('Unavailable: no SMS provider is configured.')).toBeVisible();

  await timeout.fill('45');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  await expectControlNotCovered(page, page.getByRole('button', { name: 'Save Settings' }));
  // The server now reports the new idle timeout to every session.
  const session = await page.request.get('/api/auth/session');
  expect((await session.json()).idleTimeoutMinutes).toBe(45);
  await page.reload();
  await expect(page.getByLabel('Session timeout (minutes)')).toHaveValue('45');
  await page.getByLabel('Session timeout (minutes)').fill('60');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
});

test('admin approves an access request sent from /signup', async ({ pageAs, browser }) => {
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/signup');
  await visitorPage.getByLabel('Full name').fill('Rita Requester');
  await visitorPage.getByLabel('Email').fill('rita@requests.example');
  await visitorPage.getByLabel('Organization').fill('Summit Spine');
  await visitorPage.getByLabel('Phone').fill('555-0142');
  await visitorPage.getByLabel('Role').selectOption('other');
  await visitorPage.getByRole('button', { name: 'Request Access' }).click();
  await expect(
    visitorPage.getByText('Signup request sent! We will contact you soon.'),
  ).toBeVisible();
  await visitor.close();

  const page = await pageAs('admin');
  await page.goto('/dashboard/admin?tab=users');
  await page.getByRole('button', { name: 'Approve request from Rita Requester' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Access Request' });
  await dialog.getByLabel('Clinic', { exact: true }).check();
  await dialog.getByLabel('Associated organization').selectOption({
    label: 'Summit Spine & Pain Center',
  });
  await dialog.getByRole('button', { name: 'Approve and Invite' }).click();
  await expect(page.getByText('Access request approved', { exact: true })).toBeVisible();
  await expect(page.getByText(invitationSent('rita@requests.example'))).toBeVisible();
  await expectControlNotCovered(page, page.getByRole('tab', { name: 'Users' }));
  await expect(
    page.getByRole('button', { name: 'Approve request from Rita Requester' }),
  ).toBeHidden();
  const row = page.getByRole('row', { name: /Rita Requester/ });
  await expect(row).toContainText('Summit Spine & Pain Center');
  await expect(row).toContainText('Invitation e-mailed');
  expect(await readInvitationLink(page, 'rita@requests.example')).toContain(
    '/accept-invite?token=',
  );
});

test('templates: Add Template validates, creates, and deactivates', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/dashboard/admin?tab=templates');
  await page.getByRole('button', { name: 'Add Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Template' });
  await dialog.getByLabel('Title').fill('Visit summary');
  await dialog.getByLabel('Type').selectOption('email');
  await dialog.getByLabel('Body').fill('Summary for {{patient.name}}');
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(toast(page, 'Email subject is required')).toBeVisible();
  await dialog.getByLabel('Email subject').fill('Your visit summary');
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(page.getByText('Template created successfully')).toBeVisible();
  await expectControlNotCovered(
    page,
    page.getByRole('button', { name: 'Deactivate Visit summary' }),
  );
  await page.getByRole('button', { name: 'Deactivate Visit summary' }).click();
  await expect(page.getByRole('button', { name: 'Activate Visit summary' })).toBeVisible();
});

test('audit logs filter by action and export the filtered rows as CSV', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/dashboard/admin?tab=audit');
  await page.getByLabel('Action').selectOption('settings_updated');
  await expect(page.getByText(/^\d+ entr(y|ies)$/)).toBeVisible();
  const rows = page.getByRole('table', { name: 'Audit log, newest first' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Settings updated');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'timestamp_utc,user_name,user_role,action,patient_id,patient_name,details,ip',
  );
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => line.includes(',settings_updated,'))).toBe(true);
});

test('system tools report each health check', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/dashboard/admin?tab=settings');
  await page.getByRole('button', { name: 'Run health checks' }).click();
  await expect(page.getByText('All health checks passed')).toBeVisible();
  const results = page.getByRole('list', { name: 'Health check results' });
  await expect(results.getByRole('listitem')).toHaveCount(3);
  await expect(results).toContainText('Database write, read and delete');
  // The run's mail server (the test mail sink) answers the transport check.
  await expect(results).toContainText('The SMTP server accepted the connection');
  await expect(page.getByRole('button', { name: 'Load demo data' })).toBeVisible();
  await page.getByRole('button', { name: 'Load demo data' }).click();
  await expect(page.getByText('Demo data is already loaded')).toBeVisible();
});

test('the System tab shows the health, the version, this instance and the job queues', async ({
  pageAs,
}) => {
  const page = await pageAs('admin');
  await page.goto('/dashboard/admin?tab=system');
  for (const name of ['Health', 'Version and migrations', 'Instances', 'Job queues'])
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
  const instances = page.getByRole('table', { name: 'Instances seen in the last 60 seconds' });
  await expect(instances).toContainText('this instance');
});

test('admin sends a template message to a patient from All Patients', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/dashboard/admin?tab=patients');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Message' });
  await dialog.getByLabel('Find patient').fill('Maria');
  await dialog
    .getByRole('combobox', { name: 'Patient', exact: true })
    .selectOption({ label: 'Maria Delgado' });
  await dialog.getByLabel('Template').selectOption({ label: 'Appointment confirmation' });
  await expect(dialog.getByLabel('Message')).toHaveValue(/next appointment for Maria Delgado/);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully')).toBeVisible();
  await expectControlNotCovered(page, page.getByRole('button', { name: 'Send Message' }));

  await page.getByRole('link', { name: 'Open Maria Delgado' }).first().click();
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page.getByText(/next appointment for Maria Delgado/).last()).toBeVisible();
});

test('admin sends a message written without a template', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/dashboard/admin?tab=patients');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Message' });
  await dialog.getByLabel('Find patient').fill('James');
  await dialog
    .getByRole('combobox', { name: 'Patient', exact: true })
    .selectOption({ label: 'James Whitfield' });
  await expect(dialog.getByLabel('Template (optional)')).toHaveValue('');
  await dialog.getByLabel('Message').fill('Free-text note from the admin office.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('link', { name: 'Open James Whitfield' }).first().click();
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page.getByText('Free-text note from the admin office.').last()).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`every admin tab has no axe violations in the ${theme} theme`, async ({ pageAs }) => {
    const page = await pageAs('admin');
    await page.goto('/dashboard/admin');
    await setTheme(page, theme);
    for (const tab of ADMIN_TABS) {
      await openAdminTab(page, tab);
      await waitForContent(page);
      await expectNoAxeViolations(page);
    }
    await openAdminTab(page, 'Users');
    await page.getByRole('button', { name: 'Add New User' }).click();
    await expect(page.getByRole('dialog', { name: 'Add New User' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('a non-admin cannot open the admin dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('attorney@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/firm$/);
  await page.goto('/dashboard/admin?tab=users');
  await expect(page.getByRole('heading', { name: 'Unauthorized Access' })).toBeVisible();
});
