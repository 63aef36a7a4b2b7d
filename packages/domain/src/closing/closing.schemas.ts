import { z } from 'zod';
import { MAX_AMOUNT_CENTS, parseAmountToCents } from '../billing/money.ts';
import { optionalText } from '../common.schemas.ts';
import { ZCaseStage } from '../case-facts/case-facts.schemas.ts';
import { ZCorrectionReason, ZHistoryEntry } from '../history/record-history.schemas.ts';
import { parsePercentToBasisPoints } from '../liens/basis-points.ts';
import { getLatestTodayIsoDate } from '../patients/patient.schemas.ts';
import { ZRecordIdParam } from '../record-id.ts';
import { ZSettlementFigures } from '../settlements/settlement.schemas.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';
import { PAYOFF_STATUSES, SETTLEMENT_SOURCES } from './closing-constants.ts';

export {
  CLOSED_CASE_FILTER_LABELS,
  CLOSED_CASE_FILTERS,
  CLOSING_TEXTS,
  PAYOFF_NOTICES,
  PAYOFF_STATUS_LABELS,
  PAYOFF_STATUSES,
  SETTLEMENT_SOURCE_LABELS,
  SETTLEMENT_SOURCES,
  type ClosedCaseFilter,
  type PayoffStatus,
  type SettlementSource,
} from './closing-constants.ts';

export const CLOSING_MESSAGES = {
  grossRequired: 'Enter the gross settlement.',
  amountInvalid: 'Enter an amount in dollars, like 125000.00.',
  payoffRequired: 'Enter the final payoff, or 0 to ask the lienholder to waive the lien.',
  feeInvalid: 'Enter the fee as a percentage from 0 to 100, with at most two decimals.',
  dateRequired: 'Enter the date.',
  dateInvalid: 'Enter a valid date that is not in the future.',
  sourceRequired: 'Choose where the settlement comes from.',
} as const;

/** Dollars as typed → integer cents; blank is `blank` (or required when blank is undefined). */
const dollars = (requiredMessage: string | null) =>
  z
    .string({ message: requiredMessage ?? CLOSING_MESSAGES.amountInvalid })
    .trim()
    .transform((value, context) => {
      if (value === '' && requiredMessage === null) return 0;
      const cents = value === '' ? null : parseAmountToCents(value);
      if (cents === null) {
        context.addIssue({
          code: 'custom',
          message: value === '' ? requiredMessage! : CLOSING_MESSAGES.amountInvalid,
        });
        return z.NEVER;
      }
      return cents;
    });

/** A calendar day from 1900 to today (anywhere on Earth). */
const ZPastDate = z
  .string({ message: CLOSING_MESSAGES.dateRequired })
  .trim()
  .min(1, { message: CLOSING_MESSAGES.dateRequired, abort: true })
  .check(z.iso.date({ message: CLOSING_MESSAGES.dateInvalid, abort: true }))
  .refine(
    (value) => value >= '1900-01-01' && value <= getLatestTodayIsoDate(),
    CLOSING_MESSAGES.dateInvalid,
  );

/**
 * Record or edit the settlement (the firm): gross, date, source, and the fee and costs the
 * statement uses. The first save records it (and moves the case to Settled); later ones name the
 * version they were made from.
 */
export const ZRecordSettlementRequest = z.object({
  gross: dollars(CLOSING_MESSAGES.grossRequired),
  settledOn: ZPastDate,
  source: z.enum(SETTLEMENT_SOURCES, { message: CLOSING_MESSAGES.sourceRequired }),
  feePercent: z
    .string()
    .trim()
    .transform((value, context) => {
      const basisPoints = parsePercentToBasisPoints(value === '' ? '0' : value);
      if (basisPoints === null) {
        context.addIssue({ code: 'custom', message: CLOSING_MESSAGES.feeInvalid });
        return z.NEVER;
      }
      return basisPoints;
    })
    .default(0),
  costs: dollars(null).default(0),
  note: optionalText(2000),
  ...versionInput,
});
export type TRecordSettlementRequest = z.input<typeof ZRecordSettlementRequest>;
export type TRecordSettlementParsed = z.output<typeof ZRecordSettlementRequest>;

/** Propose a lien's final payoff (the firm); 0 asks the lienholder to waive the lien. */
export const ZProposePayoffRequest = z.object({
  amount: dollars(CLOSING_MESSAGES.payoffRequired),
  note: optionalText(500),
});
export type TProposePayoffRequest = z.input<typeof ZProposePayoffRequest>;
export type TProposePayoffParsed = z.output<typeof ZProposePayoffRequest>;

/** Confirm a payoff (the lienholder): the day the payment came in, and its reference. */
export const ZConfirmPayoffRequest = z.object({
  paidOn: ZPastDate,
  reference: optionalText(100),
});
export type TConfirmPayoffRequest = z.input<typeof ZConfirmPayoffRequest>;

/** Dispute a payoff (the lienholder), with the reason the firm reads. */
export const ZDisputePayoffRequest = z.object({ reason: ZCorrectionReason });
export type TDisputePayoffRequest = z.input<typeof ZDisputePayoffRequest>;

/** Mark the funds disbursed (the firm): the day, from the settlement's version. */
export const ZDisburseRequest = z.object({ disbursedOn: ZPastDate, ...versionInput });
export type TDisburseRequest = z.input<typeof ZDisburseRequest>;

/** Close the case (the firm), from the settlement's version. */
export const ZCloseCaseRequest = z.object({ ...versionInput });

export const ZPayoffParams = z.object({
  patientId: ZRecordIdParam,
  lienholderId: ZRecordIdParam,
  payoffId: ZRecordIdParam,
});
export type TPayoffParams = z.infer<typeof ZPayoffParams>;

export const ZSettlementRecord = z.object({
  id: z.uuid(),
  grossCents: z.number().int().min(0).max(MAX_AMOUNT_CENTS),
  settledOn: z.string(),
  source: z.enum(SETTLEMENT_SOURCES),
  feeBasisPoints: z.number().int(),
  costsCents: z.number().int(),
  note: z.string().nullable(),
  disbursedOn: z.string().nullable(),
  closedAt: z.string().nullable(),
  ...versionFields,
});
export type TSettlementRecord = z.infer<typeof ZSettlementRecord>;

export const ZPayoff = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  lienholderId: z.uuid(),
  lienholderName: z.string(),
  amountCents: z.number().int(),
  /** The lien's balance when the payoff was proposed. */
  balanceCents: z.number().int(),
  status: z.enum(PAYOFF_STATUSES),
  note: z.string().nullable(),
  proposedByName: z.string(),
  proposedAt: z.string(),
  answeredByName: z.string().nullable(),
  answeredAt: z.string().nullable(),
  disputeReason: z.string().nullable(),
  /** The lien payment a confirmation recorded (none for a waiver of 0). */
  paymentId: z.uuid().nullable(),
});
export type TPayoff = z.infer<typeof ZPayoff>;

/** One lien on the closing: its figures now, its payoffs newest first, whether it is resolved. */
export const ZClosingLien = z.object({
  lienholderId: z.uuid(),
  lienholderName: z.string(),
  billedCents: z.number().int(),
  paidCents: z.number().int(),
  reducedCents: z.number().int(),
  /** What the confirmed final payoff left unpaid, waived by the lienholder. */
  waivedCents: z.number().int(),
  balanceCents: z.number().int(),
  payoffs: z.array(ZPayoff),
  isResolved: z.boolean(),
});
export type TClosingLien = z.infer<typeof ZClosingLien>;

export const ZBillFinal = z.object({
  clinicId: z.uuid(),
  clinicName: z.string(),
  finalizedOn: z.string(),
  finalizedByName: z.string(),
});
export type TBillFinal = z.infer<typeof ZBillFinal>;

/**
 * GET /patients/:patientId/closing: the case's stage, the settlement with its history and the
 * statement's figures (the firm and administrators only; null for others or before it is
 * recorded), the liens the reader sees with their payoffs, and which clinics' bills are final.
 */
export const ZClosing = z.object({
  stage: ZCaseStage,
  settlement: ZSettlementRecord.nullable(),
  settlementHistory: z.array(ZHistoryEntry),
  figures: ZSettlementFigures.nullable(),
  liens: z.array(ZClosingLien),
  billFinals: z.array(ZBillFinal),
  /** Every lien is paid or its payoff confirmed (what disbursement needs). */
  areLiensResolved: z.boolean(),
});
export type TClosing = z.infer<typeof ZClosing>;

/** The lienholder's inbox: the payoffs awaiting its answer, with the patient's name. */
export const ZPayoffInbox = z.object({
  items: z.array(ZPayoff.extend({ patientName: z.string() })),
});
export type TPayoffInbox = z.infer<typeof ZPayoffInbox>;
