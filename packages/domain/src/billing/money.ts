/** Largest amount one billing line may carry: $99,999,999.99, far below 2^53 cents. */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

const AMOUNT_PATTERN = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses a dollar amount typed by a person into integer cents, exactly: no floating point is
 * involved ('125.5' → 12550). Accepts an optional '$' and thousands separators; refuses
 * negatives, more than two decimals and anything that is not a number. Returns null if invalid.
 */
export function parseAmountToCents(input: string): number | null {
  const text = input.trim().replace(/^\$\s*/, '');
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const dollars = (match[1] ?? '').replaceAll(',', '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (dollars.length > 10) return null;
  const cents = Number(dollars) * 100 + Number(fraction);
  return Number.isSafeInteger(cents) && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/** Integer cents as a plain decimal string ('12550' → '125.50'), for CSV and inputs. */
export function formatCentsAsDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
