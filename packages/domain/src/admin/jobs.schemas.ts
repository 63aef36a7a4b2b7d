import { z } from 'zod';

/** Texts of the admin console's Jobs view and its API answers. */
export const JOB_MESSAGES = {
  notFailed: 'Only a failed job can be retried',
  retried: 'Job queued again',
  retryFailed: 'Failed to retry the job',
  notPaused: 'This queue is not paused',
  resumed: (name: string) => `${name} resumed`,
  resumeFailed: 'Failed to resume the queue',
  pausedNotice: 'Paused',
} as const;

/** The failed jobs an admin sees at once, newest first. */
export const FAILED_JOBS_SHOWN = 50;

/** One kind of job in the queue: how many wait, run and failed, and how long the oldest waits. */
export const ZJobQueue = z.object({
  name: z.string(),
  queued: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  /** When the longest-waiting due job became due; null when none is due. */
  oldestDueAt: z.string().nullable(),
  /** A scheduled job's last successful run. */
  lastSucceededAt: z.string().nullable(),
  /** Set while no instance may run this job (a restored backup's outboxes), with why. */
  paused: z.object({ reason: z.string(), pausedAt: z.string() }).nullable(),
});
export type TJobQueue = z.infer<typeof ZJobQueue>;

/** A job that ran out of attempts: what it is, how often it ran and why it last failed. */
export const ZFailedJob = z.object({
  id: z.number().int(),
  name: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;

export const ZJobsOverview = z.object({
  queues: z.array(ZJobQueue),
  failed: z.array(ZFailedJob),
});
export type TJobsOverview = z.infer<typeof ZJobsOverview>;

export const ZJobParams = z.object({ jobId: z.coerce.number().int().positive() });

export const ZJobQueueParams = z.object({ name: z.string().min(1).max(100) });

export const ZResumedJobQueue = z.object({ name: z.string(), paused: z.null() });
export type TResumedJobQueue = z.infer<typeof ZResumedJobQueue>;

export const ZRetriedJob = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.literal('queued'),
});
export type TRetriedJob = z.infer<typeof ZRetriedJob>;
