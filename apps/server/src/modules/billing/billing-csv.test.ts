import { describe, expect, it } from 'vitest';
import { toCsvCell } from '#src/lib/csv.ts';
import { toBillingCsv } from './billing-csv.ts';

describe('billing CSV', () => {
  it.each([
    ['97110', '97110'],
    ['Smith, Jones & Co', '"Smith, Jones & Co"'],
    ['say "hi"', '"say ""hi"""'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', "'+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-2', "'-2"],
  ])('writes %j as %s', (value, cell) => {
    expect(toCsvCell(value)).toBe(cell);
  });

  it('lists the live lines and ends with the Total Medical Specials line in exact dollars', () => {
    const line = {
      id: '00000000-0000-4000-8000-000000000001',
      patientId: '00000000-0000-4000-8000-000000000002',
      cptCode: '97110',
      sessionCount: 2,
      amountCents: 10,
      date: '2026-01-02',
      clinicId: null,
      clinicName: null,
      createdAt: '2026-01-02T00:00:00.000Z',
      voidedAt: null,
      voidReason: null,
      version: 1,
      updatedAt: '2026-01-02T00:00:00.000Z',
      updatedByName: null,
    };
    const voided = {
      ...line,
      id: '00000000-0000-4000-8000-000000000003',
      cptCode: '97140',
      voidedAt: '2026-01-03T00:00:00.000Z',
      voidReason: 'Duplicate',
    };
    const csv = toBillingCsv({ items: [voided, line], totalCents: 10 });
    expect(csv).toBe(
      'CPT Code,Sessions,Amount,Date,Clinic\r\n97110,2,0.10,2026-01-02,\r\nTotal Medical Specials,,0.10,,\r\n',
    );
  });
});
