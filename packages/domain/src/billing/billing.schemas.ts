import { z } from 'zod';
import {
  cursorPage,
  cursorQuery,
  RECORD_PAGE_SIZE,
  updatedSinceQuery,
  ZRecordCursor,
} from '../common.schemas.ts';
import { ZCorrectionReason } from '../history/record-history.schemas.ts';
import { getLatestTodayIsoDate } from '../patients/patient.schemas.ts';
import { ZRecordIdParam } from '../record-id.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';
import { BILLING_MESSAGES } from './billing-constants.ts';
import { MAX_AMOUNT_CENTS, parseAmountToCents } from './money.ts';

// The texts and the recent list's length live apart from the schemas, so that the lienholder's
// dashboard can use them without zod.
export { BILLING_MESSAGES, RECENT_BILLING_LIMIT } from './billing-constants.ts';

/** CPT (five digits, or four digits and F/T/U) or HCPCS level II (a letter and four digits). */
export const CPT_CODE_PATTERN = /^([0-9]{5}|[0-9]{4}[FTU]|[A-Z][0-9]{4})$/;

/** Largest session count one line may carry; a sanity bound, not a rule of the spec. */
export const MAX_SESSION_COUNT = 1000;

const ZCptCode = z
  .string({ message: BILLING_MESSAGES.cptRequired })
  .trim()
  .toUpperCase()
  .min(1, BILLING_MESSAGES.cptRequired)
  .regex(CPT_CODE_PATTERN, BILLING_MESSAGES.cptInvalid);

const ZSessionCount = z
  .union([z.string(), z.number()], { message: BILLING_MESSAGES.sessionsRequired })
  .transform((value) => (typeof value === 'string' ? value.trim() : value))
  .refine((value) => value !== '', BILLING_MESSAGES.sessionsRequired)
  .transform((value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  .pipe(
    z
      .number({ message: BILLING_MESSAGES.sessionsInvalid })
      .int(BILLING_MESSAGES.sessionsInvalid)
      .min(1, BILLING_MESSAGES.sessionsInvalid)
      .max(MAX_SESSION_COUNT, BILLING_MESSAGES.sessionsInvalid),
  );

/** A dollar amount as typed ('125.5'), turned into integer cents without floating point. */
const ZAmount = z
  .string({ message: BILLING_MESSAGES.amountRequired })
  .trim()
  .min(1, BILLING_MESSAGES.amountRequired)
  .transform((value, context) => {
    const cents = parseAmountToCents(value);
    if (cents === null) {
      context.addIssue({ code: 'custom', message: BILLING_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    return cents;
  });

/** The date of service: a calendar date, not before 1900 and not after today anywhere. */
const ZServiceDate = z
  .string({ message: BILLING_MESSAGES.dateRequired })
  .trim()
  // abort: an empty value reports only that it is required.
  .min(1, { message: BILLING_MESSAGES.dateRequired, abort: true })
  .check(z.iso.date({ message: BILLING_MESSAGES.dateInvalid, abort: true }))
  .refine(
    (value) => value >= '1900-01-01' && value <= getLatestTodayIsoDate(),
    BILLING_MESSAGES.dateInvalid,
  );

/**
 * The 'Add Billing Entry' row. The form and the API share it: the form posts what was typed,
 * the server parses it again with the same rules.
 */
export const ZCreateBillingEntryRequest = z
  .object({
    cptCode: ZCptCode,
    sessionCount: ZSessionCount,
    amount: ZAmount,
    /**
     * Required once the clinic marked its bill for the patient final: the line is then entered
     * as a correction with this reason (docs/architecture/closing-the-case.md).
     */
    correctionReason: ZCorrectionReason.optional(),
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type TCreateBillingEntryRequest = z.input<typeof ZCreateBillingEntryRequest>;
export type TCreateBillingEntryParsed = z.output<typeof ZCreateBillingEntryRequest>;

/**
 * Edit a billing line (docs/architecture.md, 'Corrections'): the fields of 'Add Billing Entry'
 * under the same rules, the date of service, and the reason a financial record changed. The
 * version it was made from comes as `If-Match` or `version`.
 */
export const ZEditBillingEntryRequest = z
  .object({
    cptCode: ZCptCode,
    sessionCount: ZSessionCount,
    amount: ZAmount,
    date: ZServiceDate,
    reason: ZCorrectionReason,
    ...versionInput,
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type TEditBillingEntryRequest = z.input<typeof ZEditBillingEntryRequest>;
export type TEditBillingEntryParsed = z.output<typeof ZEditBillingEntryRequest>;

/** Void a billing line: it stays listed, marked, and no total counts it. */
export const ZVoidBillingEntryRequest = z.object({ reason: ZCorrectionReason, ...versionInput });
export type TVoidBillingEntryRequest = z.input<typeof ZVoidBillingEntryRequest>;

/** `/patients/:patientId/billing/:entryId`; a malformed entry id answers 404 like a missing one. */
export const ZBillingEntryParams = z.object({
  patientId: ZRecordIdParam,
  entryId: ZRecordIdParam,
});

export const ZBillingEntry = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  cptCode: z.string(),
  sessionCount: z.number().int(),
  amountCents: z.number().int().min(0).max(MAX_AMOUNT_CENTS),
  date: z.string(),
  /** The clinic that billed the line (null: added by an administrator); it may correct it. */
  clinicId: z.uuid().nullable(),
  clinicName: z.string().nullable(),
  createdAt: z.string(),
  /** A voided line stays listed with its reason; totals, figures and exports leave it out. */
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  ...versionFields,
});
export type TBillingEntry = z.infer<typeof ZBillingEntry>;

/** Every line, voided ones included (marked), newest first; with `updatedSince`, oldest change first. */
export const ZBillingHistory = cursorPage(ZBillingEntry, {
  /** 'Total Medical Specials': the exact sum of the patient's live lines in cents (every page). */
  totalCents: z.number().int(),
});
export type TBillingHistory = z.infer<typeof ZBillingHistory>;

const billingPageQuery = {
  /** `cursor`: the id of the last line already shown. */
  ...cursorQuery(RECORD_PAGE_SIZE, ZRecordCursor),
  ...updatedSinceQuery,
};

export const ZListBillingQuery = z.object(billingPageQuery);
export type TListBillingParsed = z.output<typeof ZListBillingQuery>;

/** GET /billing: every line of every patient the reader may see. */
export const ZListOrganizationBillingQuery = z.object({
  /** One patient's lines; a patient the reader cannot see lists none. */
  patientId: z.uuid('Must be a patient id').optional(),
  ...billingPageQuery,
});
export type TListOrganizationBillingParsed = z.output<typeof ZListOrganizationBillingQuery>;

/** A line of the organisation-wide list: its patient and whether it is live or voided. */
export const ZOrganizationBillingEntry = ZBillingEntry.extend({
  patientName: z.string(),
  status: z.enum(['active', 'voided']),
});
export type TOrganizationBillingEntry = z.infer<typeof ZOrganizationBillingEntry>;

/** Newest line first; with `updatedSince`, oldest change first. */
export const ZOrganizationBillingPage = cursorPage(ZOrganizationBillingEntry);
export type TOrganizationBillingPage = z.infer<typeof ZOrganizationBillingPage>;

/** The Lienholder Dashboard: recent live lines across the linked patients and the real total. */
export const ZRecentBillingEntry = ZBillingEntry.extend({ patientName: z.string() });
export type TRecentBillingEntry = z.infer<typeof ZRecentBillingEntry>;

export const ZBillingSummary = z.object({
  totalBilledCents: z.number().int(),
  entryCount: z.number().int(),
  recent: z.array(ZRecentBillingEntry),
});
export type TBillingSummary = z.infer<typeof ZBillingSummary>;
