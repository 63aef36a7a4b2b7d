/**
 * The fan-out benchmark's sizes, pacing, deadlines and goals. Every loop the
 * bench runs is bounded by one of these counts and one of these deadlines.
 */
export const FANOUT = {
  subscribers: 1_000,
  /** The server refuses an eleventh stream per user, so 1,000 streams need 100 users. */
  streamsPerUser: 10,
  /** Child processes that hold the streams, so parsing them does not share the writer's loop. */
  subscriberProcesses: 2,
  /** Streams opened at once while connecting. */
  openConcurrency: 25,
  openDeadlineMs: 45_000,
  loginConcurrency: 4,
  /** Time for the targets to settle before and after the idle streams open (memory figure). */
  settleMs: 10_000,
  warmupWrites: 5,
  latency: {
    writes: 200,
    deadlineMs: 45_000,
    /** A write whose event has not reached every stream by then is left behind; the next starts. */
    perWriteWaitMs: 3_000,
    drainMs: 5_000,
  },
  sustained: {
    writers: 10,
    ratePerSecond: 200,
    durationMs: 10_000,
    /** Writers stop sending this long after the window even when they fell behind. */
    lateSendMs: 1_000,
    drainMs: 20_000,
  },
  requestTimeoutMs: 10_000,
  readyDeadlineMs: 60_000,
  stopGraceMs: 5_000,
  /** The whole run is cut off (children killed, database dropped) past this. */
  watchdogMs: 360_000,
} as const;

/** The live fan-out goals (docs/benchmarks.md, 'What is measured': the fan-out goals). */
export const GOALS = {
  latencyP50Ms: 15,
  latencyP99Ms: 50,
  sustainedPerSecond: 200,
  sustainedP99Ms: 250,
  bytesPerIdleStream: 20 * 1024,
} as const;

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const HOST = '127.0.0.1';
