import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { events, patients } from '../db/schema/index.ts';
import type { Actor } from '../lib/actor.ts';
import { eventVisibilityCondition } from './event-visibility.ts';
import { EVENTS_CHANNEL } from './outbox.ts';

export type EventRow = typeof events.$inferSelect;

export type EventClient = {
  actor: Actor;
  send(event: EventRow): void;
};

/** Decides whether an actor may receive an event; uses the same policies as the API. */
export type EventFilter = (actor: Actor, event: EventRow) => Promise<boolean>;

/** How far back a reconnect may replay (DESIGN.md: keep event rows for at least 24 h). */
export const REPLAY_WINDOW_HOURS = 24;
/**
 * At most this many missed events are replayed. A client that missed more is told to resync
 * (refetch everything), which is cheaper for both sides than streaming them one by one.
 */
export const REPLAY_LIMIT = 1_000;
/**
 * Open streams one user may hold on one instance; each holds a socket and is visited for every
 * event. A load balancer spreading a user's tabs over instances multiplies it, which is fine:
 * the point is that one account cannot exhaust an instance.
 */
export const MAX_STREAMS_PER_USER = 10;
const READ_BATCH = 500;

/** What a reconnect receives: the missed events, or (when too many) where to resync from. */
export type Replay = { events: EventRow[]; resyncId: number | null };

/**
 * Fans out committed events to connected clients. Each instance LISTENs; a NOTIFY wakes it to
 * read the rows it has not seen yet, and each row goes only to the clients allowed to see it.
 */
export class EventHub {
  /** How often an open stream re-checks its session (tests shorten it). */
  heartbeatMs = 15_000;
  private readonly clients = new Set<EventClient>();
  private lastSeenId = 0;
  private unlisten: (() => Promise<void>) | null = null;
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly filter: EventFilter,
  ) {}

  async start(): Promise<void> {
    const [latest] = await this.database.db
      .select({ id: sql<number>`coalesce(max(${events.id}), 0)` })
      .from(events);
    this.lastSeenId = Number(latest?.id ?? 0);
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, () => this.scheduleRead());
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    this.clients.clear();
  }

  add(client: EventClient): () => void {
    this.clients.add(client);
    return () => this.clients.delete(client);
  }

  get size(): number {
    return this.clients.size;
  }

  /** Whether the user may open one more stream here (MAX_STREAMS_PER_USER). */
  hasRoomFor(userId: string): boolean {
    let open = 0;
    for (const client of this.clients) if (client.actor.userId === userId) open += 1;
    return open < MAX_STREAMS_PER_USER;
  }

  /**
   * What a reconnect with Last-Event-ID missed. The visibility rule runs in SQL, so events the
   * actor may not see are never read one by one; the live filter then has the last word on the
   * document events (their rule depends on the patient's status now), so a replay never shows
   * more than live delivery would. More than REPLAY_LIMIT visible events: a resync instead.
   */
  async replayMissed(actor: Actor, afterId: number): Promise<Replay> {
    const rows = await this.database.db
      .select({ event: events })
      .from(events)
      .leftJoin(patients, eq(patients.id, events.patientId))
      .where(
        and(
          gt(events.id, afterId),
          gt(events.createdAt, sql`now() - ${`${REPLAY_WINDOW_HOURS} hours`}::interval`),
          eventVisibilityCondition(actor),
        ),
      )
      .orderBy(asc(events.id))
      .limit(REPLAY_LIMIT + 1);
    if (rows.length > REPLAY_LIMIT) {
      const [latest] = await this.database.db
        .select({ id: sql<number>`coalesce(max(${events.id}), 0)` })
        .from(events);
      return { events: [], resyncId: Number(latest?.id ?? afterId) };
    }
    const allowed: EventRow[] = [];
    for (const { event } of rows) {
      if (!event.topic.startsWith('document.') || (await this.isAllowed(actor, event)))
        allowed.push(event);
    }
    return { events: allowed, resyncId: null };
  }

  private async isAllowed(actor: Actor, event: EventRow): Promise<boolean> {
    try {
      return await this.filter(actor, event);
    } catch {
      // As in deliver(): an actor whose scope cannot be computed gets nothing.
      return false;
    }
  }

  /** Reads are serialised so that events are delivered in id order exactly once. */
  private scheduleRead(): void {
    this.reading = this.reading.then(() => this.readNew()).catch(() => undefined);
  }

  /** Resolves once every event committed so far has been delivered (tests use this). */
  async flush(): Promise<void> {
    this.scheduleRead();
    await this.reading;
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const rows = await this.database.db
        .select()
        .from(events)
        .where(gt(events.id, this.lastSeenId))
        .orderBy(asc(events.id))
        .limit(READ_BATCH);
      for (const row of rows) {
        this.lastSeenId = row.id;
        await this.deliver(row);
      }
      if (rows.length < READ_BATCH) return;
    }
  }

  private async deliver(row: EventRow): Promise<void> {
    // A copy: a client may disconnect while we await its filter.
    for (const client of Array.from(this.clients)) {
      try {
        if (await this.filter(client.actor, row)) client.send(row);
      } catch {
        // A client whose scope cannot be computed (e.g. lost association) simply gets nothing.
      }
    }
  }
}
