import { asc, gt, sql } from 'drizzle-orm';
import type { TLiveEventTopic } from '@casebridge/domain/events/live-events';
import { getPatientScope } from '@casebridge/domain/patients/patient.policy';
import type { Database } from '#src/db/client.ts';
import { events } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError } from '#src/lib/app-error.ts';
import { SLOT_REFRESH_MS, type StreamSlots } from '#src/lib/stream-slots.ts';
import { canReceiveEvent, type EventRow } from './event-visibility.ts';
import { EVENTS_CHANNEL } from './outbox.ts';
import { loadPatientAudiences, PatientAudienceCache } from './patient-audiences.ts';

export type { EventRow } from './event-visibility.ts';

/** Why the hub ends a stream: the browser reconnects, except after 'session-ended'. */
export type StreamEndReason = 'session-ended' | 'changed' | 'shutdown' | 'overflow';

export type EventClient = {
  actor: Actor;
  /** The stream's slot under the per-user cap (reserveStream), released when it ends. */
  slotId?: string;
  /** Writes the event; must not block (the hub does not await it). */
  send(event: EventRow): void;
  /** Keeps idle connections (and proxies) open. */
  ping?(): void;
  end?(reason: StreamEndReason): void;
};

/** Which of these sessions may still receive data, with their user's current role and org. */
export type SessionChecker = (
  sessionIds: readonly string[],
) => Promise<Map<string, { role: string; organizationId: string | null }>>;

export type HubLog = { info(message: string): void; warn(message: string): void };

/**
 * At most this many missed events are replayed. A client that missed more is told to resync
 * (refetch everything), which is cheaper for both sides than streaming them one by one.
 */
export const REPLAY_LIMIT = 1_000;
/** A reconnect more than this many events behind (anyone's) resyncs without reading them. */
export const REPLAY_SCAN_LIMIT = 5_000;
/**
 * Open streams one user may hold, counted across every instance (lib/stream-slots.ts): each
 * holds a socket, and one account must not be able to exhaust the servers.
 */
export const MAX_STREAMS_PER_USER = 10;
/**
 * How often every open stream's session is checked and, while it is valid, the stream pinged
 * (`: ping`): proxies that close idle connections after 30 s or more see traffic in time.
 */
export const HEARTBEAT_MS = 15_000;
/** The answer to a stream that arrives once the instance has begun to shut down. */
export const STREAMS_CLOSED_MESSAGE = 'This server is shutting down. Try again in a moment.';
/** While LISTEN is down the hub polls, so that live updates keep flowing from the pool. */
const POLL_WHILE_DOWN_MS = 1_000;
const READ_BATCH = 500;
/** Topics after which every open stream's session is checked at once (not at the heartbeat). */
const SWEEP_TOPICS: ReadonlySet<string> = new Set<TLiveEventTopic>([
  'user.changed',
  'settings.changed',
  'sessions.ended',
]);

/** What a reconnect receives: the missed events, or (when too many) where to resync from. */
export type Replay = { events: EventRow[]; resyncId: number | null };

/** Index key of a client by what it may see: its scope (spec section 6) or 'none'. */
function scopeKeyOf(actor: Actor): string {
  try {
    const scope = getPatientScope(actor);
    switch (scope.kind) {
      case 'all':
        return 'all';
      case 'clinic':
        return `clinic:${scope.clinicId}`;
      case 'firm':
        return `firm:${scope.firmId}`;
      case 'lienholder':
        return `lienholder:${scope.lienholderId}`;
      case 'contact':
        return `contact:${scope.userId}`;
    }
  } catch {
    return 'none';
  }
}

type HubOptions = {
  checkSessions: SessionChecker;
  slots: StreamSlots;
  /** Told of each event this instance read and handed to its streams (the metrics' lag). */
  onDelivered?: (event: EventRow) => void;
  log?: HubLog;
};

/**
 * Fans committed events out to the connected clients of this instance. Each instance LISTENs; a
 * NOTIFY wakes it to read the rows it has not seen yet (ids become visible in id order, see
 * outbox.ts), and each row goes to the clients that canReceiveEvent allows. Clients are indexed
 * by scope so an event only visits the clients that could see its patient, and the audience of a
 * patient is cached in memory: no query per event per stream.
 */
export class EventHub {
  private readonly clients = new Set<EventClient>();
  private readonly byScope = new Map<string, Set<EventClient>>();
  private readonly byUser = new Map<string, Set<EventClient>>();
  private readonly audiences: PatientAudienceCache;
  private lastDeliveredId = 0;
  private unlisten: (() => Promise<void>) | null = null;
  private isListening = false;
  private readRequested = false;
  private reading: Promise<void> | null = null;
  private readFailing = false;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private slotTimer: NodeJS.Timeout | null = null;
  private readonly releases = new Set<Promise<void>>();
  private heartbeatEveryMs = HEARTBEAT_MS;
  private isStopped = false;
  private isClosingStreams = false;

  constructor(
    private readonly database: Database,
    private readonly options: HubOptions,
  ) {
    this.audiences = new PatientAudienceCache(database.db);
  }

  /** How often open streams are pinged and their sessions re-checked (tests shorten it). */
  get heartbeatMs(): number {
    return this.heartbeatEveryMs;
  }

  set heartbeatMs(ms: number) {
    this.heartbeatEveryMs = ms;
    if (this.heartbeatTimer) this.scheduleHeartbeat();
  }

  /** Whether this instance is subscribed to new events right now (health reports it). */
  get isLive(): boolean {
    return this.isListening;
  }

  get size(): number {
    return this.clients.size;
  }

  async start(): Promise<void> {
    this.lastDeliveredId = await this.latestId();
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, {
      onNotify: () => void this.scheduleRead(),
      onConnected: (isReconnect) => {
        this.isListening = true;
        if (!isReconnect) return;
        this.options.log?.info('Live events: listening again; catching up');
        // Whatever committed while we were deaf is read now, from the last delivered id.
        void this.scheduleRead();
      },
      onDisconnected: (reason) => {
        if (this.isListening)
          this.options.log?.warn(`Live events: lost the LISTEN connection (${reason})`);
        this.isListening = false;
      },
    });
    this.scheduleHeartbeat();
    this.pollTimer = setInterval(() => {
      if (!this.isListening) void this.scheduleRead();
    }, POLL_WHILE_DOWN_MS);
    this.pollTimer.unref();
    // Slots of streams open here stay counted; those of a crashed instance lapse.
    this.slotTimer = setInterval(() => {
      const slotIds = Array.from(this.clients, (client) => client.slotId).filter(
        (slotId): slotId is string => slotId !== undefined,
      );
      if (slotIds.length > 0) this.options.slots.refresh(slotIds).catch(() => undefined);
    }, SLOT_REFRESH_MS);
    this.slotTimer.unref();
  }

  /**
   * Ends every open stream and refuses new ones (503): the instance is shutting down, and its
   * browsers reconnect, to another instance. A stream whose request was still being set up
   * (its session or slot being read) is refused when it arrives, rather than left open to hold
   * the server's close until its deadline.
   */
  closeStreams(): void {
    this.isClosingStreams = true;
    for (const client of Array.from(this.clients)) this.end(client, 'shutdown');
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    for (const timer of [this.heartbeatTimer, this.pollTimer, this.slotTimer])
      if (timer) clearInterval(timer);
    this.heartbeatTimer = null;
    this.closeStreams();
    await Promise.all(this.releases);
    await this.unlisten?.();
    this.unlisten = null;
    this.isListening = false;
    await this.reading;
  }

  add(client: EventClient): () => void {
    this.refuseWhenClosing();
    this.clients.add(client);
    this.indexOf(this.byScope, scopeKeyOf(client.actor)).add(client);
    this.indexOf(this.byUser, client.actor.userId).add(client);
    return () => this.remove(client);
  }

  /**
   * A slot for one more stream of this user, or null at MAX_STREAMS_PER_USER across all
   * instances. Pass it to add(); it is released when the stream is removed.
   */
  async reserveStream(userId: string): Promise<string | null> {
    this.refuseWhenClosing();
    return this.options.slots.acquire(userId);
  }

  /** Once closeStreams() ran, a new stream is answered 503 (before and after taking a slot). */
  private refuseWhenClosing(): void {
    if (this.isClosingStreams) throw new AppError('UNAVAILABLE', STREAMS_CLOSED_MESSAGE);
  }

  releaseStream(slotId: string): void {
    // Awaited by stop(): after a graceful shutdown the user's tabs reconnect elsewhere at once,
    // and slots left to lapse would count against them there for a minute.
    const release = this.options.slots.release(slotId).catch(() => undefined);
    this.releases.add(release);
    void release.finally(() => this.releases.delete(release));
  }

  /** Resolves once every event committed so far has been delivered (tests use this). */
  async flush(): Promise<void> {
    await this.scheduleRead();
  }

  /**
   * What a reconnect with Last-Event-ID missed, decided by the same rule as live delivery
   * against the patients as they are now. Too far behind (pruned, more than REPLAY_SCAN_LIMIT
   * events, or more than REPLAY_LIMIT visible ones) or ahead of the newest event: a resync.
   */
  async replayMissed(actor: Actor, afterId: number): Promise<Replay> {
    const db = this.database.db;
    const [bounds] = await db
      .select({
        oldest: sql<number | null>`min(${events.id})`,
        newest: sql<number>`coalesce(max(${events.id}), 0)`,
      })
      .from(events);
    const newest = Number(bounds?.newest ?? 0);
    const oldest = bounds?.oldest == null ? null : Number(bounds.oldest);
    const resync = { events: [], resyncId: newest };
    if (afterId > newest || (oldest !== null && afterId < oldest - 1)) return resync;
    const rows = await db
      .select()
      .from(events)
      .where(gt(events.id, afterId))
      .orderBy(asc(events.id))
      .limit(REPLAY_SCAN_LIMIT + 1);
    if (rows.length > REPLAY_SCAN_LIMIT) return resync;
    const audiences = await loadPatientAudiences(db, patientIdsOf(rows));
    const visible = rows.filter((row) =>
      canReceiveEvent(actor, row, row.patientId ? audiences.get(row.patientId) : undefined),
    );
    if (visible.length > REPLAY_LIMIT) return resync;
    return { events: visible, resyncId: null };
  }

  private indexOf(index: Map<string, Set<EventClient>>, key: string): Set<EventClient> {
    let set = index.get(key);
    if (!set) {
      set = new Set();
      index.set(key, set);
    }
    return set;
  }

  private remove(client: EventClient): void {
    if (!this.clients.delete(client)) return;
    if (client.slotId) this.releaseStream(client.slotId);
    for (const [index, key] of [
      [this.byScope, scopeKeyOf(client.actor)],
      [this.byUser, client.actor.userId],
    ] as const) {
      const set = index.get(key);
      set?.delete(client);
      if (set?.size === 0) index.delete(key);
    }
  }

  private end(client: EventClient, reason: StreamEndReason): void {
    this.remove(client);
    try {
      client.end?.(reason);
    } catch {
      // A socket that is already gone has nothing left to end.
    }
  }

  private async latestId(): Promise<number> {
    const [latest] = await this.database.db
      .select({ id: sql<number>`coalesce(max(${events.id}), 0)` })
      .from(events);
    return Number(latest?.id ?? 0);
  }

  /** Reads are coalesced and serialised, so events are delivered in id order exactly once. */
  private scheduleRead(): Promise<void> {
    this.readRequested = true;
    this.reading ??= this.drain().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async drain(): Promise<void> {
    while (this.readRequested && !this.isStopped) {
      this.readRequested = false;
      try {
        await this.readNew();
        if (this.readFailing) this.options.log?.info('Live events: reading events again');
        this.readFailing = false;
      } catch (error) {
        // The next NOTIFY, the poll while LISTEN is down, or a reconnect tries again from the
        // last delivered id, so nothing is skipped; say so once per outage.
        if (!this.readFailing)
          this.options.log?.warn(`Live events: cannot read events (${String(error)})`);
        this.readFailing = true;
      }
    }
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const rows = await this.database.db
        .select()
        .from(events)
        .where(gt(events.id, this.lastDeliveredId))
        .orderBy(asc(events.id))
        .limit(READ_BATCH);
      if (rows.length === 0) return;
      let sweep = false;
      for (const row of rows) {
        if (row.topic === 'organization.changed') this.audiences.clear();
        // An event addressed to users (a status change's release is addressed to none) changes
        // no one's view of the patient.
        else if (row.topic.startsWith('patient.') && row.patientId && !row.recipientUserIds)
          this.audiences.invalidate(row.patientId);
        if (SWEEP_TOPICS.has(row.topic)) sweep = true;
      }
      await this.audiences.load(patientIdsOf(rows));
      // Sessions may have ended, or a role, organisation or active flag changed: re-check open
      // streams now, before delivering, so a stream whose session ended receives nothing more.
      if (sweep) await this.sweepSessions();
      for (const row of rows) {
        this.deliver(row);
        this.lastDeliveredId = row.id;
      }
      if (rows.length < READ_BATCH) return;
    }
  }

  /** The clients that could see the event; canReceiveEvent has the last word on each. */
  private candidatesFor(row: EventRow): Iterable<EventClient> {
    if (row.recipientUserIds)
      return row.recipientUserIds.flatMap((id) => [...(this.byUser.get(id) ?? [])]);
    if (row.adminOnly || !row.patientId) return this.clients;
    const audience = this.audiences.get(row.patientId);
    if (!audience) return [];
    const keys = [
      'all',
      ...audience.clinicIds.map((id) => `clinic:${id}`),
      ...(audience.firmId ? [`firm:${audience.firmId}`] : []),
      ...audience.lienholderIds.map((id) => `lienholder:${id}`),
      ...(audience.associatedContactId ? [`contact:${audience.associatedContactId}`] : []),
    ];
    // A grantee is indexed by user: their scope key is their own organisation's.
    const grantees = audience.grants.flatMap((grant) => [...(this.byUser.get(grant.userId) ?? [])]);
    return new Set([...keys.flatMap((key) => [...(this.byScope.get(key) ?? [])]), ...grantees]);
  }

  private deliver(row: EventRow): void {
    const audience = row.patientId ? this.audiences.get(row.patientId) : undefined;
    for (const client of this.candidatesFor(row)) {
      if (!canReceiveEvent(client.actor, row, audience)) continue;
      try {
        client.send(row);
      } catch {
        this.end(client, 'overflow');
      }
    }
    this.options.onDelivered?.(row);
  }

  private scheduleHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => void this.sweepSessions(), this.heartbeatEveryMs);
    this.heartbeatTimer.unref();
  }

  /**
   * One query for all open streams: a stream ends with its session (sign-out, idle timeout,
   * expiry, deactivation) and reconnects when its user's role or organisation changed. The check
   * does not count as activity, so an abandoned tab still times out.
   */
  private async sweepSessions(): Promise<void> {
    if (this.clients.size === 0) return;
    const clients = Array.from(this.clients);
    let live: Awaited<ReturnType<SessionChecker>>;
    try {
      live = await this.options.checkSessions([...new Set(clients.map((c) => c.actor.sessionId))]);
    } catch {
      return; // The database is away: keep the streams; the next sweep decides.
    }
    for (const client of clients) {
      if (!this.clients.has(client)) continue;
      const session = live.get(client.actor.sessionId);
      if (!session) this.end(client, 'session-ended');
      else if (
        session.role !== client.actor.role ||
        session.organizationId !== client.actor.organizationId
      )
        this.end(client, 'changed');
      else client.ping?.();
    }
  }
}

function patientIdsOf(rows: readonly EventRow[]): string[] {
  return rows.flatMap((row) =>
    row.patientId && !row.recipientUserIds && !row.adminOnly ? [row.patientId] : [],
  );
}
