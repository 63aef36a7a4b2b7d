import { SETTINGS_MESSAGES } from '@casebridge/domain/settings/settings-admin.schemas';
import {
  DEFAULT_SETTINGS,
  SETTINGS_RANGE_MESSAGES,
} from '@casebridge/domain/settings/settings.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { getToasts, latestToast } from '#src/test/toasts.ts';
import { fakeVersionedRecord } from '#src/test/versioned-record.ts';
import { SettingsForm } from './settings-form.tsx';

const SETTINGS = {
  ...DEFAULT_SETTINGS,
  version: 4,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedByName: 'Avery Admin',
};

function renderForm() {
  const record = fakeVersionedRecord(SETTINGS);
  return renderWithProviders(<SettingsForm settings={SETTINGS} />, {
    session: signedInAs('admin'),
    api: { 'PUT /settings': (request) => record.write(request) },
  }).api;
}

const saves = (api: ReturnType<typeof renderForm>) =>
  api.calls.filter((call) => call.method === 'PUT' && call.path === '/settings');

describe('SettingsForm', () => {
  it('shows a range error at its field, focuses it and sends nothing', async () => {
    const api = renderForm();
    const user = userEvent.setup();
    const upload = screen.getByLabelText('Maximum upload size (MB)');
    const timeout = screen.getByLabelText('Session timeout (minutes)');
    await user.clear(upload);
    await user.type(upload, '1.5');
    await user.clear(timeout);
    await user.type(timeout, '10');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    // Both fields are marked; the first in the schema's order has the focus.
    expect(await screen.findByText(SETTINGS_RANGE_MESSAGES.maxUploadMb)).toBeVisible();
    expect(upload).toHaveAttribute('aria-invalid', 'true');
    expect(upload).toHaveAccessibleDescription(
      `From 1 to 100 MB per file. ${SETTINGS_RANGE_MESSAGES.maxUploadMb}`,
    );
    expect(upload).toHaveFocus();
    expect(timeout).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(SETTINGS_RANGE_MESSAGES.sessionTimeoutMinutes)).toBeVisible();
    expect(getToasts('error')).toEqual([]);
    expect(saves(api)).toEqual([]);

    // An emptied field is not a number: the same message, not a type error.
    await user.clear(upload);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(SETTINGS_RANGE_MESSAGES.maxUploadMb)).toBeVisible();
    expect(saves(api)).toEqual([]);
  });

  it('sends valid settings as numbers, with SMS held off, from their version', async () => {
    const api = renderForm();
    const user = userEvent.setup();
    const timeout = screen.getByLabelText('Session timeout (minutes)');
    await user.clear(timeout);
    await user.type(timeout, '480');
    await user.click(screen.getByLabelText('Require approval for new users'));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await expect.poll(() => latestToast('success')).toBe(SETTINGS_MESSAGES.saved);
    expect(saves(api).map((call) => [call.body, call.headers['if-match']])).toEqual([
      [{ ...DEFAULT_SETTINGS, sessionTimeoutMinutes: 480, requireUserApproval: true }, '"4"'],
    ]);
    expect(timeout).not.toHaveAttribute('aria-invalid');
  });

  it("saves 'Require MFA' per role, and 'All users' checks every role", async () => {
    const api = renderForm();
    const user = userEvent.setup();
    const mfa = screen.getByRole('group', { name: 'Require MFA' });
    await user.click(within(mfa).getByLabelText('Attorney'));
    await user.click(within(mfa).getByLabelText('Admin'));
    expect(within(mfa).getByLabelText('All users')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await expect.poll(() => saves(api).length).toBe(1);
    expect(saves(api)[0]?.body).toMatchObject({ requireMfaRoles: ['attorney', 'admin'] });

    await user.click(within(mfa).getByLabelText('All users'));
    for (const box of within(mfa).getAllByRole('checkbox')) expect(box).toBeChecked();
    await user.click(within(mfa).getByLabelText('All users'));
    for (const box of within(mfa).getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });
});
