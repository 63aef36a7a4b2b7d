import type { APIRequestContext, Page } from '@playwright/test';
import { storageStatePath } from '../fixtures/auth.ts';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { readMailToken } from '../fixtures/mailbox.ts';
import { expect, test } from '../fixtures/test.ts';

const COVER_PASSWORD = 'lantern-quartz-meadow-5817';
const REASON = 'Covering clinic while Harbor is closed';

/**
 * The covering clinic's user, this test's own: a Summit Spine user the admin adds through the
 * API, who sets a password through the invitation link mailed to them.
 */
async function addCoveringUser(admin: APIRequestContext, name: string, email: string) {
  const orgs = (await (await admin.get('/api/organizations')).json()) as {
    items: Array<{ id: string; name: string }>;
  };
  const summit = orgs.items.find((org) => org.name === 'Summit Spine & Pain Center');
  const added = await admin.post('/api/users', {
    data: { name, email, role: 'clinic', organizationId: summit?.id },
  });
  expect(added.status()).toBe(201);
  const set = await admin.post('/api/invitations/accept', {
    data: { password: COVER_PASSWORD, token: await readMailToken(email, '/accept-invite') },
  });
  expect(set.ok()).toBe(true);
}

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(COVER_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/clinic$/);
}

test.describe.configure({ timeout: 90_000 });

test('an admin grants a covering clinic temporary access, then revokes it', async ({
  page,
  pageAs,
  createPatient,
  playwright,
  baseURL,
}) => {
  const stamp = Date.now();
  const patientName = `Gale Granted ${stamp}`;
  const coverName = `Cora Cover ${stamp}`;
  const coverEmail = `cover-${stamp}@example.test`;
  const patientId = await createPatient({ fullName: patientName });
  const adminApi = await playwright.request.newContext({
    baseURL,
    storageState: storageStatePath('admin'),
    extraHTTPHeaders: { origin: baseURL! },
  });
  await addCoveringUser(adminApi, coverName, coverEmail);
  await adminApi.dispose();

  // The covering clinic does not see the patient yet.
  await signInAs(page, coverEmail);
  await page.goto(`/patients/${patientId}`);
  await expect(page.getByRole('heading', { name: 'Patient not found' })).toBeVisible();

  const admin = await pageAs('admin');
  await admin.goto(`/patients/${patientId}`);
  const panel = admin.getByRole('region', { name: 'Temporary access' });
  await expect(panel.getByText('Nobody outside the care team has access.')).toBeVisible();
  await panel.getByRole('button', { name: 'Grant access' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Grant temporary access' });
  const choice = dialog.getByRole('option', { name: new RegExp(coverName) });
  await dialog.getByLabel('User').selectOption((await choice.getAttribute('value'))!);
  await dialog.getByLabel('Duration').selectOption({ label: '8 hours' });
  await dialog.getByLabel('Reason').fill(REASON);
  await expectNoAxeViolations(admin);
  await dialog.getByRole('button', { name: 'Grant access' }).click();
  await expect(admin.getByText('Temporary access granted')).toBeVisible();
  await expect(panel.getByText(coverName)).toBeVisible();
  await expect(panel.getByText(`Reason: ${REASON}`)).toBeVisible();
  await expectNoAxeViolations(admin);

  // The grantee opens the patient and is told how long, and why.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: patientName })).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'You have temporary access' });
  await expect(banner).toContainText(`(${REASON})`);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page);
  }

  await panel.getByRole('button', { name: `Revoke ${coverName}'s access` }).click();
  const question = admin.getByRole('alertdialog', { name: 'Revoke temporary access' });
  await question.getByRole('button', { name: 'Revoke' }).click();
  await expect(admin.getByText('Temporary access revoked')).toBeVisible();
  await expect(panel.getByText(coverName)).toHaveCount(0);

  // The open page learns it live; a reload agrees.
  await expect(page.getByRole('heading', { name: 'Patient not found' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Patient not found' })).toBeVisible();
});
