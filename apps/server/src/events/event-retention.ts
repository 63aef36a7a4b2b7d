import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { events } from '#src/db/schema/index.ts';

/**
 * How long event rows are kept for replay. A browser away for longer resyncs (refetches what it
 * shows) instead of replaying; a week covers a tab left open over a long weekend.
 */
export const EVENT_RETENTION_DAYS = 7;

/**
 * Deletes events past the retention period. The newest row always stays, so that replay can
 * tell "nothing happened since" from "pruned since" by the oldest id left.
 */
export async function pruneEvents(db: Db): Promise<void> {
  await db
    .delete(events)
    .where(
      and(
        lt(events.createdAt, sql`now() - ${`${EVENT_RETENTION_DAYS} days`}::interval`),
        lt(events.id, sql`(select max(${events.id}) from ${events})`),
      ),
    );
}
