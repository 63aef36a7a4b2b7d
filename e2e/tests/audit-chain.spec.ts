import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

for (const theme of ['light', 'dark'] as const) {
  test(`an admin verifies the audit chain (${theme} theme)`, async ({ pageAs }) => {
    const page = await pageAs('admin');
    await page.goto('/dashboard/admin?tab=settings');
    await setTheme(page, theme);
    const verify = page.getByRole('button', { name: 'Verify audit chain' });
    await verify.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /^Audit chain/ })).toHaveText(
      /^Audit chain intact: \d+ rows$/,
    );
    await expectNoAxeViolations(page);
  });
}
