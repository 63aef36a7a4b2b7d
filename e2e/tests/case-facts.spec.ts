import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Case facts: the firm moves a patient's legal stage and adds an insurer on the Case tab, and
 * the clinic's open Case tab shows the new stage, its history and the limit without a reload,
 * read-only; both pages pass axe, the clinic's in the dark theme.
 */
test("the firm moves the stage and the clinic's open Case tab follows", async ({
  pageAs,
  createPatient,
}) => {
  const patientId = await createPatient({ fullName: `Case Carla ${Date.now()}` });
  const clinic = await pageAs('clinic');
  const firm = await pageAs('attorney');
  await clinic.goto(`/patients/${patientId}?tab=case`);
  await setTheme(clinic, 'dark');
  const readOnly = clinic.getByRole('region', { name: 'Case facts' });
  await expect(readOnly).toContainText('Intake');
  await expect(clinic.getByText('No stage changes yet')).toBeVisible();
  await expect(clinic.getByRole('button', { name: 'Save case facts' })).toHaveCount(0);

  await firm.goto(`/patients/${patientId}`);
  await firm.getByRole('tab', { name: 'Case' }).click();
  await expect(firm).toHaveURL(/\?tab=case$/);
  await firm.getByLabel('Legal case stage').selectOption('treating');
  await firm.getByLabel('Note on the stage change (optional)').fill('Started physical therapy');
  await firm.getByRole('button', { name: 'Add insurer' }).click();
  const insurer = firm.getByRole('group', { name: 'Insurer 1' });
  await insurer.getByLabel('Coverage').selectOption('med_pay');
  await insurer.getByLabel(/^Carrier/).fill('Golden Coast Mutual');
  await insurer.getByLabel('Policy limit ($)').fill('5,000');
  await expectNoAxeViolations(firm);
  await firm.getByRole('button', { name: 'Save case facts' }).click();
  await expect(firm.getByText('Case stage changed to Treating')).toBeVisible();
  await expectControlNotCovered(firm, firm.getByRole('button', { name: 'Save case facts' }));

  // No reload: case-facts.changed made the clinic's query stale and it refetched.
  await expect(readOnly).toContainText('Treating');
  await expect(readOnly).toContainText('Golden Coast Mutual · Med-pay');
  const history = clinic.getByRole('region', { name: 'Stage history' });
  await expect(history).toContainText('Intake → Treating');
  await expect(history).toContainText('Started physical therapy');
  await expect(clinic.getByRole('region', { name: 'Specials and policy limits' })).toContainText(
    'Specials $0.00 of $5,000.00 med-pay limit (0%)',
  );
  await expectNoAxeViolations(clinic);
});
