import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoAxeViolations, setTheme } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

test.use({ role: 'clinic' });
test.describe.configure({ timeout: 120_000 });

/**
 * Webhooks end to end: a clinic user opens Webhooks from the account menu, registers
 * an endpoint on a local receiver (http on 127.0.0.1 is allowed outside production), copies the
 * secret shown once, posts a message on one of the clinic's patients, and sees the delivery with
 * the receiver's status code and answer, then replays it. Both themes and a phone's width.
 */
test('a clinic user registers an endpoint and sees its delivery with the answer', async ({
  page,
  createPatient,
}) => {
  const bodies: string[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(202, { 'content-type': 'text/plain' });
      response.end('accepted by the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/e2e-${Date.now()}`;
  try {
    const patientId = await createPatient({ fullName: 'Webhook Wanda' });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(url);
    await dialog.getByLabel('Description').fill('E2E receiver');
    for (const label of [
      'Patient status changed',
      'Document added',
      'Billing line added',
      'Records or bills request changed',
      'Legal case stage changed',
      'Referral sent',
      'Referral accepted or declined',
      'Visit outcome recorded',
      'Case update posted',
      'Case update requested',
      'Settlement recorded',
      'Lien payoff proposed',
      'Lien payoff confirmed',
      'Lien payoff disputed',
      'Case closed',
    ])
      await dialog.getByLabel(label).uncheck();
    await expect(dialog.getByLabel('Message posted')).toBeChecked();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Endpoint registered' });
    const secret = await secretDialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await expectNoAxeViolations(page);
    await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    const sent = await page.request.post(`/api/patients/${patientId}/messages`, {
      data: { body: 'A message for the webhook' },
    });
    expect(sent.status()).toBe(201);

    const card = page.getByRole('listitem').filter({ hasText: url });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('dialog', { name: 'Deliveries' });
    // The server's webhook job runs every few seconds: refresh until the answer is in.
    await expect(async () => {
      await deliveries.getByRole('button', { name: 'Refresh' }).click();
      await expect(deliveries.getByRole('cell', { name: '202', exact: true })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    const row = deliveries.getByRole('row').filter({ hasText: 'Message posted' }).first();
    await expect(row.getByText('delivered')).toBeVisible();
    await row.getByText('accepted by the e2e receiver').first().click();
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(bodies[0]!)).toMatchObject({
      type: 'message.created',
      data: { patientId },
    });
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: /^Replay/ }).click();
    await expect.poll(() => bodies.length, { timeout: 30_000 }).toBe(2);
    await page.keyboard.press('Escape');
    await expect(deliveries).toBeHidden();

    await setTheme(page, 'dark');
    await expect(card.getByText('Active')).toBeVisible();
    await expectNoAxeViolations(page);
    await setTheme(page, 'light');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible();
    const overflows = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflows).toBe(false);
    await card.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this endpoint?' })
      .getByRole('button', { name: 'Delete endpoint' })
      .click();
    await expect(card).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
