import { z } from 'zod';

/** An e-mail address, trimmed and lowercased before it is checked. */
export function emailField(message = 'Please enter a valid email address') {
  return z.string().trim().toLowerCase().max(320).check(z.email(message));
}

/** A calendar date without time, as `YYYY-MM-DD`. */
export const ZIsoDate = z.iso.date();
