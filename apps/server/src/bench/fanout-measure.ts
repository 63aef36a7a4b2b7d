import { now, sleep } from './fanout-clock.ts';
import { FANOUT } from './fanout-config.ts';
import type { BenchPeople } from './fanout-database.ts';
import {
  toLatencyFigures,
  toSustainedFigures,
  type CpuFigures,
  type TargetFigures,
} from './fanout-figures.ts';
import { startSubscribers, type SubscriberPool } from './fanout-subscribers.ts';
import { readCpuSeconds, type Target } from './fanout-target.ts';
import { drain, writeAtRate, writeSequentially, type WriteChange } from './fanout-writer.ts';

/** What differs between CaseBridge and the floor; the measurement around it is the same. */
export type TargetSpec = {
  name: string;
  start(): Promise<Target>;
  /** Signs in as needed: one Cookie header per stream, and how to make one change. */
  prepare(target: Target): Promise<{ eventsPath: string; cookies: string[]; write: WriteChange }>;
};

const progress = (name: string, text: string) => console.info(`[${name}] ${text}`);

/**
 * The machine is shared (2 cores): what the target, the subscriber processes and this process
 * used shows whether the harness, not the target, was the limit.
 */
async function readCpu(target: Target, pool: SubscriberPool) {
  const usage = process.cpuUsage();
  const subscribers = await Promise.all(pool.pids.map(readCpuSeconds));
  return {
    at: now(),
    targetSeconds: await readCpuSeconds(target.pid),
    subscriberSeconds: subscribers.reduce((sum, seconds) => sum + seconds, 0),
    benchSeconds: (usage.user + usage.system) / 1e6,
  } satisfies Omit<CpuFigures, 'wallSeconds'> & { at: number };
}

/** Memory with idle streams, then sequential latency, then the sustained rate. */
export async function measureTarget(spec: TargetSpec, patients: BenchPeople['patientIds']) {
  const target = await spec.start();
  try {
    const { eventsPath, cookies, write } = await spec.prepare(target);
    await sleep(FANOUT.settleMs);
    const before = await target.readMemory();
    progress(spec.name, `opening ${cookies.length} streams`);
    const pool = await startSubscribers({
      baseUrl: target.baseUrl,
      path: eventsPath,
      cookies,
      patientIds: [patients.warmup, patients.latency, ...patients.sustained],
    });
    try {
      await sleep(FANOUT.settleMs);
      const after = await target.readMemory();
      progress(spec.name, `${pool.open} streams open; warming up`);

      await writeSequentially(write, pool, patients.warmup, {
        writes: FANOUT.warmupWrites,
        deadlineMs: 15_000,
        perWriteWaitMs: FANOUT.latency.perWriteWaitMs,
      });
      progress(spec.name, `sequential writes (up to ${FANOUT.latency.writes})`);
      const sequential = await writeSequentially(write, pool, patients.latency, FANOUT.latency);
      await drain(pool, sequential, FANOUT.latency.drainMs);

      progress(
        spec.name,
        `${FANOUT.sustained.ratePerSecond} changes/s for ${FANOUT.sustained.durationMs / 1_000} s`,
      );
      const cpuBefore = await readCpu(target, pool);
      const sustained = await writeAtRate(write, patients.sustained);
      await drain(pool, sustained, FANOUT.sustained.drainMs);
      const cpuAfter = await readCpu(target, pool);

      const reports = await pool.report([
        { name: 'latency', acks: sequential.acks },
        { name: 'sustained', acks: sustained.acks },
      ]);
      const latencyReport = reports.get('latency')!;
      return {
        name: spec.name,
        streams: pool.open,
        openFailed: pool.failed,
        openError: pool.firstError,
        closedEarly: latencyReport.closedEarly,
        memory: {
          rssBeforeBytes: before.rssBytes,
          rssAfterBytes: after.rssBytes,
          liveBeforeBytes: before.liveBytes,
          liveAfterBytes: after.liveBytes,
          bytesPerStream: (after.liveBytes - before.liveBytes) / Math.max(1, pool.open),
          rssBytesPerStream: (after.rssBytes - before.rssBytes) / Math.max(1, pool.open),
        },
        latency: toLatencyFigures(sequential, latencyReport),
        sustained: toSustainedFigures(sustained, reports.get('sustained')!),
        sustainedCpu: {
          wallSeconds: (cpuAfter.at - cpuBefore.at) / 1_000,
          targetSeconds: cpuAfter.targetSeconds - cpuBefore.targetSeconds,
          subscriberSeconds: cpuAfter.subscriberSeconds - cpuBefore.subscriberSeconds,
          benchSeconds: cpuAfter.benchSeconds - cpuBefore.benchSeconds,
        },
      } satisfies TargetFigures;
    } finally {
      await pool.close();
    }
  } finally {
    await target.stop();
  }
}
