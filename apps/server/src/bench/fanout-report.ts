import os from 'node:os';
import { FANOUT, GOALS } from './fanout-config.ts';
import type { TargetFigures } from './fanout-figures.ts';

type Row = {
  label: string;
  goal: string;
  unit: string;
  pick: (figures: TargetFigures) => number;
  isMet: (value: number) => boolean;
  digits?: number;
};

const { sustained, latency, subscribers } = FANOUT;

const ROWS: Row[] = [
  {
    label: `write → event p50, ${latency.writes} sequential writes`,
    goal: `≤ ${GOALS.latencyP50Ms} ms`,
    unit: 'ms',
    pick: (f) => f.latency.p50Ms,
    isMet: (v) => v <= GOALS.latencyP50Ms,
  },
  {
    label: `write → event p99, ${latency.writes} sequential writes`,
    goal: `≤ ${GOALS.latencyP99Ms} ms`,
    unit: 'ms',
    pick: (f) => f.latency.p99Ms,
    isMet: (v) => v <= GOALS.latencyP99Ms,
  },
  {
    label: `changes/s delivered to all (offered ${sustained.ratePerSecond}/s, ${sustained.durationMs / 1_000} s)`,
    goal: `≥ ${GOALS.sustainedPerSecond}/s`,
    unit: '/s',
    pick: (f) => f.sustained.deliveredPerSecond,
    isMet: (v) => v >= GOALS.sustainedPerSecond,
  },
  {
    label: 'write → event p99 at that rate',
    goal: `≤ ${GOALS.sustainedP99Ms} ms`,
    unit: 'ms',
    pick: (f) => f.sustained.p99Ms,
    isMet: (v) => v <= GOALS.sustainedP99Ms,
  },
  {
    label: 'memory per idle stream (live heap + external)',
    goal: `≤ ${GOALS.bytesPerIdleStream / 1024} KB`,
    unit: 'KB',
    pick: (f) => f.memory.bytesPerStream / 1024,
    isMet: (v) => v <= GOALS.bytesPerIdleStream / 1024,
  },
  {
    label: `events not delivered ${latency.drainMs / 1_000} s after the sequential writes`,
    goal: '0',
    unit: '',
    pick: (f) => f.latency.undelivered,
    isMet: (v) => v === 0,
    digits: 0,
  },
  {
    label: `events not delivered ${sustained.drainMs / 1_000} s after the sustained writes`,
    goal: '0',
    unit: '',
    pick: (f) => f.sustained.undelivered,
    isMet: (v) => v === 0,
    digits: 0,
  },
];

const cell = (row: Row, value: number) =>
  Number.isNaN(value)
    ? 'n/a MISS'
    : `${value.toFixed(row.digits ?? 1)}${row.unit ? ` ${row.unit}` : ''} ${row.isMet(value) ? 'PASS' : 'MISS'}`;

const ratio = (value: number, floor: number) =>
  Number.isFinite(value / floor) && floor !== 0 ? `${(value / floor).toFixed(2)}×` : '–';

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function describe(f: TargetFigures): string[] {
  const s = f.sustained;
  const l = f.latency;
  return [
    `${f.name}: ${f.streams}/${subscribers} streams open (${f.openFailed} refused${f.openError ? `: ${f.openError}` : ''}), ${f.closedEarly} closed by the server during the run; RSS ${mb(f.memory.rssBeforeBytes)} → ${mb(f.memory.rssAfterBytes)} (${(f.memory.rssBytesPerStream / 1024).toFixed(1)} KB per stream; allocator slack included), live ${mb(f.memory.liveBeforeBytes)} → ${mb(f.memory.liveAfterBytes)}`,
    `  sequential: ${l.writes} writes, ${l.acked} acknowledged, ${l.errors} failed${l.firstError ? ` (${l.firstError})` : ''}; to the last stream p50 ${l.toAllP50Ms.toFixed(1)} ms, p99 ${l.toAllP99Ms.toFixed(1)} ms; max ${l.maxMs.toFixed(1)} ms; ${l.undelivered} undelivered on ${l.streamsMissing} streams (${l.writesReachingNone} writes reached none), ${l.extra} unexpected`,
    `  sustained: ${s.writes} sent, ${s.acked} acknowledged (${s.ackedPerSecond.toFixed(1)}/s), ${s.errors} failed${s.firstError ? ` (${s.firstError})` : ''}; ${s.deliveredToAll} reached every stream, the last ${(s.lagMs / 1_000).toFixed(1)} s after the window; p50 ${s.p50Ms.toFixed(1)} ms; ${s.undelivered} undelivered on ${s.streamsMissing} streams (${s.writesReachingNone} writes reached none) after ${sustained.drainMs / 1_000} s of drain, ${s.extra} unexpected`,
    `  CPU while sustained ran (${f.sustainedCpu.wallSeconds.toFixed(1)} s on ${os.availableParallelism()} cores, PostgreSQL not counted): ${f.name} ${f.sustainedCpu.targetSeconds.toFixed(1)} s, subscriber processes ${f.sustainedCpu.subscriberSeconds.toFixed(1)} s, writer ${f.sustainedCpu.benchSeconds.toFixed(1)} s`,
  ];
}

/** Prints the table (figure, goal, CaseBridge, floor, ratio), the details and one JSON line. */
export function printReport(app: TargetFigures, floor: TargetFigures): void {
  const header = ['figure', 'goal', app.name, floor.name, 'ratio to floor'];
  const body = ROWS.map((row) => [
    row.label,
    row.goal,
    cell(row, row.pick(app)),
    cell(row, row.pick(floor)),
    row.digits === 0 ? '' : ratio(row.pick(app), row.pick(floor)),
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...body].map((line) => line[column]!.length)),
  );
  const format = (line: string[]) =>
    line
      .map((text, column) =>
        column === 0 ? text.padEnd(widths[0]!) : text.padStart(widths[column]!),
      )
      .join('  ');
  const lines = [
    '',
    `Fan-out: ${subscribers} SSE subscribers (${subscribers / FANOUT.streamsPerUser} users × ${FANOUT.streamsPerUser} streams) on PostgreSQL, all on 127.0.0.1`,
    format(header),
    format(widths.map((width) => '-'.repeat(width))),
    ...body.map(format),
    '',
    ...describe(app),
    ...describe(floor),
    `(latency = event received at a subscriber − write acknowledged, over every stream and write;`,
    ` delivered/s counts changes that reached all ${subscribers} streams by ${GOALS.sustainedP99Ms} ms after the window)`,
    '',
  ];
  console.info(lines.join('\n'));
  console.info(`FANOUT_JSON ${JSON.stringify({ goals: GOALS, config: FANOUT, app, floor })}`);
}
