import type { Db } from '#src/db/client.ts';
import { jobPauses } from '#src/db/schema/index.ts';

/**
 * What a database restored from a backup must not send by itself: its queued mail and webhook
 * deliveries, and the events the fan-out has not turned into deliveries yet. The original may
 * have sent them after the backup was taken; an admin resumes them once this is the instance
 * that is meant to send.
 */
export const OUTBOX_JOBS = ['mail.send', 'webhooks.fan-out', 'webhook.deliver'] as const;

/** Pauses the outboxes' jobs with the reason an admin reads. */
export async function pauseOutboxes(db: Db, reason: string): Promise<void> {
  await db
    .insert(jobPauses)
    .values(OUTBOX_JOBS.map((name) => ({ name, reason })))
    .onConflictDoNothing();
}
