import { z } from 'zod';
import { parseAmountToCents } from '../billing/money.ts';
import { ZRecordIdParam } from '../record-id.ts';
import { parsePercentToBasisPoints } from './basis-points.ts';
import { ZLienParams, ZPatientLien } from './lien-ledger.schemas.ts';
import {
  REDUCTION_OFFER_KINDS,
  REDUCTION_OFFER_STATUSES,
  REDUCTION_PARTIES,
} from './lien-constants.ts';
import { REDUCTION_MESSAGES } from './reduction.policy.ts';

/** `…/liens/:lienholderId/reductions/:offerId/{accept,reject,counter,withdraw}` */
export const ZReductionOfferParams = ZLienParams.extend({ offerId: ZRecordIdParam });
export type TReductionOfferParams = z.infer<typeof ZReductionOfferParams>;

const ZNote = z
  .string()
  .trim()
  .max(1000, REDUCTION_MESSAGES.noteTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * An offer as typed: a dollar amount (→ cents) or a percentage with up to two decimals
 * (→ basis points, worked out against the balance when the offer is made), and a note.
 */
export const ZReductionOfferRequest = z
  .object({
    kind: z.enum(REDUCTION_OFFER_KINDS),
    value: z.string().trim().min(1, REDUCTION_MESSAGES.valueRequired),
    note: ZNote,
  })
  .transform((input, context) => {
    const value =
      input.kind === 'amount'
        ? parseAmountToCents(input.value)
        : parsePercentToBasisPoints(input.value);
    if (value === null || value <= 0) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message:
          input.kind === 'amount'
            ? REDUCTION_MESSAGES.amountInvalid
            : REDUCTION_MESSAGES.percentInvalid,
      });
      return z.NEVER;
    }
    return input.kind === 'amount'
      ? { kind: input.kind, amountCents: value, percentBasisPoints: null, note: input.note }
      : { kind: input.kind, amountCents: null, percentBasisPoints: value, note: input.note };
  });
export type TReductionOfferRequest = z.input<typeof ZReductionOfferRequest>;
export type TReductionOfferParsed = z.output<typeof ZReductionOfferRequest>;

/** Accept, reject or withdraw: an optional note. */
export const ZReductionAnswerRequest = z.object({ note: ZNote });
export type TReductionAnswerRequest = z.input<typeof ZReductionAnswerRequest>;

export const ZReductionOffer = z.object({
  id: z.uuid(),
  round: z.number().int(),
  offeredBy: z.enum(REDUCTION_PARTIES),
  offeredByName: z.string(),
  kind: z.enum(REDUCTION_OFFER_KINDS),
  amountCents: z.number().int(),
  percentBasisPoints: z.number().int().nullable(),
  /** The balance the offer was made against. */
  balanceCents: z.number().int(),
  note: z.string().nullable(),
  status: z.enum(REDUCTION_OFFER_STATUSES),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  respondedByName: z.string().nullable(),
});
export type TReductionOffer = z.infer<typeof ZReductionOffer>;

/**
 * A lien's negotiation: its figures (null when the reader does not see the ledger), the offers
 * the reader may see, newest first, and the side the reader negotiates for (null: reads only).
 */
export const ZReductionHistory = z.object({
  lien: ZPatientLien.nullable(),
  offers: z.array(ZReductionOffer),
  viewerParty: z.enum(REDUCTION_PARTIES).nullable(),
});
export type TReductionHistory = z.infer<typeof ZReductionHistory>;
