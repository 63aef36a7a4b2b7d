import type { TSettings } from '@casebridge/domain/settings/settings.schemas';
import type { Database } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import type { RouteAccess } from '#src/lib/route-access.ts';

/** How long an instance trusts a session check it made (per-request overhead). */
export const SESSION_CACHE_TTL_MS = 5_000;

/** The NOTIFY channel of migration 0013's triggers. */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

/**
 * Whether a write to a route may change what a session check reads, by the access the route
 * declares: true where its writes may reach a row or column migrations 0013 and 0015 watch
 * (sessions, a user's identity and flags, second factors, the settings, an organisation's name
 * or kind, emergency access grants). Such a write clears this instance's checks before it
 * answers (app.ts), so the next request here never meets a check from before the change, even
 * ahead of the NOTIFY. The case work leaves them alone; clearing them there made every change of
 * a busy instance re-run every session's check (ADR 0032). Every access is decided here, so a
 * new capability cannot be added without deciding it. The triggers still report every change to
 * every instance within milliseconds, whichever route or job wrote it.
 */
const WRITE_MAY_CHANGE_SESSIONS: Record<RouteAccess, boolean> = {
  public: true,
  session: true,
  'admin:users': true,
  'admin:settings': true,
  'admin:access-grants': true,
  'admin:access-requests': true,
  'admin:api-tokens': true,
  'admin:tools': true,
  'organizations:manage': true,
  'patients:read': false,
  'patients:create': false,
  'patients:update-status': false,
  'patients:edit-demographics': false,
  'patients:assign-organizations': false,
  'patients:external-ids': false,
  'documents:upload': false,
  'billing:create': false,
  'billing:edit': false,
  'billing:void': false,
  'messages:send': false,
  'notifications:own': false,
  'directory:read': false,
  'admin:templates': false,
  'admin:audit': false,
  'admin:mail': false,
  // Read only: no write is declared with it.
  'admin:metrics': false,
  'requests:read': false,
  'requests:create': false,
  'requests:respond': false,
  // The gap threshold is an organisation's column the triggers do not watch.
  'gaps:configure': false,
  'liens:read': false,
  'liens:record-payment': false,
  'reductions:negotiate': false,
  'settlements:manage': false,
  'case-facts:read': false,
  'case-facts:edit': false,
  'referrals:read': false,
  'referrals:create': false,
  'referrals:respond': false,
  'visits:read': false,
  'visits:edit': false,
  'case-updates:post': false,
  'case-updates:request': false,
  'case-updates:configure': false,
  'webhooks:manage': false,
};

/**
 * Whether a write request may have changed a session check. Every route declares its access
 * (app.ts refuses one that does not), so a request without one matched no route and wrote
 * nothing: an unknown address does not clear the checks.
 */
export function writeMayChangeSessions(access: RouteAccess | undefined): boolean {
  return access !== undefined && WRITE_MAY_CHANGE_SESSIONS[access];
}

/** What a session check found, as of `checkedAt`. */
export type CachedSession = {
  actor: Actor;
  /** When the session ends whatever its activity. */
  expiresAt: Date;
  /** The last activity the database held, or this instance wrote since. */
  lastActiveAt: Date;
  checkedAt: number;
};

export type SessionCacheStats = { hits: number; misses: number };

/**
 * A few seconds of memory of session checks and of the settings they need, so a busy page does
 * not run the authentication statements on every request. Correctness does not rest on the
 * time-to-live: every change that alters a check (sign-out, a revoked or expired session, a
 * role, organisation or activity change, a second factor, the settings) NOTIFYs
 * 'session_changes' from a trigger (migration 0013), and each instance drops what it names on
 * commit. While this instance's LISTEN connection is down it may miss such a change, so it
 * serves nothing from memory until the subscription is back (and starts from empty then).
 * Nothing here is state another instance needs: it is only ever a copy of the database.
 */
export class SessionCache {
  private readonly sessions = new Map<string, CachedSession>();
  private settings: { value: TSettings; checkedAt: number } | null = null;
  private isListening = false;
  private unsubscribe: (() => Promise<void>) | null = null;
  private readonly counts: SessionCacheStats = { hits: 0, misses: 0 };
  /**
   * Counts invalidations. A check that read the database before a change committed must not be
   * stored after the change's notification was handled: it is stored only when no invalidation
   * came between its start (`generation()`) and its end.
   */
  private invalidations = 0;

  constructor(private readonly options: { ttlMs?: number; now?: () => number } = {}) {}

  private get ttlMs() {
    return this.options.ttlMs ?? SESSION_CACHE_TTL_MS;
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** Subscribes to the invalidations; until it is connected, nothing is served from memory. */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    this.unsubscribe = await database.listen(SESSION_CHANGES_CHANNEL, {
      onNotify: (payload) => this.invalidate(payload),
      onConnected: () => {
        this.clear();
        this.isListening = true;
      },
      onDisconnected: () => {
        this.isListening = false;
        this.clear();
      },
    });
  }

  async stop(): Promise<void> {
    this.isListening = false;
    this.clear();
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** The check made for this session cookie within the time-to-live, if any. */
  getSession(cookie: string): CachedSession | null {
    const entry = this.isListening ? this.sessions.get(cookie) : undefined;
    if (entry && this.now() - entry.checkedAt < this.ttlMs) {
      this.counts.hits += 1;
      return entry;
    }
    if (entry) this.sessions.delete(cookie);
    this.counts.misses += 1;
    return null;
  }

  /** Taken before a check reads the database; `setSession` is given it back. */
  generation(): number {
    return this.invalidations;
  }

  /** Keeps a check that began at `generation`, unless something changed since. */
  setSession(
    cookie: string,
    entry: Omit<CachedSession, 'checkedAt'>,
    generation: number,
    checkedAt = this.now(),
  ): void {
    if (!this.isListening || generation !== this.invalidations) return;
    this.sessions.set(cookie, { ...entry, checkedAt });
  }

  /** Records activity this instance wrote, so the idle timeout counts from it. */
  touchSession(cookie: string, lastActiveAt: Date): void {
    const entry = this.sessions.get(cookie);
    if (entry) entry.lastActiveAt = lastActiveAt;
  }

  forgetSession(cookie: string): void {
    this.sessions.delete(cookie);
  }

  /** The settings read within the time-to-live, else a fresh read through `load`. */
  async getSettings(load: () => Promise<TSettings>): Promise<TSettings> {
    const cached = this.isListening ? this.settings : null;
    if (cached && this.now() - cached.checkedAt < this.ttlMs) return cached.value;
    const checkedAt = this.now();
    const generation = this.invalidations;
    const value = await load();
    if (this.isListening && generation === this.invalidations) this.settings = { value, checkedAt };
    return value;
  }

  /** Drops what a 'session_changes' payload names: 'session:<id>', 'user:<id>' or '*'. */
  invalidate(payload: string): void {
    this.invalidations += 1;
    const [kind, id] = splitPayload(payload);
    if (kind === 'session' || kind === 'user') {
      for (const [cookie, entry] of this.sessions) {
        const matches =
          kind === 'session' ? entry.actor.sessionId === id : entry.actor.userId === id;
        if (matches) this.sessions.delete(cookie);
      }
      return;
    }
    this.clear();
  }

  stats(): SessionCacheStats {
    return { ...this.counts };
  }

  private clear() {
    this.invalidations += 1;
    this.sessions.clear();
    this.settings = null;
  }
}

function splitPayload(payload: string): [string, string] {
  const colon = payload.indexOf(':');
  return colon < 0 ? [payload, ''] : [payload.slice(0, colon), payload.slice(colon + 1)];
}
