import { describe, expect, it } from 'vitest';
import { composeTreatmentSummary, toSentence } from './treatment-summary.ts';

const patient = {
  fullName: 'Maria Delgado',
  treatmentStatus: 'Evaluated' as const,
  intakeDate: '2026-03-01',
  evalDate: '2026-03-04',
  lastTreatmentDate: null,
  clinics: [{ name: 'Harbor Physical Therapy' }],
  firm: { name: 'Morgan & Hale Injury Law' },
};

describe('treatment summary draft', () => {
  it('composes the record and the typed update into a draft', () => {
    const summary = composeTreatmentSummary(
      patient,
      '  pain down to 4/10,   range of motion improving ',
    );
    expect(summary).toContain('Treatment summary for Maria Delgado');
    expect(summary).toContain(
      'Current status: Evaluated. Maria Delgado has completed the initial evaluation.',
    );
    expect(summary).toContain(
      'Intake: Mar 1, 2026 · Evaluation: Mar 4, 2026 · Last treatment: Not set.',
    );
    expect(summary).toContain(
      'Treating clinics: Harbor Physical Therapy. Attorney firm: Morgan & Hale Injury Law.',
    );
    expect(summary).toContain('Update: Pain down to 4/10, range of motion improving.');
    expect(summary).toContain('Next step: Start the recommended treatment plan.');
  });

  it('handles a patient without clinics or firm', () => {
    const summary = composeTreatmentSummary(
      { ...patient, treatmentStatus: 'Discharged', clinics: [], firm: null },
      'Done!',
    );
    expect(summary).toContain(
      'Treating clinics: No clinics assigned. Attorney firm: Unknown Firm.',
    );
    expect(summary).toContain('Update: Done!');
    expect(summary).toContain('has been discharged from care');
  });

  it('formats sentences', () => {
    expect(toSentence('   ')).toBe('');
    expect(toSentence('ok?')).toBe('Ok?');
  });
});
