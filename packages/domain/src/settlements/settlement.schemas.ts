import { z } from 'zod';
import { parseAmountToCents } from '../billing/money.ts';
import { parsePercentToBasisPoints } from '../liens/basis-points.ts';
import { ZPatientLien } from '../liens/lien-ledger.schemas.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';

export const SETTLEMENT_MESSAGES = {
  grossRequired: 'Enter the gross settlement.',
  amountInvalid: 'Enter an amount in dollars, like 125000.00.',
  feeInvalid: 'Enter the fee as a percentage from 0 to 100, with at most two decimals.',
  noteTooLong: 'Keep the note under 2,000 characters.',
} as const;

const dollars = (required: boolean) =>
  z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === '' && !required) return 0;
      const cents = value === '' ? null : parseAmountToCents(value);
      if (cents === null) {
        context.addIssue({
          code: 'custom',
          message:
            value === '' ? SETTLEMENT_MESSAGES.grossRequired : SETTLEMENT_MESSAGES.amountInvalid,
        });
        return z.NEVER;
      }
      return cents;
    });

/**
 * The worksheet as typed: gross and costs in dollars, the fee as a percentage (→ basis points),
 * a note, and the draft's version it was made from (none for the first save).
 */
export const ZSaveSettlementRequest = z.object({
  gross: dollars(true),
  feePercent: z
    .string()
    .trim()
    .transform((value, context) => {
      const basisPoints = parsePercentToBasisPoints(value === '' ? '0' : value);
      if (basisPoints === null) {
        context.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.feeInvalid });
        return z.NEVER;
      }
      return basisPoints;
    }),
  costs: dollars(false),
  note: z
    .string()
    .trim()
    .max(2000, SETTLEMENT_MESSAGES.noteTooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
  ...versionInput,
});
export type TSaveSettlementRequest = z.input<typeof ZSaveSettlementRequest>;
export type TSaveSettlementParsed = z.output<typeof ZSaveSettlementRequest>;

export const ZSettlementDraft = z.object({
  grossCents: z.number().int(),
  feeBasisPoints: z.number().int(),
  costsCents: z.number().int(),
  note: z.string().nullable(),
  ...versionFields,
});
export type TSettlementDraft = z.infer<typeof ZSettlementDraft>;

export const ZSettlementFigures = z.object({
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  costsCents: z.number().int(),
  liensCents: z.number().int(),
  netCents: z.number().int(),
});

/** The worksheet: the saved draft (null before the first save), the liens now, the figures. */
export const ZSettlement = z.object({
  draft: ZSettlementDraft.nullable(),
  liens: z.array(ZPatientLien),
  figures: ZSettlementFigures.nullable(),
});
export type TSettlement = z.infer<typeof ZSettlement>;
