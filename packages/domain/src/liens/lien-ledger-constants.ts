// Free of zod (ADR 0015): the lienholder's dashboard and the patient's Lien ledger panel read
// these; lien-ledger.schemas.ts re-exports them with the schemas.

export const LIEN_MESSAGES = {
  amountRequired: 'Amount is required',
  amountInvalid: 'Amount must be more than 0, with at most two decimals',
  paidOnRequired: 'Payment date is required',
  paidOnInvalid: 'Enter a valid payment date that is not in the future',
  referenceTooLong: 'The reference must be 100 characters or fewer',
  paymentRecorded: 'Payment recorded',
  paymentRecordFailed: 'Failed to record payment',
  paymentVoided: 'Payment voided',
  paymentVoidFailed: 'Failed to void payment',
  alreadyVoided: 'This payment was already voided.',
  notLinked: 'Your organization holds no lien on this patient.',
  noLiens: 'No lienholder is linked to this patient.',
  noPayments: 'No payments recorded yet',
  portfolioEmpty: 'No patients match',
  portfolioFailed: 'Failed to load the portfolio',
  exportFailed: 'Failed to export the portfolio',
} as const;

/** The portfolio's sortable columns (one per figure the table shows). */
export const PORTFOLIO_SORTS = [
  'patient',
  'lienholder',
  'status',
  'billed',
  'reduced',
  'paid',
  'balance',
  'days_since_treatment',
] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Rows per portfolio page on the lienholder dashboard. */
export const PORTFOLIO_PAGE_SIZE = 25;

/**
 * The aging chart's buckets: the balance by whole months since intake (a patient without an
 * intake date counts from when it was added). `[from, to)` in months; the last one is open.
 */
export const AGING_BUCKETS = [
  { key: '0-3', label: '0–3 months', fromMonths: 0, toMonths: 3 },
  { key: '3-6', label: '3–6 months', fromMonths: 3, toMonths: 6 },
  { key: '6-12', label: '6–12 months', fromMonths: 6, toMonths: 12 },
  { key: '12+', label: '12+ months', fromMonths: 12, toMonths: null },
] as const;
export type AgingBucketKey = (typeof AGING_BUCKETS)[number]['key'];

/** The bucket of a lien that is `months` whole months past intake. */
export function getAgingBucketKey(months: number): AgingBucketKey {
  const bucket = AGING_BUCKETS.find(
    (candidate) =>
      months >= candidate.fromMonths &&
      (candidate.toMonths === null || months < candidate.toMonths),
  );
  return bucket?.key ?? '0-3';
}
