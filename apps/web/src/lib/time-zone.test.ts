import { describe, expect, it } from 'vitest';
import { describeTimeZone, formatDateTimeWithZone, formatTimeWithZone } from './time-zone.ts';

describe('times that state their zone', () => {
  it('names the zone, or its offset where it has no common abbreviation', () => {
    const at = '2026-03-16T19:02:00.000Z';
    expect(formatDateTimeWithZone(at, 'America/New_York')).toBe('Mar 16, 2026, 3:02 PM EDT');
    expect(formatDateTimeWithZone(at, 'UTC')).toBe('Mar 16, 2026, 7:02 PM UTC');
    expect(formatDateTimeWithZone(at, 'Europe/Berlin')).toBe('Mar 16, 2026, 8:02 PM GMT+1');
    expect(formatTimeWithZone(at, 'America/Los_Angeles')).toBe('12:02 PM PDT');
  });

  it('describes a zone by name and by its offset at that moment', () => {
    expect(describeTimeZone('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe(
      'America/New_York (UTC-05:00)',
    );
    expect(describeTimeZone('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe(
      'America/New_York (UTC-04:00)',
    );
    expect(describeTimeZone('UTC')).toBe('UTC (UTC+00:00)');
    expect(describeTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata (UTC+05:30)');
  });
});
