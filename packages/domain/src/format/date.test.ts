import { describe, expect, it } from 'vitest';
import { formatDate } from './date.ts';

describe('formatDate', () => {
  it.each([
    [null, 'Not set'],
    [undefined, 'Not set'],
    ['', 'Not set'],
    ['2026-12-31', 'Dec 31, 2026'],
    ['2026-03-01T23:30:00.000Z', 'Mar 1, 2026'],
    ['2026-03-01T00:30:00.000-05:00', 'Mar 1, 2026'],
    ['not a date', 'not a date'],
  ])('%s reads %s', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });
});
