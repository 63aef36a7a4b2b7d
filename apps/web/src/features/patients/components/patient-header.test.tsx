import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { Replaceable } from '#src/test/replaceable.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { PatientHeader } from './patient-header.tsx';

const FIRST = {
  id: '77777777-7777-4777-8777-777777777777',
  fullName: 'Sam Status',
  dob: '1980-02-03',
  treatmentStatus: 'Referred',
  version: 3,
  gapDays: null,
} as unknown as TPatientDetail;
const NEXT = {
  ...FIRST,
  id: '99999999-9999-4999-8999-999999999999',
  fullName: 'Olive Other',
  treatmentStatus: 'Evaluated',
  version: 8,
} as TPatientDetail;

describe('PatientHeader', () => {
  it("does not carry a status being chosen for one patient to the next patient's page", async () => {
    // Patient pages reuse their components: only the record changes.
    renderWithProviders(
      <Replaceable label="Next patient" after={<PatientHeader patient={NEXT} />}>
        <PatientHeader patient={FIRST} />
      </Replaceable>,
      { session: signedInAs('clinic') },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit status' }));
    await user.selectOptions(screen.getByLabelText('Treatment status'), 'Discharged');

    await user.click(screen.getByRole('button', { name: 'Next patient' }));
    expect(screen.getByRole('heading', { name: 'Olive Other' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Treatment status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit status' })).toBeInTheDocument();
  });
});
