import { FULL_BASIS_POINTS } from './lien-constants.ts';

/**
 * Percentages as integer basis points (1 % = 100), so that no float reaches an amount in cents
 * (a reduction offer's percentage, the attorney fee).
 */

const PERCENT_PATTERN = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** '33.33' or '33.33 %' → 3333; null for anything else, more than two decimals or above 100 %. */
export function parsePercentToBasisPoints(input: string): number | null {
  const match = PERCENT_PATTERN.exec(input.trim().replace(/\s*%$/, ''));
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints <= FULL_BASIS_POINTS ? basisPoints : null;
}

/** 3333 → '33.33', 2500 → '25', 1250 → '12.5': the figure a person types back. */
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(Math.abs(basisPoints % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * The share of an amount, rounded half up to the cent, in integers only: amounts stay below
 * 2^53 / 10,000 cents, so the product is exact.
 */
export function applyBasisPoints(cents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`amounts are non-negative integer cents, got ${cents}`);
  }
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > FULL_BASIS_POINTS) {
    throw new RangeError(`a share is 0 to ${FULL_BASIS_POINTS} basis points, got ${basisPoints}`);
  }
  return Math.floor((cents * basisPoints + FULL_BASIS_POINTS / 2) / FULL_BASIS_POINTS);
}
