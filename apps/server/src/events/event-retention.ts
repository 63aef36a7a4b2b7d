import { and, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { events, webhookCursor } from '#src/db/schema/index.ts';

/**
 * How long event rows are kept for replay. A browser away for longer resyncs (refetches what it
 * shows) instead of replaying; a week covers a tab left open over a long weekend.
 */
export const EVENT_RETENTION_DAYS = 7;

/**
 * Deletes events past the retention period. The newest row always stays, so that replay can
 * tell "nothing happened since" from "pruned since" by the oldest id left; and no event the
 * webhook fan-out has not read yet (modules/webhooks/webhook-fanout.ts) is deleted.
 */
export async function pruneEvents(db: Db): Promise<void> {
  await db.delete(events).where(
    and(
      lt(events.createdAt, sql`now() - ${`${EVENT_RETENTION_DAYS} days`}::interval`),
      lt(events.id, sql`(select max(${events.id}) from ${events})`),
      // The webhook fan-out has not read past its cursor yet: those events wait for it.
      lte(events.id, sql`coalesce((select ${webhookCursor.lastEventId} from ${webhookCursor}), 0)`),
    ),
  );
}
