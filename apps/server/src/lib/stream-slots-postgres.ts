import { and, count, eq, lt, sql } from 'drizzle-orm';
import { isUuid } from '@casebridge/domain/record-id';
import type { Db } from '#src/db/client.ts';
import { liveStreamSlots } from '#src/db/schema/index.ts';
import { resolveSlotOptions, type StreamSlotOptions } from './stream-slot-options.ts';
import type { StreamSlots } from './stream-slots.ts';

/** Stream slots in the live_stream_slots table; the database clock decides expiry. */
export function createPostgresStreamSlots(db: Db, options: StreamSlotOptions): StreamSlots {
  const { maxPerUser, ttlMs } = resolveSlotOptions(options);
  const expiredBefore = sql`now() - ${ttlMs} * interval '1 millisecond'`;

  return {
    acquire(userId) {
      return db.transaction(async (tx) => {
        // One user's acquires queue behind this lock (on every instance), so count-then-insert
        // cannot let two of them both see room for the last slot.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stream-slots:${userId}`}))`);
        await tx
          .delete(liveStreamSlots)
          .where(
            and(eq(liveStreamSlots.userId, userId), lt(liveStreamSlots.refreshedAt, expiredBefore)),
          );
        const [held] = await tx
          .select({ n: count() })
          .from(liveStreamSlots)
          .where(eq(liveStreamSlots.userId, userId));
        if (Number(held?.n ?? 0) >= maxPerUser) return null;
        const [slot] = await tx
          .insert(liveStreamSlots)
          .values({ userId })
          .returning({ id: liveStreamSlots.id });
        if (!slot) throw new Error('stream slot insert returned nothing');
        return slot.id;
      });
    },
    async release(slotId) {
      if (!isUuid(slotId)) return;
      await db.delete(liveStreamSlots).where(eq(liveStreamSlots.id, slotId));
    },
    async refresh(slotIds) {
      const ids = slotIds.filter((id) => isUuid(id));
      const listed =
        ids.length > 0
          ? sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )
          : null;
      // One statement: keep this instance's live slots and sweep every lapsed one (of crashed
      // instances, of users who never came back). The two sets are disjoint by refreshed_at.
      await db.execute(sql`
        with swept as (
          delete from ${liveStreamSlots} where ${liveStreamSlots.refreshedAt} < ${expiredBefore}
        )
        update ${liveStreamSlots} set refreshed_at = now()
        where ${listed ? sql`${liveStreamSlots.id} in (${listed})` : sql`false`}
          and ${liveStreamSlots.refreshedAt} >= ${expiredBefore}
      `);
    },
    close: async () => {},
  };
}
