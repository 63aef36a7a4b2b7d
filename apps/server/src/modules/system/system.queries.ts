import { asc, eq, gt, lt, sql } from 'drizzle-orm';
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

/** The instances seen within `ms`, the longest-running first. */
export function listInstancesSeenWithin(db: Db, ms: number): Promise<InstanceRow[]> {
  return db
    .select()
    .from(serverInstances)
    .where(gt(serverInstances.lastSeenAt, ago(ms)))
    .orderBy(asc(serverInstances.startedAt), asc(serverInstances.id));
}

/**
 * The migrations drizzle's migrator recorded, each by the journal time it was generated
 * (`created_at`, in milliseconds): the key the migrator itself decides what to apply by.
 */
export async function listAppliedMigrations(db: Db): Promise<number[]> {
  const result = await db.execute(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at, id`,
  );
  // A bigint column: node-postgres answers a string, PGlite a number.
  return (result as unknown as { rows: { created_at: string | number }[] }).rows.map((row) =>
    Number(row.created_at),
  );
}
