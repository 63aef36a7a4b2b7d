import { describe, expect, it } from 'vitest';
import type { TPortfolioRow } from '@casebridge/domain/liens/lien-ledger.schemas';
import { toPortfolioCsv } from './portfolio-csv.ts';

const ROW: TPortfolioRow = {
  patientId: '11111111-1111-4111-8111-111111111111',
  patientName: 'Maria Delgado',
  lienholderId: '22222222-2222-4222-8222-222222222222',
  lienholderName: 'MedLien Funding Partners',
  treatmentStatus: 'Referred for PT',
  intakeDate: '2026-01-05',
  lastCareDate: '2026-03-01',
  daysSinceTreatment: 17,
  hasGap: true,
  billedCents: 125_050,
  reducedCents: 10_000,
  paidCents: 20_001,
  balanceCents: 95_049,
};

describe('toPortfolioCsv', () => {
  it('writes one line per lien in dollars and a totals line that adds up', () => {
    const lines = toPortfolioCsv([ROW, { ...ROW, patientName: 'Second', balanceCents: -1 }]).split(
      '\r\n',
    );
    expect(lines[1]).toBe(
      'Maria Delgado,MedLien Funding Partners,Referred for PT,2026-01-05,2026-03-01,17,Yes,1250.50,100.00,200.01,950.49',
    );
    expect(lines[2]).toContain(',-0.01');
    expect(lines[3]).toBe('Total,,,,,,,2501.00,200.00,400.02,950.48');
    expect(lines[4]).toBe('');
  });

  it('defuses a name that a spreadsheet would run as a formula, and quotes commas', () => {
    const csv = toPortfolioCsv([
      {
        ...ROW,
        patientName: '=HYPERLINK("x")',
        lienholderName: 'Smith, Jones',
        lastCareDate: null,
      },
    ]);
    expect(csv.split('\r\n')[1]).toMatch(
      /^"'=HYPERLINK\(""x""\)","Smith, Jones",Referred for PT,2026-01-05,,17,/,
    );
  });
});
