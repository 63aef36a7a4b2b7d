import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { serverInstances } from '#src/db/schema/index.ts';

export type InstanceRow = typeof serverInstances.$inferSelect;
export type NewInstance = Omit<InstanceRow, 'lastSeenAt'>;

/** `now() - ms`, on the database's clock: instances' own clocks may disagree. */
const ago = (ms: number) => sql`now() - ${`${Math.round(ms)} milliseconds`}::interval`;

/** Writes the instance's row, or refreshes when it was last seen. */
export async function upsertInstance(db: Db, instance: NewInstance): Promise<void> {
  await db
    .insert(serverInstances)
    .values({ ...instance, lastSeenAt: sql`now()` })
    .onConflictDoUpdate({ target: serverInstances.id, set: { lastSeenAt: sql`now()` } });
}

/** Forgets instances not seen for `ms` (killed, never stopped cleanly). */
export async function deleteInstancesNotSeenFor(db: Db, ms: number): Promise<void> {
  await db.delete(serverInstances).where(lt(serverInstances.lastSeenAt, ago(ms)));
}

export async function deleteInstance(db: Db, id: string): Promise<void> {
  await db.delete(serverInstances).where(eq(serverInstances.id, id));
}
