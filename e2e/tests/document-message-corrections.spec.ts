import type { Page } from '@playwright/test';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expectControlNotCovered } from '../fixtures/toasts.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Corrections of documents and messages: a document moved to Intake leaves the
 * attorney's open list at once; a removal is asked for with the file's name and a reason; the
 * sender edits a message ('edited') and retracts it ('Message retracted by …'), live for the
 * others, while admins keep the text.
 */

const pdf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.4\n% ${label}\n`), Buffer.from('\n%%EOF\n')]);

async function uploadAs(page: Page, patientId: string, name: string, category: string) {
  const response = await page.request.post(`/api/patients/${patientId}/documents`, {
    multipart: { category, file: { name, mimeType: 'application/pdf', buffer: pdf(name) } },
  });
  expect(response.status()).toBe(201);
}

const documentList = (page: Page) => page.getByRole('list', { name: 'Patient documents' });

/** Checks the dialog `open` opens with axe, in the light and the dark theme, then closes it. */
async function expectDialogAccessible(page: Page, open: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await open();
    await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toHaveCount(0);
  }
}

test('a document moved to Intake disappears live from the attorney’s list; Remove asks first', async ({
  pageAs,
  createPatient,
}) => {
  // Four axe scans, each after a reload into a theme: a slow test's time.
  test.slow();
  const clinic = await pageAs('clinic');
  const attorney = await pageAs('attorney');
  const patientId = await createPatient({ fullName: 'Recategorised Rita' });
  await uploadAs(clinic, patientId, 'mri-2026-03.pdf', 'MRI');
  await uploadAs(clinic, patientId, 'wrong-patient.pdf', 'Billing');

  await attorney.goto(`/patients/${patientId}?tab=documents`);
  await expect(documentList(attorney).getByText('mri-2026-03.pdf', { exact: true })).toBeVisible();
  await expect(attorney.getByRole('button', { name: 'Remove mri-2026-03.pdf' })).toHaveCount(0);

  await clinic.goto(`/patients/${patientId}?tab=documents`);
  await expectDialogAccessible(clinic, () =>
    clinic.getByRole('button', { name: 'Change category of mri-2026-03.pdf' }).click(),
  );
  await clinic.getByRole('button', { name: 'Change category of mri-2026-03.pdf' }).click();
  const change = clinic.getByRole('dialog', { name: 'Change Category' });
  await change.getByLabel('Category').selectOption('Intake');
  await change.getByRole('button', { name: 'Save Changes' }).click();
  await expect(clinic.getByText('Moved mri-2026-03.pdf to Intake')).toBeVisible();
  const removeWrong = clinic.getByRole('button', { name: 'Remove wrong-patient.pdf' });
  await expectControlNotCovered(clinic, removeWrong);
  await expect(documentList(clinic).getByText(/Category: Intake ·/)).toBeVisible();

  // No reload on the attorney's side: the live event refetches the list, which drops it.
  await expect(documentList(attorney).getByText('mri-2026-03.pdf', { exact: true })).toHaveCount(0);
  await expect(
    documentList(attorney).getByText('wrong-patient.pdf', { exact: true }),
  ).toBeVisible();

  await expectDialogAccessible(clinic, () => removeWrong.click());
  await removeWrong.click();
  const remove = clinic.getByRole('dialog', { name: 'Remove "wrong-patient.pdf"?' });
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove.getByText('Please give a reason')).toBeVisible();
  await remove.getByLabel(/Reason/).fill('Belongs to another patient');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(clinic.getByText('Removed: wrong-patient.pdf')).toBeVisible();
  await expectControlNotCovered(
    clinic,
    clinic.getByRole('button', { name: 'Remove mri-2026-03.pdf' }),
  );
  await expect(documentList(clinic).getByText('wrong-patient.pdf', { exact: true })).toHaveCount(0);
  await expect(attorney.getByText('No documents available for viewing')).toBeVisible();
});

const messageItem = (page: Page, text: string | RegExp) =>
  page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });

test('the sender edits a message, then retracts it; the others follow live, admins keep the text', async ({
  pageAs,
  createPatient,
}) => {
  test.slow();
  const clinic = await pageAs('clinic');
  const attorney = await pageAs('attorney');
  const admin = await pageAs('admin');
  const patientId = await createPatient({ fullName: 'Retracted Rosa' });
  for (const page of [clinic, attorney, admin])
    await page.goto(`/patients/${patientId}?tab=messages`);

  await clinic.getByPlaceholder('Type your message...').fill('Knee MRI on Tuesdya.');
  await clinic.getByRole('button', { name: 'Send message' }).click();
  await expect(messageItem(attorney, 'Knee MRI on Tuesdya.')).toBeVisible();

  const own = messageItem(clinic, 'Knee MRI on Tuesdya.');
  await expectDialogAccessible(clinic, () =>
    own.getByRole('button', { name: 'Edit message' }).click(),
  );
  await messageItem(clinic, 'Knee MRI on Tuesdya.')
    .getByRole('button', { name: 'Edit message' })
    .click();
  const edit = clinic.getByRole('dialog', { name: 'Edit Message' });
  await edit.getByLabel('Message').fill('Knee MRI on Tuesday.');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(clinic.getByText('Message updated')).toBeVisible();
  const edited = messageItem(clinic, 'Knee MRI on Tuesday.');
  await expectControlNotCovered(clinic, edited.getByRole('button', { name: 'Retract message' }));

  await expect(messageItem(attorney, 'Knee MRI on Tuesday.')).toContainText('(edited)');
  await expect(messageItem(attorney, 'Knee MRI on Tuesdya.')).toHaveCount(0);

  await expectDialogAccessible(clinic, () =>
    messageItem(clinic, 'Knee MRI on Tuesday.')
      .getByRole('button', { name: 'Retract message' })
      .click(),
  );
  await messageItem(clinic, 'Knee MRI on Tuesday.')
    .getByRole('button', { name: 'Retract message' })
    .click();
  const ask = clinic.getByRole('alertdialog', { name: 'Retract this message?' });
  await expect(ask).toContainText('"Knee MRI on Tuesday."');
  await ask.getByRole('button', { name: 'Retract' }).click();
  await expect(clinic.getByText('Message retracted', { exact: true })).toBeVisible();
  await expectControlNotCovered(clinic, clinic.getByPlaceholder('Type your message...'));

  for (const page of [clinic, attorney]) {
    await expect(messageItem(page, 'Message retracted by Casey Harbor')).toBeVisible();
    await expect(page.getByText('Knee MRI on Tuesday.')).toHaveCount(0);
  }
  const kept = messageItem(admin, 'Knee MRI on Tuesday.');
  await expect(kept).toContainText('Message retracted by Casey Harbor — only admins see the text');
  await kept.getByRole('button', { name: 'History of the message' }).click();
  const history = admin.getByRole('dialog', { name: 'Message history' });
  await expect(history.getByText('Knee MRI on Tuesdya.')).toBeVisible();
  await expect(history.getByText(/^Retracted by Casey Harbor/)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({
    role: 'clinic',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

  test('the correction controls of documents and messages fit a phone', async ({
    page: clinic,
    createPatient,
  }) => {
    const patientId = await createPatient({ fullName: 'Phone Correction Paula' });
    await uploadAs(clinic, patientId, 'a-rather-long-file-name-for-a-phone-screen.pdf', 'MRI');
    await clinic.request.post(`/api/patients/${patientId}/messages`, {
      data: { body: 'A message the sender may still edit on a phone.' },
    });
    for (const tab of ['documents', 'messages']) {
      await clinic.goto(`/patients/${patientId}?tab=${tab}`);
      const controls =
        tab === 'documents'
          ? [
              clinic.getByRole('button', { name: /^Change category of/ }),
              clinic.getByRole('button', { name: /^Remove / }),
            ]
          : [
              clinic.getByRole('button', { name: 'Edit message' }),
              clinic.getByRole('button', { name: 'Retract message' }),
            ];
      for (const control of controls) {
        const box = await control.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
      const overflow = await clinic.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(clinic);
    }
  });
});
