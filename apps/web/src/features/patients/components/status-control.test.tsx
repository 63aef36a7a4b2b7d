import { PATIENT_MESSAGES, type TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { StatusControl } from './status-control.tsx';

const PATIENT: TPatientDetail = {
  id: '77777777-7777-4777-8777-777777777777',
  fullName: 'Sam Status',
  dob: '1980-02-03',
  intakeDate: null,
  evalDate: null,
  lastTreatmentDate: null,
  treatmentStatus: 'Referred',
  clinics: [],
  firm: null,
  lienholders: [],
  pointOfContactName: null,
  pointOfContactPhone: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

function renderControl() {
  const sent: unknown[] = [];
  renderWithProviders(<StatusControl patient={PATIENT} />, {
    session: signedInAs('clinic'),
    api: {
      [`PATCH /patients/${PATIENT.id}/status`]: ({ body }: FakeRequest) => {
        sent.push(body);
        return { ...PATIENT, ...(body as object) };
      },
    },
  });
  return sent;
}

describe('StatusControl', { timeout: 15_000 }, () => {
  it('saves nothing while the user only moves through the statuses', async () => {
    const sent = renderControl();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit status' }));
    const select = screen.getByLabelText('Treatment status');
    expect(select).toHaveFocus();
    // What an arrow key does in the browser's dropdown: the choice moves, one status at a time.
    await user.selectOptions(select, 'Evaluated');
    await user.selectOptions(select, 'Referred for PT');
    expect(screen.getByRole('button', { name: 'Save status' })).toBeEnabled();
    expect(sent).toEqual([]);
  });

  it('saves the chosen status on Save, once, and says so', async () => {
    const sent = renderControl();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit status' }));
    expect(screen.getByRole('button', { name: 'Save status' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Treatment status'), 'Evaluated');
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    await expect.poll(() => sent).toEqual([{ treatmentStatus: 'Evaluated' }]);
    await expect.poll(() => latestToast('success')).toBe(PATIENT_MESSAGES.updated);
  });
});
