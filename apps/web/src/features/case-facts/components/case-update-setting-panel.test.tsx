import {
  CASE_UPDATE_TEXTS,
  type TCaseUpdateSetting,
} from '@casebridge/domain/case-updates/case-updates.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { fakeVersionedRecord } from '#src/test/versioned-record.ts';
import { CaseUpdateSettingPanel } from './case-update-setting-panel.tsx';

const MORGAN: TCaseUpdateSetting = {
  firmId: '22222222-2222-4222-8222-222222222222',
  firmName: 'Morgan & Hale Injury Law',
  intervalDays: 60,
  version: 4,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedByName: null,
};

function renderPanel() {
  const record = fakeVersionedRecord(MORGAN);
  const { api } = renderWithProviders(<CaseUpdateSettingPanel firmId={MORGAN.firmId} />, {
    session: signedInAs('attorney'),
    api: {
      'GET /firms/:firmId/case-update-setting': () => record.current,
      'PUT /firms/:firmId/case-update-setting': (request) => record.write(request, 'Morgan Hale'),
    },
  });
  const puts = () =>
    api.calls
      .filter((call) => call.method === 'PUT')
      .map(({ body, headers }) => ({ body, ifMatch: headers['if-match'] }));
  return { puts, user: userEvent.setup() };
}

describe('CaseUpdateSettingPanel', () => {
  it("saves the firm's interval from the version shown; 0 turns it off", async () => {
    const { puts, user } = renderPanel();
    const field = await screen.findByLabelText(CASE_UPDATE_TEXTS.settingLabel);
    expect(field).toHaveValue(60);
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: CASE_UPDATE_TEXTS.settingSave }));
    await expect.poll(() => latestToast('success')).toBe(CASE_UPDATE_TEXTS.settingSaved);
    expect(puts()).toEqual([{ body: { intervalDays: 0 }, ifMatch: '"4"' }]);
  });

  for (const value of ['366', '-1', '2.5']) {
    it(`shows ${value} days at its field and sends nothing`, async () => {
      const { puts, user } = renderPanel();
      const field = await screen.findByLabelText(CASE_UPDATE_TEXTS.settingLabel);
      await user.clear(field);
      await user.type(field, value);
      await user.click(screen.getByRole('button', { name: CASE_UPDATE_TEXTS.settingSave }));
      expect(await screen.findByText(CASE_UPDATE_TEXTS.settingInvalid)).toBeVisible();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(puts()).toEqual([]);
    });
  }
});
