import { BILLING_MESSAGES, type TBillingEntry } from '@casebridge/domain/billing/billing.schemas';
import type { Role } from '@casebridge/domain/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatClockTime } from '#src/lib/format.ts';
import { json, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { BillingHistoryTable } from './billing-history-table.tsx';

const PATIENT_ID = '77777777-7777-4777-8777-777777777777';
const LINE: TBillingEntry = {
  id: '88888888-8888-4888-8888-888888888881',
  patientId: PATIENT_ID,
  cptCode: '97110',
  sessionCount: 2,
  amountCents: 24_000,
  date: '2026-03-14',
  clinicId: DEMO_ORGANIZATIONS.clinic.id,
  clinicName: DEMO_ORGANIZATIONS.clinic.name,
  createdAt: '2026-03-14T09:00:00.000Z',
  voidedAt: null,
  voidReason: null,
  version: 1,
  updatedAt: '2026-03-14T09:00:00.000Z',
  updatedByName: null,
};
const VOIDED: TBillingEntry = {
  ...LINE,
  id: '88888888-8888-4888-8888-888888888882',
  cptCode: '97140',
  amountCents: 5_000,
  voidedAt: '2026-03-15T09:00:00.000Z',
  voidReason: 'Entered twice',
  version: 2,
};
const OTHER_CLINIC: TBillingEntry = {
  ...LINE,
  id: '88888888-8888-4888-8888-888888888883',
  cptCode: '72148',
  clinicId: '99999999-9999-4999-8999-999999999999',
  clinicName: 'Riverside Imaging Associates',
};
const THEIRS = {
  ...LINE,
  amountCents: 26_000,
  version: 2,
  updatedByName: 'Dana Ruiz',
  updatedAt: '2026-03-16T14:02:00.000Z',
};
const LINE_NAME = '97110 × 2, $240.00 on Mar 14, 2026';

function renderTable(role: Role = 'clinic', routes: Record<string, unknown> = {}) {
  return renderWithProviders(<BillingHistoryTable patientId={PATIENT_ID} />, {
    session: signedInAs(role),
    api: {
      [`GET /patients/${PATIENT_ID}/billing`]: {
        items: [LINE, VOIDED, OTHER_CLINIC],
        totalCents: 24_000 + 18_500,
      },
      ...routes,
    },
  });
}

const writes = (calls: FakeRequest[]) => calls.filter((call) => call.method !== 'GET');

describe('BillingHistoryTable corrections', { timeout: 20_000 }, () => {
  it('marks a voided line with its reason and offers Edit and Void only on the clinic’s own live lines', async () => {
    renderTable('clinic');
    const voidedRow = (await screen.findByText('97140')).closest('tr')!;
    expect(within(voidedRow).getByText('Voided')).toBeVisible();
    expect(within(voidedRow).getByText('Reason: Entered twice')).toBeVisible();
    expect(within(voidedRow).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(voidedRow).queryByRole('button', { name: /^Void/ })).toBeNull();
    expect(screen.getByRole('button', { name: `Edit ${LINE_NAME}` })).toBeVisible();
    expect(screen.getByRole('button', { name: `Void ${LINE_NAME}` })).toBeVisible();
    const otherRow = screen.getByText('72148').closest('tr')!;
    expect(
      within(otherRow)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['History 72148 × 2, $240.00 on Mar 14, 2026']);
    expect(screen.getByRole('rowheader', { name: /Total Medical Specials/ })).toHaveTextContent(
      'Voided entries are not counted',
    );
    expect(screen.getByText('$425.00')).toBeVisible();
  });

  it('lets an attorney read every line’s history and change none', async () => {
    renderTable('attorney');
    await screen.findByText('97110');
    expect(
      screen.getAllByRole('button').map((button) => button.textContent?.split(' ')[0]),
    ).toEqual(['History', 'History', 'History']);
  });

  it('edits a line from the version shown, and asks for a reason first', async () => {
    const { api } = renderTable('clinic', {
      [`PATCH /patients/${PATIENT_ID}/billing/${LINE.id}`]: () =>
        json({ ...LINE, amountCents: 25_000, version: 2 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Edit ${LINE_NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Billing Entry' });
    expect(dialog).toHaveAccessibleDescription(LINE_NAME);
    expect(within(dialog).getByLabelText('CPT Code')).toHaveValue('97110');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-03-14');
    const amount = within(dialog).getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const reason = within(dialog).getByLabelText(/Reason for the change/);
    expect(reason).toHaveAccessibleDescription('Please give a reason');
    expect(reason).toHaveFocus();
    expect(writes(api.calls)).toEqual([]);

    await user.type(reason, 'Fee schedule');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => latestToast('success')).toBe(BILLING_MESSAGES.edited);
    const [sent] = writes(api.calls);
    expect(sent?.body).toEqual({
      cptCode: '97110',
      sessionCount: '2',
      amount: '250',
      date: '2026-03-14',
      reason: 'Fee schedule',
    });
    expect(sent?.headers['if-match']).toBe('"1"');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a stale save in place, keeps the typed values, and saves on top of the new version', async () => {
    const { api } = renderTable('clinic');
    let answer: Response = json(
      { error: { code: 'CONFLICT', message: 'Someone else changed this record' }, current: THEIRS },
      409,
    );
    api.use({ [`PATCH /patients/${PATIENT_ID}/billing/${LINE.id}`]: () => answer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Edit ${LINE_NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Billing Entry' });
    const sessions = within(dialog).getByLabelText('Session Count');
    await user.clear(sessions);
    await user.type(sessions, '3');
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'Three sessions');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(
      `Not saved: Changed by Dana Ruiz at ${formatClockTime(THEIRS.updatedAt)}`,
    );
    const changed = within(notice).getByRole('row', { name: /Amount/ });
    expect(changed).toHaveTextContent('Amount260.00240.00');
    expect(sessions).toHaveValue('3');
    expect(latestToast('error')).toBeUndefined();

    answer = json({ ...THEIRS, sessionCount: 3, version: 3 });
    await user.click(within(notice).getByRole('button', { name: 'Keep my changes on top' }));
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('260.00');
    expect(sessions).toHaveValue('3');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => latestToast('success')).toBe(BILLING_MESSAGES.edited);
    const [first, second] = writes(api.calls);
    expect(first?.headers['if-match']).toBe('"1"');
    expect(second?.headers['if-match']).toBe('"2"');
    expect(second?.body).toMatchObject({
      sessionCount: '3',
      amount: '260.00',
      reason: 'Three sessions',
    });
  });

  it('voids only after a question that names the line and a reason', async () => {
    const { api } = renderTable('admin', {
      [`POST /patients/${PATIENT_ID}/billing/${LINE.id}/void`]: ({ body }: FakeRequest) =>
        json({
          ...LINE,
          voidedAt: '2026-03-16T10:00:00.000Z',
          voidReason: (body as { reason: string }).reason,
          version: 2,
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Void ${LINE_NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Void Billing Entry' });
    expect(dialog).toHaveAccessibleDescription(
      `Void ${LINE_NAME}? It stays in the history, marked Voided, and no total counts it.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Void Entry' }));
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAccessibleDescription(
      'Please give a reason',
    );
    expect(writes(api.calls)).toEqual([]);

    await user.keyboard('Entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Void Entry' }));
    await expect.poll(() => latestToast('success')).toBe(BILLING_MESSAGES.voided);
    const [sent] = writes(api.calls);
    expect(sent?.body).toEqual({ reason: 'Entered twice' });
    expect(sent?.headers['if-match']).toBe('"1"');
    // The Void button goes with the void: focus returns to the line's History.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `History ${LINE_NAME}` })).toHaveFocus(),
    );
  });

  it('asks again, naming the line as it now is, when the line changed before the void', async () => {
    const { api } = renderTable('clinic');
    let answer: Response = json(
      { error: { code: 'CONFLICT', message: 'Someone else changed this record' }, current: THEIRS },
      409,
    );
    api.use({ [`POST /patients/${PATIENT_ID}/billing/${LINE.id}/void`]: () => answer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Void ${LINE_NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Void Billing Entry' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Not performed');
    await user.click(within(dialog).getByRole('button', { name: 'Void Entry' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not voided: Dana Ruiz changed this entry',
    );
    expect(dialog).toHaveAccessibleDescription(/^Void 97110 × 2, \$260\.00 on Mar 14, 2026\?/);
    answer = json({ ...THEIRS, voidedAt: '2026-03-16T15:00:00.000Z', version: 3 });
    await user.click(within(dialog).getByRole('button', { name: 'Void Entry' }));
    await expect.poll(() => latestToast('success')).toBe(BILLING_MESSAGES.voided);
    expect(writes(api.calls).map((call) => call.headers['if-match'])).toEqual(['"1"', '"2"']);
  });

  it('lists a line’s history: who, when, each field from and to, and the reason', async () => {
    renderTable('lienholder', {
      [`GET /patients/${PATIENT_ID}/billing/${VOIDED.id}/history`]: {
        items: [
          {
            version: 2,
            action: 'edited',
            changes: {
              amountCents: { from: 4_000, to: 5_000 },
              date: { from: '2026-03-13', to: '2026-03-14' },
            },
            reason: 'Fee schedule',
            actorName: 'Casey Harbor',
            actorRole: 'clinic',
            at: '2026-03-15T08:00:00.000Z',
          },
          {
            version: 3,
            action: 'voided',
            changes: { voided: { from: false, to: true } },
            reason: 'Entered twice',
            actorName: 'Avery Admin',
            actorRole: 'admin',
            at: '2026-03-15T09:00:00.000Z',
          },
        ],
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^History 97140/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing Entry History' });
    const items = within(await within(dialog).findByRole('list', { name: 'Changes, oldest first' }))
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(items[0]).toHaveTextContent(/^Edited by Casey Harbor \(Clinic Staff\) on /);
    // An arrow shows the change; screen readers hear 'changed to' instead.
    expect(items[0]).toHaveTextContent('Amount: $40.00 →changed to $50.00');
    expect(items[0]).toHaveTextContent('Date: Mar 13, 2026 →changed to Mar 14, 2026');
    expect(items[0]).toHaveTextContent('Reason: Fee schedule');
    expect(items[1]).toHaveTextContent(
      /^Voided by Avery Admin \(Administrator\) on .*Reason: Entered twice$/,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
