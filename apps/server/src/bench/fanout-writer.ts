import { now, sleep } from './fanout-clock.ts';
import { FANOUT } from './fanout-config.ts';
import type { SubscriberPool } from './fanout-subscribers.ts';

/** One change to a patient; resolves when the response has arrived, rejects when refused. */
export type WriteChange = (patientId: string, sequence: number) => Promise<void>;

export type WriteLog = {
  /** Acknowledgement times per patient, in write order. */
  acks: Record<string, number[]>;
  sent: number;
  errors: number;
  firstError: string | null;
  startedAt: number;
  endedAt: number;
};

function createLog(patientIds: string[]): WriteLog {
  return {
    acks: Object.fromEntries(patientIds.map((id) => [id, []])),
    sent: 0,
    errors: 0,
    firstError: null,
    startedAt: now(),
    endedAt: 0,
  };
}

async function writeOnce(log: WriteLog, write: WriteChange, patientId: string) {
  const sequence = log.acks[patientId]!.length;
  log.sent += 1;
  try {
    await write(patientId, sequence);
    log.acks[patientId]!.push(now());
    return;
  } catch (error) {
    log.firstError ??= error instanceof Error ? error.message : String(error);
  }
  log.errors += 1;
}

/**
 * One write at a time; the next starts once every stream has the previous event (or the wait
 * runs out), so each latency is the engine's, not a queue built up by earlier writes.
 */
export async function writeSequentially(
  write: WriteChange,
  pool: SubscriberPool,
  patientId: string,
  options: { writes: number; deadlineMs: number; perWriteWaitMs: number },
): Promise<WriteLog> {
  const log = createLog([patientId]);
  const deadline = log.startedAt + options.deadlineMs;
  for (let index = 0; index < options.writes && now() < deadline; index += 1) {
    await writeOnce(log, write, patientId);
    const expected = log.acks[patientId]!.length;
    await pool.waitDelivered(
      patientId,
      expected,
      Math.min(options.perWriteWaitMs, deadline - now()),
    );
  }
  log.endedAt = now();
  return log;
}

/**
 * One writer per patient, together offering `ratePerSecond` on a fixed schedule. A writer that
 * falls behind sends its next change at once, and stops `lateSendMs` after the window.
 */
export async function writeAtRate(write: WriteChange, patientIds: string[]): Promise<WriteLog> {
  const { ratePerSecond, durationMs, lateSendMs } = FANOUT.sustained;
  const log = createLog(patientIds);
  const intervalMs = 1_000 / ratePerSecond;
  const perWriter = Math.ceil((ratePerSecond * durationMs) / 1_000 / patientIds.length);
  const stopAt = log.startedAt + durationMs + lateSendMs;
  await Promise.all(
    patientIds.map(async (patientId, writer) => {
      for (let index = 0; index < perWriter; index += 1) {
        const dueAt = log.startedAt + (index * patientIds.length + writer) * intervalMs;
        if (dueAt >= log.startedAt + durationMs || now() > stopAt) return;
        if (dueAt > now()) await sleep(dueAt - now());
        await writeOnce(log, write, patientId);
      }
    }),
  );
  log.endedAt = now();
  return log;
}

/** Waits (bounded) until every stream has every acknowledged event of these patients. */
export async function drain(pool: SubscriberPool, log: WriteLog, timeoutMs: number) {
  const deadline = now() + timeoutMs;
  for (const [patientId, acks] of Object.entries(log.acks)) {
    const left = deadline - now();
    if (left <= 0 || !(await pool.waitDelivered(patientId, acks.length, left))) return false;
  }
  return true;
}
