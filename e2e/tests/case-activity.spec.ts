import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Case activity: a change made in one party's browser reaches the Activity
 * tab another party has open, live, and the feed is readable in both themes.
 */
for (const theme of ['light', 'dark'] as const) {
  test(`a status change appears live in the firm's Activity tab (${theme})`, async ({
    pageAs,
    createPatient,
  }) => {
    const patientId = await createPatient({ fullName: `Activity Ada ${theme} ${Date.now()}` });
    const clinic = await pageAs('clinic');
    const firm = await pageAs('attorney');
    await firm.goto(`/patients/${patientId}`);
    await setTheme(firm, theme);
    const tabs = firm.getByRole('tablist', { name: 'Patient record' }).getByRole('tab');
    await expect(tabs.nth(5)).toHaveText('Activity');
    await tabs.nth(5).click();
    await expect(firm).toHaveURL(/\?tab=activity$/);
    const feed = firm.getByRole('region', { name: 'Activity' });
    await expect(feed.getByText('No activity yet.')).toBeVisible();

    await clinic.goto(`/patients/${patientId}`);
    await clinic.getByRole('button', { name: 'Edit status' }).click();
    await clinic.getByLabel('Treatment status').selectOption('Evaluated');
    await clinic.getByRole('button', { name: 'Save status' }).click();
    await clinic
      .getByRole('alertdialog', { name: 'Change treatment status?' })
      .getByRole('button', { name: 'Change status' })
      .click();
    await expect(clinic.getByText('Patient updated successfully')).toBeVisible();

    // No reload: the live event made the firm's feed stale and it refetched.
    const list = feed.getByRole('list', { name: 'Patient activity, newest first' });
    const item = list.getByRole('listitem').first();
    await expect(item).toContainText('Status changed from Referred to Evaluated');
    await expect(item).toContainText('By Casey Harbor (Clinic)');
    await expect(item).toContainText('Just now');
    await expectNoAxeViolations(firm);

    await item.getByRole('link', { name: /^Open in Overview/ }).click();
    await expect(firm.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the lienholder reads a demo patient's feed, without its Intake document", async ({
    pageAs,
  }) => {
    const page = await pageAs('lienholder');
    const found = await page.request.get('/api/patients?search=James%20Whitfield');
    const { items } = (await found.json()) as { items: Array<{ id: string }> };
    await page.goto(`/patients/${items[0]!.id}?tab=activity`);
    const list = page.getByRole('list', { name: 'Patient activity, newest first' });
    await expect(list).toContainText('Document uploaded: evaluation-report.pdf (Treatment Notes)');
    await expect(list).toContainText('Status changed from Referred to Evaluated');
    await expect(list).not.toContainText('intake-form-whitfield.pdf');
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);
    await expectNoAxeViolations(page);
  });
});
