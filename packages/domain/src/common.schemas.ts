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

/** Optional text: trimmed, and blank becomes null (spec: blank optional fields are omitted). */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** `page` and `pageSize` of a paged list's query string; a missing size is the screen's own. */
export function pageQuery(defaultPageSize: number) {
  return {
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultPageSize),
  };
}
