import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FANOUT } from './fanout-config.ts';
import type { FromSubscriber, PhaseAcks, PhaseReport, ToSubscriber } from './fanout-protocol.ts';

const WORKER = fileURLToPath(new URL('./fanout-subscriber-process.ts', import.meta.url));

export type MergedReport = Omit<PhaseReport, 'name'> & { streams: number; closedEarly: number };

export type SubscriberPool = {
  pids: number[];
  open: number;
  failed: number;
  firstError: string | null;
  /** Resolves true once every stream has received `count` events of the patient, else false. */
  waitDelivered(patientId: string, count: number, timeoutMs: number): Promise<boolean>;
  report(phases: PhaseAcks[]): Promise<Map<string, MergedReport>>;
  close(): Promise<void>;
};

type Child = { process: ChildProcess; delivered: Map<string, number> };
type Waiter = { patientId: string; count: number; resolve: (isDone: boolean) => void };

/** Children that currently hold streams; killed by the bench's cleanup whatever happens. */
export const liveSubscriberProcesses = new Set<ChildProcess>();

function once<T extends FromSubscriber['type']>(child: ChildProcess, type: T, timeoutMs: number) {
  return new Promise<Extract<FromSubscriber, { type: T }>>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`subscriber process: no '${type}' within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: FromSubscriber) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message as Extract<FromSubscriber, { type: T }>);
    };
    child.on('message', onMessage);
  });
}

/** Opens the streams from `FANOUT.subscriberProcesses` child processes, split evenly. */
export async function startSubscribers(options: {
  baseUrl: string;
  path: string;
  cookies: string[];
  patientIds: string[];
}): Promise<SubscriberPool> {
  const waiters = new Set<Waiter>();
  const children: Child[] = [];
  const deliveredEverywhere = (patientId: string) =>
    Math.min(...children.map((child) => child.delivered.get(patientId) ?? 0));
  const settle = () => {
    for (const waiter of waiters) {
      if (deliveredEverywhere(waiter.patientId) < waiter.count) continue;
      waiters.delete(waiter);
      waiter.resolve(true);
    }
  };

  for (let index = 0; index < FANOUT.subscriberProcesses; index += 1) {
    const child: Child = {
      process: fork(WORKER, [], {
        execArgv: ['--import', 'tsx'],
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
      delivered: new Map(),
    };
    liveSubscriberProcesses.add(child.process);
    child.process.on('exit', () => liveSubscriberProcesses.delete(child.process));
    child.process.on('message', (message: FromSubscriber) => {
      if (message.type !== 'delivered') return;
      const previous = child.delivered.get(message.patientId) ?? 0;
      child.delivered.set(message.patientId, Math.max(previous, message.count));
      settle();
    });
    children.push(child);
  }

  const opened = await Promise.all(
    children.map((child, index) => {
      const answer = once(child.process, 'opened', FANOUT.openDeadlineMs + 15_000);
      const message: ToSubscriber = {
        type: 'open',
        ...options,
        cookies: options.cookies.filter((_, at) => at % children.length === index),
        concurrency: Math.ceil(FANOUT.openConcurrency / children.length),
        deadlineMs: FANOUT.openDeadlineMs,
      };
      child.process.send(message);
      return answer;
    }),
  );

  return {
    pids: children.map((child) => child.process.pid!),
    open: opened.reduce((sum, item) => sum + item.open, 0),
    failed: opened.reduce((sum, item) => sum + item.failed, 0),
    firstError: opened.find((item) => item.firstError)?.firstError ?? null,
    waitDelivered(patientId, count, timeoutMs) {
      if (deliveredEverywhere(patientId) >= count) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter: Waiter = { patientId, count, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) resolve(false);
        }, timeoutMs);
      });
    },
    async report(phases) {
      const answers = await Promise.all(
        children.map((child) => {
          const answer = once(child.process, 'report', 60_000);
          child.process.send({ type: 'report', phases } satisfies ToSubscriber);
          return answer;
        }),
      );
      return mergeReports(phases, answers);
    },
    async close() {
      await Promise.all(
        children.map(async (child) => {
          if (child.process.exitCode !== null) return;
          const exited = new Promise((resolve) => child.process.once('exit', resolve));
          child.process.send({ type: 'close' } satisfies ToSubscriber);
          const timer = setTimeout(() => child.process.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}

function mergeReports(
  phases: PhaseAcks[],
  answers: Array<Extract<FromSubscriber, { type: 'report' }>>,
): Map<string, MergedReport> {
  const merged = new Map<string, MergedReport>();
  for (const [index, phase] of phases.entries()) {
    const parts = answers.map((answer) => answer.phases[index]!);
    const lastReceived: Record<string, Float64Array> = {};
    const receivedBy: Record<string, Int32Array> = {};
    for (const [patientId, acks] of Object.entries(phase.acks)) {
      const last = new Float64Array(acks.length);
      const by = new Int32Array(acks.length);
      for (const part of parts) {
        for (let write = 0; write < acks.length; write += 1) {
          last[write] = Math.max(last[write]!, part.lastReceived[patientId]![write]!);
          by[write] = by[write]! + part.receivedBy[patientId]![write]!;
        }
      }
      lastReceived[patientId] = last;
      receivedBy[patientId] = by;
    }
    const latencies = new Float64Array(parts.reduce((sum, part) => sum + part.latencies.length, 0));
    let offset = 0;
    for (const part of parts) {
      latencies.set(part.latencies, offset);
      offset += part.latencies.length;
    }
    merged.set(phase.name, {
      latencies: latencies.toSorted(),
      lastReceived,
      receivedBy,
      missing: parts.reduce((sum, part) => sum + part.missing, 0),
      streamsMissing: parts.reduce((sum, part) => sum + part.streamsMissing, 0),
      extra: parts.reduce((sum, part) => sum + part.extra, 0),
      streams: answers.reduce((sum, answer) => sum + answer.streams, 0),
      closedEarly: answers.reduce((sum, answer) => sum + answer.closedEarly, 0),
    });
  }
  return merged;
}
