import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

/** What a malformed e-mail address is refused with (spec sections 5 and 8). */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** An e-mail address, trimmed and lowercased before it is checked. */
export function emailField(message = INVALID_EMAIL_MESSAGE) {
  return z.string().trim().toLowerCase().max(320).check(z.email(message));
}

/** A calendar date without time, as `YYYY-MM-DD`. */
export const ZIsoDate = z.iso.date();

/**
 * Required text: trimmed, and a missing or blank value reads the one message the form shows for
 * it (the spec often has one message for every required field of a form).
 */
export function requiredText(message: string, max: number) {
  return z.string({ message }).trim().min(1, message).max(max);
}

/** Line breaks, tabs and the Unicode line and paragraph separators, with the spaces around them. */
const LINE_BREAKS = /\s*[\t\n\v\f\r\u0085\u2028\u2029]+\s*/gu;

/**
 * Required text of one line (a name, an organisation, a phone number): `requiredText`, with any
 * line break inside turned into one space. Such text is printed on a line of its own in e-mails
 * and exports, where a line break would forge a line of its own.
 */
export function requiredLine(message: string, max: number) {
  return requiredText(message, max).transform((value) => value.replace(LINE_BREAKS, ' '));
}

/** Optional text: trimmed, and blank becomes null (spec: blank optional fields are omitted). */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * The one page style of every list an API client reads (docs/decisions/0022): `cursor` (opaque,
 * from the previous page's `nextCursor`; none for the first page) and `limit` (items per page).
 * `limits.default` is the screen's page size, `limits.max` at most MAX_PAGE_SIZE unless the list
 * says otherwise; `cursor` narrows the cursor's form for a list whose cursor is an id.
 */
export function cursorQuery(
  limits: { default: number; max?: number },
  cursor: z.ZodType<string, string> = z.string().min(1).max(1200),
) {
  return {
    cursor: cursor.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(limits.max ?? MAX_PAGE_SIZE)
      .default(limits.default),
  };
}

/**
 * The envelope of every list page: `items`, the `nextCursor` of the page after (null on the last
 * page), and the list's own extras beside them (a `total`, `isTotalCapped`, totals …).
 */
export function cursorPage<TItem extends z.ZodType, TExtras extends z.ZodRawShape = {}>(
  item: TItem,
  extras?: TExtras,
) {
  return z.object({
    ...(extras as TExtras),
    items: z.array(item),
    /** The cursor of the next page; null when this page is the last. */
    nextCursor: z.string().nullable(),
  });
}

/**
 * Page sizes of the lists that are whole and bounded on screen (a patient's documents, billing
 * lines): the web reads every page; an API client pages them like any other list.
 */
export const RECORD_PAGE_SIZE = { default: MAX_PAGE_SIZE, max: MAX_PAGE_SIZE } as const;

export const UPDATED_SINCE_INVALID =
  'Must be an ISO date-time with a time zone, e.g. 2026-01-31T09:00:00Z';

/** What a cursor the list did not make is refused with (validation names the field). */
export const CURSOR_INVALID = 'Not a page link of this list; start from the first page';

/**
 * What an `updatedSince` page is refused with when a row of the page before changed again while
 * the client paged: its place moved, so the client starts again from its mark.
 */
export const CURSOR_CHANGED =
  'The list changed while you paged; start again from your updatedSince mark';

/** A record list's cursor: the last row's id, and on an `updatedSince` page its version too. */
export const ZRecordCursor = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(:\d{1,9})?$/i,
    CURSOR_INVALID,
  );

/**
 * `updatedSince` of the lists a sync client reads: only rows changed (or, for append-only rows,
 * created) at or after it, oldest change first (docs/architecture.md, 'Sync-friendly reads').
 */
export const updatedSinceQuery = {
  updatedSince: z.iso.datetime({ offset: true, message: UPDATED_SINCE_INVALID }).optional(),
};
