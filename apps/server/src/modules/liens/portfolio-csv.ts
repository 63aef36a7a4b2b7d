import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import type { TPortfolioRow } from '@casebridge/domain/liens/lien-ledger.schemas';
import { toCsvCell } from '#src/lib/csv.ts';

/** An amount as a plain number cell: written by us, so a minus (an overpayment) stays a minus. */
const money = (cents: number) => ({ number: formatCentsAsDecimal(cents) });

type Cell = string | { number: string };

/**
 * The whole portfolio as CSV, one line per lien, with a totals line. Text cells go through the
 * billing export's `toCsvCell`, so a patient name starting with '=' cannot run as a formula;
 * amounts are numbers the server wrote and are left as they are.
 */
export function toPortfolioCsv(rows: readonly TPortfolioRow[]): string {
  const lines: Cell[][] = [
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
      money(row.billedCents),
      money(row.reducedCents),
      money(row.paidCents),
      money(row.balanceCents),
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
    money(totals.billed),
    money(totals.reduced),
    money(totals.paid),
    money(totals.balance),
  ]);
  return `${lines
    .map((line) =>
      line.map((cell) => (typeof cell === 'string' ? toCsvCell(cell) : cell.number)).join(','),
    )
    .join('\r\n')}\r\n`;
}
