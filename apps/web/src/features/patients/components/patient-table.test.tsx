import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { PatientTable } from './patient-table.tsx';

const PATIENT = {
  id: '11111111-1111-4111-8111-111111111111',
  fullName: 'Maria Delgado',
  dob: '1984-03-12',
  treatmentStatus: 'Referred for Pain Management' as const,
  intakeDate: '2026-01-05',
  lastTreatmentDate: null,
  clinicNames: ['Harbor Physical Therapy'],
  firmName: 'Morgan & Hale Injury Law',
  updatedAt: '2026-02-01T00:00:00.000Z',
  externalId: null,
  caseStage: 'negotiating' as const,
  isUpdateOverdue: true,
};

function renderTable() {
  renderWithProviders(
    <PatientTable
      caption="Client Cases"
      patients={[PATIENT]}
      isLoading={false}
      renderActions={(patient) => <button type="button">Edit {patient.fullName}</button>}
    />,
  );
}

describe('PatientTable', () => {
  it("links the patient's name to the case, keeping the actions column", () => {
    renderTable();
    const row = screen.getByRole('row', { name: /Maria Delgado/ });
    expect(within(row).getByRole('link', { name: 'Maria Delgado' })).toHaveAttribute(
      'href',
      `/patients/${PATIENT.id}`,
    );
    expect(within(row).getByRole('button', { name: 'Edit Maria Delgado' })).toBeInTheDocument();
  });

  it('shows the case stage and the overdue update in the case column', () => {
    renderTable();
    expect(screen.getByRole('columnheader', { name: 'Case' })).toBeInTheDocument();
    const [, stageCell] = within(screen.getByRole('row', { name: /Maria Delgado/ })).getAllByRole(
      'cell',
    );
    expect(stageCell).toHaveTextContent('Case stage: NegotiatingUpdate overdue');
  });

  it('scrolls in a focusable, labelled region on a narrow screen', () => {
    renderTable();
    const region = screen.getByRole('region', { name: 'Client Cases table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'Client Cases' })).toBeInTheDocument();
  });
});
