import type { Page } from '@playwright/test';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Admin records under concurrent change: two admins edit one template, the second
 * save is refused in place with the first one's change and can be re-applied on top of it;
 * leaving the Settings form with unsaved changes asks first.
 */

async function openEditTemplate(page: Page, title: string) {
  await page.goto('/dashboard/admin?tab=templates');
  await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
  return page.getByRole('dialog', { name: 'Edit Template' });
}

for (const theme of ['light', 'dark'] as const) {
  test(`a stale Edit Template save shows the other admin's change (${theme})`, async ({
    pageAs,
    baseURL,
  }) => {
    const title = `Follow-up ${theme} ${Date.now()}`;
    const mine = await pageAs('admin');
    const theirs = await pageAs('admin');
    const created = await mine.request.post('/api/templates', {
      data: { title, body: 'See you next week.', templateType: 'message' },
      headers: { origin: baseURL! },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await mine.goto('/dashboard/admin');
    await setTheme(mine, theme);

    const myDialog = await openEditTemplate(mine, title);
    await myDialog.getByLabel('Title').fill(`${title} (mine)`);
    const theirDialog = await openEditTemplate(theirs, title);
    await theirDialog.getByLabel('Body').fill('See you on Tuesday.');
    await theirDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(theirs.getByText('Template updated')).toBeVisible();

    // The other save reaches my open form live; what I typed stays.
    await expect(
      myDialog
        .getByRole('status')
        .filter({ hasText: /Changed by Avery Admin at \d\d:\d\d — review/ }),
    ).toBeVisible();
    await expect(myDialog.getByLabel('Title')).toHaveValue(`${title} (mine)`);
    await expect(myDialog.getByLabel('Body')).toHaveValue('See you next week.');

    // My save was made from the older version: refused, shown in place with their value.
    await myDialog.getByRole('button', { name: 'Save Changes' }).click();
    const conflict = myDialog.getByRole('alert').filter({ hasText: 'Not saved' });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole('row', { name: /^Body/ })).toContainText('See you on Tuesday.');
    await expectNoAxeViolations(mine);

    await conflict.getByRole('button', { name: 'Keep my changes on top' }).click();
    await expect(myDialog.getByLabel('Body')).toHaveValue('See you on Tuesday.');
    await myDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(mine.getByText('Template updated')).toBeVisible();
    await expect(myDialog).toHaveCount(0);

    const list = await mine.request.get('/api/templates');
    const saved = ((await list.json()) as { items: Array<Record<string, unknown>> }).items.find(
      (item) => item.id === id,
    );
    expect(saved).toMatchObject({
      title: `${title} (mine)`,
      body: 'See you on Tuesday.',
      version: 3,
    });
  });
}

test('leaving the Settings form with unsaved changes asks first', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/dashboard/admin?tab=settings');
  const timeout = page.getByLabel('Session timeout (minutes)');
  await timeout.fill('45');
  await page.getByRole('tab', { name: 'Users' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(timeout).toHaveValue('45');

  await page.getByRole('tab', { name: 'Users' }).click();
  await prompt.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
});
