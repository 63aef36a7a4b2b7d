/**
 * The benchmark suite's result table: one row per figure, with its goal, the
 * measured value, the floor it is compared with and their ratio. Pure functions, unit-tested.
 */
import { quantile } from './fanout-figures.ts';

/** A goal on a figure: at most or at least a value, or none (the figure is reported only). */
export type Goal = { kind: 'max'; value: number } | { kind: 'min'; value: number } | null;

export type BenchRow = {
  /** The group the row belongs to (table section): "PostgreSQL, 20,000 patients", "Lighthouse". */
  section: string;
  figure: string;
  unit: string;
  goal: Goal;
  /** NaN when the figure could not be measured (the reason is in `note`). */
  measured: number;
  /** What the figure is compared with (the same SQL through the driver, PostgreSQL, …). */
  floor: number | null;
  /** What the goal bounds: the measured value (default) or its ratio to the floor. */
  goalOn?: 'measured' | 'ratio';
  note?: string;
};

export type EvaluatedRow = BenchRow & { ratio: number | null; met: boolean | null };

/** Latency and throughput of a closed-loop run. */
export type LoadSummary = {
  requests: number;
  errors: number;
  firstError: string | null;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
};

/** Summarises the latencies (ms) of the requests that succeeded within `seconds`. */
export function summariseLoad(
  latencies: readonly number[],
  errors: number,
  seconds: number,
  firstError: string | null = null,
): LoadSummary {
  const sorted = Float64Array.from(latencies).toSorted();
  return {
    requests: latencies.length,
    errors,
    firstError,
    seconds,
    perSecond: seconds > 0 ? latencies.length / seconds : Number.NaN,
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
  };
}

/** Whether `measured` meets `goal`: null without a goal, false when it was not measured. */
export function isGoalMet(goal: Goal, measured: number): boolean | null {
  if (goal === null) return null;
  if (!Number.isFinite(measured)) return false;
  return goal.kind === 'max' ? measured <= goal.value : measured >= goal.value;
}

/** measured ÷ floor, or null when there is no usable floor. */
export function ratioToFloor(measured: number, floor: number | null): number | null {
  if (floor === null || floor === 0 || !Number.isFinite(floor) || !Number.isFinite(measured))
    return null;
  return measured / floor;
}

export function evaluateRows(rows: readonly BenchRow[]): EvaluatedRow[] {
  return rows.map((row) => {
    const ratio = ratioToFloor(row.measured, row.floor);
    const bounded = row.goalOn === 'ratio' ? (ratio ?? Number.NaN) : row.measured;
    return { ...row, ratio, met: isGoalMet(row.goal, bounded) };
  });
}

/** Digits that keep small values readable and large ones short. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 || Number.isInteger(value) ? 0 : magnitude >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

const withUnit = (value: string, unit: string) => (unit ? `${value} ${unit}` : value);

export function formatGoal(goal: Goal, unit: string): string {
  if (goal === null) return '–';
  return `${goal.kind === 'max' ? '≤' : '≥'} ${withUnit(formatNumber(goal.value), unit)}`;
}

/** The rows as one aligned text table, grouped by section. */
export function formatTable(rows: readonly EvaluatedRow[]): string {
  const header = ['figure', 'goal', 'measured', 'floor', 'ratio', 'met?'];
  const lines: Array<string[] | string> = [];
  let section: string | null = null;
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      lines.push(row.section);
    }
    lines.push([
      `  ${row.figure}`,
      formatGoal(row.goal, row.goalOn === 'ratio' ? '× floor' : row.unit),
      withUnit(formatNumber(row.measured), row.unit),
      row.floor === null ? '–' : withUnit(formatNumber(row.floor), row.unit),
      row.ratio === null ? '–' : `${row.ratio.toFixed(2)}×`,
      row.met === null ? '' : row.met ? 'yes' : 'NO',
    ]);
  }
  const cells = [header, ...lines.filter((line): line is string[] => Array.isArray(line))];
  const widths = header.map((_, column) => Math.max(...cells.map((line) => line[column]!.length)));
  const format = (line: string[]) =>
    line
      .map((text, column) =>
        column === 0 ? text.padEnd(widths[0]!) : text.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [header, widths.map((width) => '-'.repeat(width)), ...lines]
    .map((line) => (Array.isArray(line) ? format(line) : line))
    .join('\n');
}
