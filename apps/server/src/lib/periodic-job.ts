import { describeError } from './loggable-error.ts';

export type PeriodicJob = { stop: () => Promise<void> };

/**
 * Runs `run` every `intervalMs` in the background; a run never overlaps the previous one, a
 * failure is logged and the next run tries again, and `stop` waits for the run in progress.
 * Jobs claim their work in the database, so several instances may run the same job.
 */
export function startPeriodicJob(options: {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  log: { warn(message: string): void };
}): PeriodicJob {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = options
      .run()
      .catch((error: unknown) => options.log.warn(`${options.name}: ${describeError(error)}`))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
