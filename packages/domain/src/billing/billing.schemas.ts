import { z } from 'zod';
import { MAX_AMOUNT_CENTS, parseAmountToCents } from './money.ts';

export const BILLING_MESSAGES = {
  cptRequired: 'CPT code is required',
  cptInvalid:
    'Enter a 5-character CPT or HCPCS code: five digits, four digits and F, T or U, or a letter and four digits',
  sessionsRequired: 'Session count is required',
  sessionsInvalid: 'Session count must be a whole number of at least 1',
  amountRequired: 'Amount is required',
  amountInvalid: 'Amount must be 0 or more, with at most two decimals',
  added: 'Billing entry added',
  addFailed: 'Failed to add billing entry',
  exportFailed: 'Failed to export billing history',
  empty: 'No billing entries yet',
  noRecentActivity: 'No billing activity yet',
} as const;

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

/**
 * The 'Add Billing Entry' row. The form and the API share it: the form posts what was typed,
 * the server parses it again with the same rules.
 */
export const ZCreateBillingEntryRequest = z
  .object({
    cptCode: ZCptCode,
    sessionCount: ZSessionCount,
    amount: ZAmount,
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type TCreateBillingEntryRequest = z.input<typeof ZCreateBillingEntryRequest>;
export type TCreateBillingEntryParsed = z.output<typeof ZCreateBillingEntryRequest>;

export const ZBillingEntry = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  cptCode: z.string(),
  sessionCount: z.number().int(),
  amountCents: z.number().int().min(0).max(MAX_AMOUNT_CENTS),
  date: z.string(),
  clinicName: z.string().nullable(),
  createdAt: z.string(),
});
export type TBillingEntry = z.infer<typeof ZBillingEntry>;

export const ZBillingHistory = z.object({
  items: z.array(ZBillingEntry),
  /** 'Total Medical Specials': the exact sum in cents. */
  totalCents: z.number().int(),
});
export type TBillingHistory = z.infer<typeof ZBillingHistory>;

/** The Lienholder Dashboard: recent lines across the linked patients and the real total. */
export const RECENT_BILLING_LIMIT = 10;

export const ZRecentBillingEntry = ZBillingEntry.extend({ patientName: z.string() });
export type TRecentBillingEntry = z.infer<typeof ZRecentBillingEntry>;

export const ZBillingSummary = z.object({
  totalBilledCents: z.number().int(),
  entryCount: z.number().int(),
  recent: z.array(ZRecentBillingEntry),
});
export type TBillingSummary = z.infer<typeof ZBillingSummary>;
