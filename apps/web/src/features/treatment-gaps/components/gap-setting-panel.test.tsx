import type { TGapSetting } from '@casebridge/domain/gaps/treatment-gap.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { fakeVersionedRecord } from '#src/test/versioned-record.ts';
import { GapSettingPanel } from './gap-setting-panel.tsx';

const HARBOR: TGapSetting = {
  clinicId: '22222222-2222-4222-8222-222222222222',
  clinicName: 'Harbor Physical Therapy',
  thresholdDays: 14,
  version: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedByName: null,
};
const LABEL = 'Flag a patient after this many days without treatment';

function renderPanel() {
  const record = fakeVersionedRecord(HARBOR);
  const { api } = renderWithProviders(<GapSettingPanel clinicId={HARBOR.clinicId} />, {
    session: signedInAs('clinic'),
    api: {
      'GET /clinics/:clinicId/gap-setting': () => record.current,
      'PUT /clinics/:clinicId/gap-setting': (request) => record.write(request, 'Casey Clinic'),
    },
  });
  const puts = () =>
    api.calls
      .filter((call) => call.method === 'PUT')
      .map(({ body, headers }) => ({ body, ifMatch: headers['if-match'] }));
  return { record, puts, user: userEvent.setup() };
}

describe('GapSettingPanel', () => {
  it("saves the clinic's threshold from the version shown", async () => {
    const { puts, user } = renderPanel();
    const field = await screen.findByLabelText(LABEL);
    expect(field).toHaveValue(14);
    await user.clear(field);
    await user.type(field, '21');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Treatment gap alert saved')).toBeInTheDocument();
    expect(puts()).toEqual([{ body: { thresholdDays: 21 }, ifMatch: '"3"' }]);
    expect(latestToast('success')).toBe('Treatment gap alert saved');
  });

  it('shows an out-of-range value at its field and sends nothing', async () => {
    const { puts, user } = renderPanel();
    const field = await screen.findByLabelText(LABEL);
    await user.clear(field);
    await user.type(field, '400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of days from 1 to 365')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toEqual([]);
  });
});
