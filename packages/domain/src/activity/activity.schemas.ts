import { z } from 'zod';
import { cursorPage, cursorQuery } from '../common.schemas.ts';
import { ROLES } from '../roles.ts';
import { ACTIVITY_KINDS } from './activity-constants.ts';

export { ACTIVITY_KIND_LABELS, ACTIVITY_KIND_TABS, ACTIVITY_SUMMARIES } from './activity-texts.ts';

/** Items per page of a patient's Activity feed. */
export const ACTIVITY_PAGE_SIZE = { default: 20, max: 50 } as const;

/** An item's id (a bigserial) as the cursor of the next page: the last item shown. */
export const ZActivityCursor = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/, { error: 'Invalid activity cursor' });

export const ZListActivityQuery = z.object({
  /** `cursor`: the id of the oldest item already shown; the page holds the items before it. */
  ...cursorQuery(ACTIVITY_PAGE_SIZE, ZActivityCursor),
});
export type TListActivityQuery = z.input<typeof ZListActivityQuery>;

export const ZActivityItem = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** The record the item is about (a document, message, billing line, request …). */
  recordId: z.string().nullable(),
  summary: z.string(),
  /** Null for the system (a gap found by the periodic check). */
  actorName: z.string().nullable(),
  actorRole: z.enum(ROLES).nullable(),
  occurredAt: z.string(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

/** One page of the feed, newest first. */
export const ZActivityPage = cursorPage(ZActivityItem);
export type TActivityPage = z.infer<typeof ZActivityPage>;
