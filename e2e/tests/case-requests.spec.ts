import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Records and bills requests: the attorney asks the clinic for records from the
 * patient's page; the clinic, in its own browser, acknowledges and fulfils by uploading a file;
 * the attorney's open page shows the request fulfilled, with the document, without a reload.
 */
test('an attorney requests records, the clinic fulfils by uploading, the attorney sees it live', async ({
  pageAs,
  createPatient,
}) => {
  test.slow();
  const fullName = `Request Rita ${Date.now()}`;
  const patientId = await createPatient({ fullName });
  const attorney = await pageAs('attorney');
  const clinic = await pageAs('clinic');

  await attorney.goto(`/patients/${patientId}`);
  const attorneyRequests = attorney.getByRole('region', { name: 'Requests' });
  await expect(attorneyRequests.getByText('No requests for this patient yet.')).toBeVisible();
  await attorneyRequests.getByRole('button', { name: 'Request records' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Request records' });
  await dialog.getByLabel(/Request type/).selectOption('medical_records');
  await dialog.getByLabel('Note').fill('All PT notes since intake, please.');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(attorney.getByText('Request sent')).toBeVisible();
  const attorneyCard = attorneyRequests.getByRole('listitem', { name: /Medical records/ });
  await expect(attorneyCard.getByText('Requested', { exact: true })).toBeVisible();

  // The clinic finds it in its Outstanding requests queue, by patient name.
  await clinic.goto('/dashboard');
  await clinic
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Requests' })
    .click();
  await expect(clinic.getByRole('heading', { name: 'Outstanding requests' })).toBeVisible();
  await clinic.getByLabel('Search by patient').fill(fullName);
  const clinicCard = clinic
    .getByRole('list', { name: 'Outstanding requests' })
    .getByRole('listitem', { name: new RegExp(`Medical records for ${fullName}`) });
  await clinicCard.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(clinic.getByText('Request acknowledged')).toBeVisible();
  // The attorney's page follows live.
  await expect(attorneyCard.getByText('Acknowledged', { exact: true })).toBeVisible();

  await clinicCard.getByRole('button', { name: 'Fulfil' }).click();
  const fulfil = clinic.getByRole('dialog', { name: 'Fulfil request' });
  await fulfil.getByLabel('Upload a file').setInputFiles({
    name: 'pt-notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Physical therapy notes.\nRange of motion improving.\n'),
  });
  await fulfil.getByRole('button', { name: 'Fulfil Request' }).click();
  await expect(clinic.getByText('Request fulfilled')).toBeVisible();

  // No reload: the attorney's open page shows it fulfilled, with the document to download.
  await expect(attorneyCard.getByText('Fulfilled', { exact: true })).toBeVisible();
  await expect(attorneyCard.getByRole('link', { name: 'pt-notes.txt' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const)
  test(`the Outstanding requests page passes axe (${theme})`, async ({ pageAs }) => {
    const page = await pageAs('attorney');
    await page.goto('/requests');
    await setTheme(page, theme);
    await expect(page.getByRole('heading', { name: 'Outstanding requests' })).toBeVisible();
    // The demo data's overdue request is marked.
    await page.getByLabel('Overdue only').check();
    await expect(
      page.getByRole('list', { name: 'Outstanding requests' }).getByText('Overdue').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
