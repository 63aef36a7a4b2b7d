import { and, asc, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { events } from '../db/schema/index.ts';
import type { Actor } from '../lib/actor.ts';
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
const READ_BATCH = 500;

/**
 * Fans out committed events to connected clients. Each instance LISTENs; a NOTIFY wakes it to
 * read the rows it has not seen yet, and each row goes only to the clients allowed to see it.
 */
export class EventHub {
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

  /** Events after `afterId` that the actor may see, for a reconnect with Last-Event-ID. */
  async replay(actor: Actor, afterId: number): Promise<EventRow[]> {
    const rows = await this.database.db
      .select()
      .from(events)
      .where(
        and(
          gt(events.id, afterId),
          gt(events.createdAt, sql`now() - ${`${REPLAY_WINDOW_HOURS} hours`}::interval`),
        ),
      )
      .orderBy(asc(events.id))
      .limit(5_000);
    const allowed: EventRow[] = [];
    for (const row of rows) if (await this.filter(actor, row)) allowed.push(row);
    return allowed;
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
