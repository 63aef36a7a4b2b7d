import type { Page } from '@playwright/test';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';
import { expect, test } from '../fixtures/test.ts';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A file that really is a PDF (magic bytes), padded so its upload takes a visible moment. */
const makePdf = (label: string, sizeBytes: number) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n% ${label}\n`),
    Buffer.alloc(sizeBytes, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);

test.use({ role: 'clinic' });

async function openTab(page: Page, patientId: string, tab: 'documents' | 'billing') {
  await page.goto(`/patients/${patientId}?tab=${tab}`);
  await expect(
    page.getByRole('tab', { name: tab === 'documents' ? 'Documents' : 'Billing' }),
  ).toHaveAttribute('aria-selected', 'true');
}

test('clinic uploads three files at once, sees each one’s progress, then the list', async ({
  page,
  createPatient,
}) => {
  const patientId = await createPatient({ fullName: 'Upload Ulla' });
  await openTab(page, patientId, 'documents');
  await expect(page.getByText('No documents available for viewing')).toBeVisible();
  await expect(page.getByLabel('Category')).toHaveValue('Intake');
  await expect(page.getByText('Maximum of 10MB per file')).toBeVisible();

  await page.getByLabel('Category').selectOption('MRI');
  // A slow uplink, so each file's progress can be seen between 0 and 100.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 4_000_000,
  });
  const names = ['lumbar-mri.pdf', 'cervical-mri.pdf', 'key-image.png'];
  // Watched in the page at every frame from before the upload starts: on a machine busy with
  // other tests, a check from the test runner can come only after the upload has finished.
  const seenMidway = page.waitForFunction(
    (label) => {
      const value = Number(
        document.querySelector(`[aria-label="${label}"]`)?.getAttribute('aria-valuenow'),
      );
      return value > 0 && value < 100;
    },
    `Upload progress for ${names[0]}`,
    { polling: 'raf' },
  );
  await page.getByLabel('Choose Files').setInputFiles([
    { name: names[0]!, mimeType: 'application/pdf', buffer: makePdf('one', 3_000_000) },
    { name: names[1]!, mimeType: 'application/pdf', buffer: makePdf('two', 3_000_000) },
    { name: names[2]!, mimeType: 'image/png', buffer: PNG_1X1 },
  ]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('progressbar')).toHaveCount(3);
  await seenMidway;
  for (const name of names) {
    const bar = uploads.getByRole('progressbar', { name: `Upload progress for ${name}` });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText(`Uploaded: ${name}`)).toBeVisible();
  }
  await expectControlNotCovered(page, page.getByLabel('Category'));
  const list = page.getByRole('list', { name: 'Patient documents' });
  for (const name of names) await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expect(list.getByText(/MRI ·/)).toHaveCount(3);

  // A type outside the accept list is refused before anything is sent.
  await page.getByLabel('Choose Files').setInputFiles({
    name: 'invoice.pdf.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<html></html>'),
  });
  await expect(page.getByText('Invalid file type: invoice.pdf.html')).toBeVisible();
  await expectControlNotCovered(page, page.getByText('Choose Files', { exact: true }));

  // The image previews inside the app through the authorized endpoint.
  await list.getByRole('button', { name: 'Preview key-image.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'key-image.png' });
  await expect(dialog.getByRole('img', { name: 'Preview of key-image.png' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'href',
    /\/api\/documents\/[0-9a-f-]{36}\/download$/,
  );
});

test('the attorney sees an Intake document only while the patient is Discharged', async ({
  pageAs,
  createPatient,
}) => {
  const clinic = await pageAs('clinic');
  const attorney = await pageAs('attorney');
  const patientId = await createPatient({ fullName: 'Intake Ines' });
  const uploaded = await clinic.request.post(`/api/patients/${patientId}/documents`, {
    multipart: {
      category: 'Intake',
      file: { name: 'intake-form.pdf', mimeType: 'application/pdf', buffer: makePdf('i', 100) },
    },
  });
  expect(uploaded.status()).toBe(201);

  await openTab(attorney, patientId, 'documents');
  await expect(attorney.getByText('No documents available for viewing')).toBeVisible();
  await expect(attorney.getByRole('heading', { name: 'Upload Documents' })).toHaveCount(0);

  // A status change names the version it was made from (If-Match), as the page does.
  const setStatus = async (treatmentStatus: string) => {
    const read = await clinic.request.get(`/api/patients/${patientId}`);
    return clinic.request.patch(`/api/patients/${patientId}/status`, {
      data: { treatmentStatus },
      headers: { 'if-match': read.headers().etag! },
    });
  };
  expect((await setStatus('Discharged')).status()).toBe(200);
  // No reload: the live patient event refreshes the page and the list with it.
  await expect(attorney.getByText('intake-form.pdf', { exact: true })).toBeVisible();

  expect((await setStatus('Referred for PT')).status()).toBe(200);
  await expect(attorney.getByText('No documents available for viewing')).toBeVisible();
});

test('a clinic billing entry changes the lienholder’s Total Billed without a reload', async ({
  pageAs,
  createPatient,
}) => {
  const clinic = await pageAs('clinic');
  const lienholder = await pageAs('lienholder');
  const patientId = await createPatient({ fullName: 'Billing Bruno' });
  await lienholder.goto('/dashboard/lienholder');
  const totalBilled = lienholder.getByLabel(/^Total Billed: /);
  await expect(totalBilled).toBeVisible();
  const before = Number((await totalBilled.textContent())!.replace(/[$,]/g, ''));

  await openTab(clinic, patientId, 'billing');
  await expect(clinic.getByText('No billing entries yet')).toBeVisible();
  await clinic.getByRole('button', { name: 'Add Entry' }).click();
  await expect(clinic.getByText('CPT code is required')).toBeVisible();
  await expect(clinic.getByText('Session count is required')).toBeVisible();
  await expect(clinic.getByText('Amount is required')).toBeVisible();
  await clinic.getByLabel('CPT Code').fill('9711');
  await clinic.getByLabel('Session Count').fill('1.5');
  await clinic.getByLabel('Amount').fill('12.345');
  await clinic.getByRole('button', { name: 'Add Entry' }).click();
  await expect(clinic.getByText(/^Enter a 5-character CPT or HCPCS code/)).toBeVisible();
  await expect(
    clinic.getByText('Session count must be a whole number of at least 1'),
  ).toBeVisible();
  await expect(
    clinic.getByText('Amount must be 0 or more, with at most two decimals'),
  ).toBeVisible();

  await clinic.getByLabel('CPT Code').fill('97110');
  await clinic.getByLabel('Session Count').fill('3');
  await clinic.getByLabel('Amount').fill('125.5');
  await clinic.getByRole('button', { name: 'Add Entry' }).click();
  await expect(clinic.getByText('Billing entry added')).toBeVisible();
  await expectControlNotCovered(clinic, clinic.getByRole('button', { name: 'Add Entry' }));
  const history = clinic.getByRole('table', { name: 'Billing History' });
  await expect(history.getByRole('row', { name: /97110 3 \$125\.50/ })).toBeVisible();
  await expect(history.getByRole('row', { name: 'Total Medical Specials $125.50' })).toBeVisible();

  const expected = (before + 125.5).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
  });
  await expect(totalBilled).toHaveText(expected);
  const recent = lienholder.getByRole('table', { name: 'Recent Billing Activity' });
  await expect(recent.getByRole('row', { name: /Billing Bruno 97110 3 \$125\.50/ })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Documents and Billing tabs have no axe violations (${theme})`, async ({
    page,
    createPatient,
  }) => {
    await page.goto('/dashboard/clinic');
    await setTheme(page, theme);
    const patientId = await createPatient({ fullName: `Axe ${theme} Alba` });
    await page.request.post(`/api/patients/${patientId}/documents`, {
      multipart: {
        category: 'MRI',
        file: { name: 'scan.png', mimeType: 'image/png', buffer: PNG_1X1 },
      },
    });
    await page.request.post(`/api/patients/${patientId}/billing`, {
      data: { cptCode: '97110', sessionCount: 2, amount: '80' },
    });

    await openTab(page, patientId, 'documents');
    await expect(page.getByText('scan.png', { exact: true })).toBeVisible();
    await expect(page.getByText('Maximum of 10MB per file')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Preview scan.png' }).click();
    await expect(page.getByRole('img', { name: 'Preview of scan.png' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Billing' }).click();
    await expect(page.getByRole('row', { name: 'Total Medical Specials $80.00' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Entry' }).click();
    await expect(page.getByText('CPT code is required')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
