import { z } from 'zod';
import { ROLES } from '../roles.ts';

/**
 * The history of a correctable record (docs/architecture.md, 'Corrections'): each change with
 * who made it, when, the values before and after, and the reason where the record is financial
 * or clinical.
 */
export const HISTORY_RECORD_TYPES = [
  'billing_entry',
  'document',
  'message',
  'visit',
  'settlement',
] as const;
export type HistoryRecordType = (typeof HISTORY_RECORD_TYPES)[number];

export const HISTORY_ACTIONS = [
  'edited',
  'voided',
  'recategorized',
  'removed',
  'retracted',
  /** A record made with a reason: a billing line added after the clinic's bill was final. */
  'created',
  /** A settlement recorded (its first version). */
  'recorded',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

const ZHistoryValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const ZHistoryChanges = z.record(
  z.string(),
  z.object({ from: ZHistoryValue, to: ZHistoryValue }),
);
export type HistoryChanges = z.infer<typeof ZHistoryChanges>;

export const ZHistoryEntry = z.object({
  version: z.number().int(),
  action: z.enum(HISTORY_ACTIONS),
  changes: ZHistoryChanges,
  reason: z.string().nullable(),
  actorName: z.string(),
  actorRole: z.enum(ROLES),
  at: z.string(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

export const ZHistoryList = z.object({ items: z.array(ZHistoryEntry) });

/** A correction's reason: required for financial and clinical records. */
export const ZCorrectionReason = z
  .string({ message: 'Please give a reason' })
  .trim()
  .min(1, 'Please give a reason')
  .max(500, 'The reason must be 500 characters or fewer');
