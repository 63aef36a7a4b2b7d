import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import type { TPortfolioRow } from '@casebridge/domain/liens/lien-ledger.schemas';
import { toCsvCell } from '#src/modules/billing/billing-csv.ts';

/**
 * The whole portfolio as CSV, one line per lien, with a totals line. Cells go through the
 * billing export's `toCsvCell`, so a patient name starting with '=' cannot run as a formula.
 */
export function toPortfolioCsv(rows: readonly TPortfolioRow[]): string {
  const lines = [
    [
      'Patient',
      'Lienholder',
      'Case status',
      'Intake date',
      'Last care',
      'Days since treatment',
      'Treatment gap',
      'Billed',
      'Reduced',
      'Paid',
      'Balance',
    ],
  ];
  const totals = { billed: 0, reduced: 0, paid: 0, balance: 0 };
  for (const row of rows) {
    totals.billed += row.billedCents;
    totals.reduced += row.reducedCents;
    totals.paid += row.paidCents;
    totals.balance += row.balanceCents;
    lines.push([
      row.patientName,
      row.lienholderName,
      row.treatmentStatus,
      row.intakeDate ?? '',
      row.lastCareDate ?? '',
      row.daysSinceTreatment === null ? '' : String(row.daysSinceTreatment),
      row.hasGap ? 'Yes' : 'No',
      formatCentsAsDecimal(row.billedCents),
      formatCentsAsDecimal(row.reducedCents),
      formatCentsAsDecimal(row.paidCents),
      formatCentsAsDecimal(row.balanceCents),
    ]);
  }
  lines.push([
    'Total',
    '',
    '',
    '',
    '',
    '',
    '',
    formatCentsAsDecimal(totals.billed),
    formatCentsAsDecimal(totals.reduced),
    formatCentsAsDecimal(totals.paid),
    formatCentsAsDecimal(totals.balance),
  ]);
  return `${lines.map((line) => line.map(toCsvCell).join(',')).join('\r\n')}\r\n`;
}
