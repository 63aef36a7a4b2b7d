import { FANOUT, GOALS } from './fanout-config.ts';
import type { MergedReport } from './fanout-subscribers.ts';
import type { WriteLog } from './fanout-writer.ts';

export type LatencyFigures = {
  writes: number;
  acked: number;
  errors: number;
  firstError: string | null;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Ack → the moment the slowest stream had it, for writes that reached every stream. */
  toAllP50Ms: number;
  toAllP99Ms: number;
  /** Acknowledged events that some stream never received (Σ over streams). */
  undelivered: number;
  streamsMissing: number;
  /** Acknowledged writes that no stream received at all (a lost event rather than a slow one). */
  writesReachingNone: number;
  extra: number;
};

export type SustainedFigures = LatencyFigures & {
  offeredPerSecond: number;
  ackedPerSecond: number;
  /** Changes that reached every stream within the window (+ the p99 allowance), per second. */
  deliveredPerSecond: number;
  deliveredToAll: number;
  /** How long after the window the last change reached every stream. */
  lagMs: number;
};

export type MemoryFigures = {
  rssBeforeBytes: number;
  rssAfterBytes: number;
  liveBeforeBytes: number;
  liveAfterBytes: number;
  /** Live JS heap + external per stream: what the streams hold, not allocator slack. */
  bytesPerStream: number;
  rssBytesPerStream: number;
};

/** CPU seconds used while the sustained phase ran (writing and drain), on a shared machine. */
export type CpuFigures = {
  wallSeconds: number;
  targetSeconds: number;
  subscriberSeconds: number;
  benchSeconds: number;
};

export type TargetFigures = {
  name: string;
  streams: number;
  openFailed: number;
  openError: string | null;
  closedEarly: number;
  memory: MemoryFigures;
  latency: LatencyFigures;
  sustained: SustainedFigures;
  sustainedCpu: CpuFigures;
};

/** The q-quantile of ascending samples (NaN when there are none). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Per write that reached every stream: the time it reached the last one. */
function listDeliveredToAll(log: WriteLog, report: MergedReport) {
  const delivered: Array<{ ack: number; at: number }> = [];
  for (const [patientId, acks] of Object.entries(log.acks)) {
    for (const [index, ack] of acks.entries()) {
      if (report.receivedBy[patientId]![index] === report.streams)
        delivered.push({ ack, at: report.lastReceived[patientId]![index]! });
    }
  }
  return delivered;
}

export function toLatencyFigures(log: WriteLog, report: MergedReport): LatencyFigures {
  const toAll = Float64Array.from(
    listDeliveredToAll(log, report).map((item) => Math.max(0, item.at - item.ack)),
  ).toSorted();
  return {
    writes: log.sent,
    acked: Object.values(log.acks).reduce((sum, acks) => sum + acks.length, 0),
    errors: log.errors,
    firstError: log.firstError,
    p50Ms: quantile(report.latencies, 0.5),
    p99Ms: quantile(report.latencies, 0.99),
    maxMs: quantile(report.latencies, 1),
    toAllP50Ms: quantile(toAll, 0.5),
    toAllP99Ms: quantile(toAll, 0.99),
    undelivered: report.missing,
    streamsMissing: report.streamsMissing,
    writesReachingNone: Object.entries(log.acks).reduce(
      (sum, [patientId, acks]) =>
        sum + acks.filter((_, index) => report.receivedBy[patientId]![index] === 0).length,
      0,
    ),
    extra: report.extra,
  };
}

export function toSustainedFigures(log: WriteLog, report: MergedReport): SustainedFigures {
  const { durationMs, ratePerSecond } = FANOUT.sustained;
  const windowEnd = log.startedAt + durationMs;
  const delivered = listDeliveredToAll(log, report);
  const inWindow = delivered.filter((item) => item.at <= windowEnd + GOALS.sustainedP99Ms);
  const latency = toLatencyFigures(log, report);
  const lastAt = Math.max(windowEnd, ...delivered.map((item) => item.at));
  return {
    ...latency,
    offeredPerSecond: ratePerSecond,
    ackedPerSecond: latency.acked / ((log.endedAt - log.startedAt) / 1_000),
    deliveredPerSecond: inWindow.length / (durationMs / 1_000),
    deliveredToAll: delivered.length,
    lagMs: lastAt - windowEnd,
  };
}
