import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatRelativeTime } from './relative-time.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime (spec section 9)', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [MINUTE, '1m ago'],
    [59 * MINUTE + 59_999, '59m ago'],
    [HOUR, '1h ago'],
    [23 * HOUR + 59 * MINUTE, '23h ago'],
    [DAY, '1d ago'],
    [45 * DAY, '45d ago'],
  ])('%i ms ago reads %s', (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), NOW)).toBe(expected);
  });

  it('accepts ISO strings as the API sends them', () => {
    expect(formatRelativeTime(ago(5 * MINUTE).toISOString(), NOW)).toBe('5m ago');
  });

  it('treats a time slightly in the future (clock skew) as just now', () => {
    expect(formatRelativeTime(new Date(NOW.getTime() + 5_000), NOW)).toBe('Just now');
  });

  it('always answers one of the four shapes, with the unit matching the elapsed time', () => {
    expect(() =>
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 3650 * DAY }), (elapsed) => {
          const text = formatRelativeTime(ago(elapsed), NOW);
          if (elapsed < MINUTE) return text === 'Just now';
          const match = /^(\d+)([mhd]) ago$/.exec(text);
          if (!match) return false;
          const unit = { m: MINUTE, h: HOUR, d: DAY }[match[2] as 'm' | 'h' | 'd'];
          const value = Number(match[1]);
          // The number is the whole count of units elapsed, and the unit is the largest that fits.
          const isWholeCount = value === Math.floor(elapsed / unit) && value >= 1;
          const isLargestUnit =
            (match[2] === 'm' && elapsed < HOUR) ||
            (match[2] === 'h' && elapsed >= HOUR && elapsed < DAY) ||
            (match[2] === 'd' && elapsed >= DAY);
          return isWholeCount && isLargestUnit;
        }),
      ),
    ).not.toThrow();
  });

  it('never reads as more recent for an older time', () => {
    const toMinutes = (text: string) => {
      if (text === 'Just now') return 0;
      const [, value, unit] = /^(\d+)([mhd]) ago$/.exec(text) ?? [];
      return Number(value) * { m: 1, h: 60, d: 1440 }[unit as 'm' | 'h' | 'd'];
    };
    expect(() =>
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 400 * DAY }),
          fc.integer({ min: 0, max: 400 * DAY }),
          (a, b) => {
            const [newer, older] = a <= b ? [a, b] : [b, a];
            return (
              toMinutes(formatRelativeTime(ago(newer), NOW)) <=
              toMinutes(formatRelativeTime(ago(older), NOW))
            );
          },
        ),
      ),
    ).not.toThrow();
  });
});

describe('formatBadgeCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
  ])('%i reads %s', (count, expected) => {
    expect(formatBadgeCount(count)).toBe(expected);
  });

  it('shows the exact count up to the cap and the cap with a plus above it', () => {
    expect(() =>
      fc.assert(
        fc.property(fc.nat(100_000), (count) =>
          count <= 99
            ? formatBadgeCount(count) === String(count)
            : formatBadgeCount(count) === '99+',
        ),
      ),
    ).not.toThrow();
  });
});
