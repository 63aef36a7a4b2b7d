import {
  EXTERNAL_ID_MESSAGES,
  type TPatientDetail,
} from '@casebridge/domain/patients/patient.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { ExternalIdField } from './external-id-field.tsx';

const PATIENT: TPatientDetail = {
  id: '88888888-8888-4888-8888-888888888888',
  fullName: 'Rae Reference',
  dob: '1990-06-01',
  intakeDate: null,
  evalDate: null,
  lastTreatmentDate: null,
  treatmentStatus: 'Referred',
  clinics: [],
  firm: null,
  lienholders: [],
  pointOfContactName: null,
  pointOfContactPhone: null,
  externalId: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  version: 1,
  updatedByName: null,
};

const PATH = `/patients/${PATIENT.id}/external-id`;
const TAKEN = EXTERNAL_ID_MESSAGES.taken('MRN-1');

function renderField(role: 'clinic' | 'admin' | 'contact', patient = PATIENT) {
  const sent: Array<{ method: string; body: unknown }> = [];
  const record = ({ method, body }: FakeRequest) => {
    sent.push({ method, body });
  };
  renderWithProviders(<ExternalIdField patient={patient} />, {
    session: signedInAs(role),
    api: {
      [`PUT ${PATH}`]: (request: FakeRequest) => {
        record(request);
        const { externalId } = request.body as { externalId: string };
        return externalId === 'MRN-1'
          ? apiError(409, 'CONFLICT', TAKEN)
          : { patientId: PATIENT.id, organizationId: 'o1', externalId };
      },
      [`DELETE ${PATH}`]: (request: FakeRequest) => {
        record(request);
        return undefined;
      },
    },
  });
  return sent;
}

describe('ExternalIdField', () => {
  it('saves the trimmed reference and says so', async () => {
    const sent = renderField('clinic');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /reference for this patient/ }), ' MRN-7 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => latestToast('success')).toBe(EXTERNAL_ID_MESSAGES.saved);
    expect(sent).toEqual([{ method: 'PUT', body: { externalId: 'MRN-7' } }]);
  });

  it('shows a clash beside the field, announced with it; a blank value cannot be saved', async () => {
    renderField('clinic');
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: /reference for this patient/ });
    await user.type(field, '   ');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'MRN-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(field).toHaveAccessibleDescription(new RegExp(TAKEN));
  });

  it('clears a saved reference', async () => {
    const sent = renderField('clinic', { ...PATIENT, externalId: 'MRN-9' });
    const user = userEvent.setup();
    expect(screen.getByRole('textbox', { name: /reference for this patient/ })).toHaveValue(
      'MRN-9',
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await expect.poll(() => latestToast('success')).toBe(EXTERNAL_ID_MESSAGES.cleared);
    expect(sent).toEqual([{ method: 'DELETE', body: undefined }]);
  });

  it('is not offered to administrators or a patient’s contact', () => {
    renderField('admin');
    expect(screen.queryByRole('heading', { name: 'Your reference' })).toBeNull();
    renderField('contact');
    expect(screen.queryByRole('heading', { name: 'Your reference' })).toBeNull();
  });
});
