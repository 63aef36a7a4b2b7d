import { z } from 'zod';
import { MAX_AMOUNT_CENTS, parseAmountToCents } from '../billing/money.ts';
import { CURSOR_INVALID, cursorPage, cursorQuery } from '../common.schemas.ts';
import { ZCorrectionReason } from '../history/record-history.schemas.ts';
import { getLatestTodayIsoDate, ZTreatmentStatus } from '../patients/patient.schemas.ts';
import { ZRecordIdParam } from '../record-id.ts';
import {
  LIEN_MESSAGES,
  PORTFOLIO_PAGE_SIZE,
  PORTFOLIO_SORTS,
  SORT_DIRECTIONS,
} from './lien-ledger-constants.ts';

export {
  AGING_BUCKETS,
  LIEN_MESSAGES,
  PORTFOLIO_PAGE_SIZE,
  PORTFOLIO_SORTS,
  SORT_DIRECTIONS,
} from './lien-ledger-constants.ts';

/** `/patients/:patientId/liens/:lienholderId/...`: a malformed id answers 404 like a missing one. */
export const ZLienParams = z.object({ patientId: ZRecordIdParam, lienholderId: ZRecordIdParam });
export const ZLienPaymentParams = ZLienParams.extend({ paymentId: ZRecordIdParam });
export type TLienPaymentParams = z.infer<typeof ZLienPaymentParams>;

/** A payment as typed ('1,250.00'), turned into integer cents without floating point; above 0. */
const ZPaymentAmount = z
  .string({ message: LIEN_MESSAGES.amountRequired })
  .trim()
  .min(1, LIEN_MESSAGES.amountRequired)
  .transform((value, context) => {
    const cents = parseAmountToCents(value);
    if (cents === null || cents === 0) {
      context.addIssue({ code: 'custom', message: LIEN_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    return cents;
  });

/** The day the payment was received: a calendar date, not before 1900, not after today anywhere. */
const ZPaidOn = z
  .string({ message: LIEN_MESSAGES.paidOnRequired })
  .trim()
  .min(1, { message: LIEN_MESSAGES.paidOnRequired, abort: true })
  .check(z.iso.date({ message: LIEN_MESSAGES.paidOnInvalid, abort: true }))
  .refine(
    (value) => value >= '1900-01-01' && value <= getLatestTodayIsoDate(),
    LIEN_MESSAGES.paidOnInvalid,
  );

/**
 * 'Record payment' (the lienholder only): the amount as typed, the day received and an optional
 * reference (a check number). The form and the route parse with it; the server gets cents.
 */
export const ZRecordLienPaymentRequest = z
  .object({
    amount: ZPaymentAmount,
    paidOn: ZPaidOn,
    reference: z
      .string()
      .trim()
      .max(100, LIEN_MESSAGES.referenceTooLong)
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type TRecordLienPaymentRequest = z.input<typeof ZRecordLienPaymentRequest>;
export type TRecordLienPaymentParsed = z.output<typeof ZRecordLienPaymentRequest>;

/** Void a payment: it stays listed with its reason, and no balance counts it. */
export const ZVoidLienPaymentRequest = z.object({ reason: ZCorrectionReason });
export type TVoidLienPaymentRequest = z.input<typeof ZVoidLienPaymentRequest>;

const ZCents = z.number().int();

/**
 * One lien's figures: balance = billed − accepted reductions − payments − waived
 * (lien-ledger.ts).
 */
export const ZPatientLien = z.object({
  lienholderId: z.uuid(),
  lienholderName: z.string(),
  billedCents: ZCents,
  paidCents: ZCents,
  reducedCents: ZCents,
  /** Left unpaid by a confirmed final payoff: given up by the lienholder, not owed. */
  waivedCents: ZCents,
  /** Negative when the lienholder was paid more than it is owed. */
  balanceCents: ZCents,
});
export type TPatientLien = z.infer<typeof ZPatientLien>;

export const ZPatientLiens = z.object({ items: z.array(ZPatientLien) });
export type TPatientLiens = z.infer<typeof ZPatientLiens>;

export const ZLienPayment = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  lienholderId: z.uuid(),
  amountCents: z.number().int().min(1).max(MAX_AMOUNT_CENTS),
  paidOn: z.string(),
  reference: z.string().nullable(),
  recordedByName: z.string(),
  createdAt: z.string(),
  /** A voided payment stays listed with its reason; balances leave it out. */
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  version: z.number().int(),
});
export type TLienPayment = z.infer<typeof ZLienPayment>;

export const ZLienPaymentList = z.object({ items: z.array(ZLienPayment) });
export type TLienPaymentList = z.infer<typeof ZLienPaymentList>;

/** Which liens a portfolio covers: a lienholder its own; an admin one lienholder, or all. */
const portfolioOwner = {
  /** Administrators only: one lienholder's portfolio; without it, every lien. Others: ignored. */
  lienholderId: z.uuid().optional(),
};

/** The portfolio's filters (the table, the CSV and the aging chart share them). */
const portfolioFilters = {
  ...portfolioOwner,
  search: z.string().trim().max(200).optional(),
  status: ZTreatmentStatus.optional(),
  /** 'true': only patients with an open treatment gap; 'false': only those without. */
  hasGap: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
};

export const ZPortfolioQuery = z.object({
  ...portfolioFilters,
  sort: z.enum(PORTFOLIO_SORTS).default('patient'),
  direction: z.enum(SORT_DIRECTIONS).default('asc'),
  /**
   * `cursor`: where the next page starts in the sorted rows (the portfolio sorts by computed
   * figures, so its cursor is a position, not a row: a row whose figures change between two
   * pages can move across them).
   */
  ...cursorQuery(
    { default: PORTFOLIO_PAGE_SIZE },
    z.string().regex(/^(0|[1-9][0-9]{0,8})$/, CURSOR_INVALID),
  ),
});
export type TPortfolioQuery = z.input<typeof ZPortfolioQuery>;
export type TPortfolioParsed = z.output<typeof ZPortfolioQuery>;

/** The CSV is the whole portfolio (filters and order apply, no paging). */
export const ZPortfolioExportQuery = ZPortfolioQuery.omit({ cursor: true, limit: true });
export type TPortfolioExportParsed = z.output<typeof ZPortfolioExportQuery>;

export const ZAgingQuery = z.object(portfolioOwner);
export type TAgingParsed = z.output<typeof ZAgingQuery>;

export const ZPortfolioRow = z.object({
  patientId: z.uuid(),
  patientName: z.string(),
  lienholderId: z.uuid(),
  lienholderName: z.string(),
  treatmentStatus: ZTreatmentStatus,
  intakeDate: z.string().nullable(),
  /** The last day of care: the last treatment date or a billed date of service, the later. */
  lastCareDate: z.string().nullable(),
  daysSinceTreatment: z.number().int().nullable(),
  /** An open treatment gap (treatment_gaps). */
  hasGap: z.boolean(),
  billedCents: ZCents,
  reducedCents: ZCents,
  paidCents: ZCents,
  balanceCents: ZCents,
});
export type TPortfolioRow = z.infer<typeof ZPortfolioRow>;

export const ZPortfolioTotals = z.object({
  billedCents: ZCents,
  reducedCents: ZCents,
  paidCents: ZCents,
  balanceCents: ZCents,
});

export const ZPortfolioPage = cursorPage(ZPortfolioRow, {
  /** Rows matching the filters, over every page. */
  total: z.number().int(),
  /** The figures summed over every matching row, not only this page. */
  totals: ZPortfolioTotals,
});
export type TPortfolioPage = z.infer<typeof ZPortfolioPage>;

export const ZAgingReport = z.object({
  buckets: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      balanceCents: ZCents,
      lienCount: z.number().int(),
    }),
  ),
});
export type TAgingReport = z.infer<typeof ZAgingReport>;
