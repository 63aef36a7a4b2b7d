import { describe, expect, it } from 'vitest';
import {
  evaluateRows,
  formatGoal,
  formatNumber,
  formatTable,
  isGoalMet,
  ratioToFloor,
  summariseLoad,
  type BenchRow,
} from './bench-table.ts';

describe('summariseLoad', () => {
  it('gives requests per second and the nearest-rank p50 and p99 of the latencies', () => {
    const latencies = Array.from({ length: 100 }, (_, index) => 100 - index); // 100 … 1 ms
    const summary = summariseLoad(latencies, 3, 4, 'boom');
    expect(summary).toEqual({
      requests: 100,
      errors: 3,
      firstError: 'boom',
      seconds: 4,
      perSecond: 25,
      p50Ms: 51,
      p99Ms: 100,
    });
  });

  it('has no percentiles without successful requests', () => {
    const summary = summariseLoad([], 5, 2);
    expect(summary.perSecond).toBe(0);
    expect(summary.p50Ms).toBeNaN();
    expect(summary.p99Ms).toBeNaN();
  });
});

describe('goals and ratios', () => {
  it('meets an upper bound at or below it and a lower bound at or above it', () => {
    expect(isGoalMet({ kind: 'max', value: 20 }, 20)).toBe(true);
    expect(isGoalMet({ kind: 'max', value: 20 }, 20.1)).toBe(false);
    expect(isGoalMet({ kind: 'min', value: 2000 }, 2000)).toBe(true);
    expect(isGoalMet({ kind: 'min', value: 2000 }, 1999)).toBe(false);
  });

  it('counts a figure that was not measured as missed, and has no verdict without a goal', () => {
    expect(isGoalMet({ kind: 'min', value: 1 }, Number.NaN)).toBe(false);
    expect(isGoalMet(null, 5)).toBeNull();
  });

  it('divides by the floor only when there is a usable one', () => {
    expect(ratioToFloor(30, 10)).toBe(3);
    expect(ratioToFloor(30, null)).toBeNull();
    expect(ratioToFloor(30, 0)).toBeNull();
    expect(ratioToFloor(Number.NaN, 10)).toBeNull();
  });

  it('applies a ratio goal to measured ÷ floor, not to the measured value', () => {
    const row: BenchRow = {
      section: 'One user',
      figure: 'list p50',
      unit: 'ms',
      goal: { kind: 'max', value: 3 },
      goalOn: 'ratio',
      measured: 8,
      floor: 2,
    };
    const [fourTimes, twice] = evaluateRows([row, { ...row, floor: 4 }]);
    expect(fourTimes).toMatchObject({ ratio: 4, met: false });
    expect(twice).toMatchObject({ ratio: 2, met: true });
  });
});

describe('formatting', () => {
  it('keeps two digits for small values, one for tens, none for hundreds or whole numbers', () => {
    expect(formatNumber(1.234)).toBe('1.23');
    expect(formatNumber(12.34)).toBe('12.3');
    expect(formatNumber(2345.6)).toBe('2,346');
    expect(formatNumber(100)).toBe('100');
    expect(formatNumber(Number.NaN)).toBe('n/a');
  });

  it('writes goals with their direction and unit', () => {
    expect(formatGoal({ kind: 'min', value: 2000 }, '/s')).toBe('≥ 2,000 /s');
    expect(formatGoal({ kind: 'max', value: 20 }, 'ms')).toBe('≤ 20 ms');
    expect(formatGoal(null, 'ms')).toBe('–');
  });

  it('prints one aligned line per figure under its section, with ratio and verdict', () => {
    const table = formatTable(
      evaluateRows([
        {
          section: 'PostgreSQL, 100,000 patients',
          figure: 'list: requests/s',
          unit: '/s',
          goal: { kind: 'min', value: 2000 },
          measured: 2500,
          floor: 5000,
        },
        {
          section: 'PostgreSQL, 100,000 patients',
          figure: 'list: p99',
          unit: 'ms',
          goal: { kind: 'max', value: 20 },
          measured: 25.5,
          floor: 5.1,
        },
        {
          section: 'JavaScript',
          figure: 'login',
          unit: 'KB',
          goal: null,
          measured: 130,
          floor: null,
        },
      ]),
    );
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^figure\s+goal\s+measured\s+floor\s+ratio\s+met\?$/);
    expect(lines[2]).toBe('PostgreSQL, 100,000 patients');
    expect(lines[3]).toMatch(
      /^ {2}list: requests\/s\s+≥ 2,000 \/s\s+2,500 \/s\s+5,000 \/s\s+0\.50×\s+yes$/,
    );
    expect(lines[4]).toMatch(/^ {2}list: p99\s+≤ 20 ms\s+25\.5 ms\s+5\.10 ms\s+5\.00×\s+NO$/);
    expect(lines[5]).toBe('JavaScript');
    expect(lines[6]).toMatch(/^ {2}login\s+–\s+130 KB\s+–\s+–$/);
    // Every line of figures is as wide as the header once the empty verdicts are trimmed.
    expect(new Set([lines[0]!.length, lines[3]!.length, lines[4]!.length]).size).toBe(1);
  });
});
