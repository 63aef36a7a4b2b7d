import type { Db } from '#src/db/client.ts';
import type { LiveEvent } from '#src/events/outbox.ts';
import type { Actor } from '#src/lib/actor.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { enqueueJobs, type QueuedJob } from '#src/jobs/job-queue.ts';
import { enqueueMail, type OutgoingMail } from '#src/mail/mail-outbox.ts';
import { recordActivities, type ActivityEntry } from '#src/modules/activity/activity.service.ts';
import {
  auditAndPublishSql,
  executeWithoutKeyInErrors,
  type AuditEntry,
} from '#src/modules/audit/audit.service.ts';
import {
  decideNotifications,
  insertNotifications,
  type DecidedNotification,
  type NewNotification,
} from '#src/modules/notifications/notification-writes.ts';

/** Who a change is made by: the request's actor and context, or a job's (no actor). */
export type ChangeAuthor = { actor: Actor | null; context: RequestContext };

/** An audit row of the change; its address is the request's unless given. */
export type ChangeAudit = Omit<AuditEntry, 'ip' | 'actor'> & {
  actor?: AuditEntry['actor'];
  ip?: string | null;
};

/**
 * What one write causes besides its own rows: audit rows, Activity items, notifications, mail,
 * jobs and live events. A service records them on the Change as it goes; `commit` writes them at
 * the end of the transaction, in the lock order every writer shares: the rows that take no shared
 * lock first (activity, notifications, mail, jobs), then, in one statement, the audit chain's append
 * (its lock) and the events' publication (the events lock, which orders event ids by commit),
 * so both locks are held only from that statement to the commit (docs/architecture/audit.md,
 * docs/architecture/live-events.md).
 *
 * A Change belongs to one transaction: make it with `inChange`, or `new Change(tx, author)` and
 * `commit()` as the transaction's last statement.
 */
export class Change {
  readonly #audits: ChangeAudit[] = [];
  readonly #activity: ActivityEntry[] = [];
  readonly #notifications: DecidedNotification[] = [];
  readonly #mail: OutgoingMail[] = [];
  readonly #jobs: QueuedJob[] = [];
  readonly #events: LiveEvent[] = [];
  #committed = false;

  constructor(
    readonly tx: Db,
    readonly author: ChangeAuthor,
  ) {}

  get actor(): Actor | null {
    return this.author.actor;
  }

  get context(): RequestContext {
    return this.author.context;
  }

  /** An audit row, by the change's actor from the request's address unless the entry says. */
  audit(entry: ChangeAudit): this {
    this.#audits.push(entry);
    return this;
  }

  /** An item of a patient's Activity feed. */
  activity(entry: ActivityEntry): this {
    this.#activity.push(entry);
    return this;
  }

  /**
   * Notifies those of `recipientIds` whose preferences allow the notification's type, and tells
   * them live; resolves with the users it will reach (to mail the same people, say). The
   * preferences are read now; the rows are written at the commit.
   */
  async notify(recipientIds: readonly string[], notification: NewNotification): Promise<string[]> {
    const [decided] = await decideNotifications(this.tx, [{ recipientIds, notification }]);
    if (!decided || decided.recipientIds.length === 0) return [];
    this.#notifications.push(decided);
    return [...decided.recipientIds];
  }

  /** `notify` for many notifications at once, with the preferences read in one statement. */
  async notifyEach(
    batch: ReadonlyArray<{ recipientIds: readonly string[]; notification: NewNotification }>,
  ): Promise<string[][]> {
    const decided = await decideNotifications(this.tx, batch);
    this.#notifications.push(...decided.filter((item) => item.recipientIds.length > 0));
    return decided.map((item) => [...item.recipientIds]);
  }

  /** Mail for the outbox, sent by the mail job once the change has committed. */
  mail(mail: OutgoingMail | readonly OutgoingMail[]): this {
    this.#mail.push(...(Array.isArray(mail) ? mail : [mail as OutgoingMail]));
    return this;
  }

  /**
   * Background work the write causes, for the job runner once the change has committed (make
   * each with `jobOf`, which checks its payload against the job's definition).
   */
  enqueue(...jobs: readonly QueuedJob[]): this {
    this.#jobs.push(...jobs);
    return this;
  }

  /** A live event; it carries the request's write origin back to the user's own tabs. */
  publish(...events: readonly LiveEvent[]): this {
    this.#events.push(...events);
    return this;
  }

  /** Writes what the change recorded; the transaction's last statements. Only once. */
  async commit(): Promise<void> {
    if (this.#committed) throw new Error('A Change is committed once, at the end of its write');
    this.#committed = true;
    const { tx, actor, context } = this;
    await recordActivities(tx, this.#activity);
    const notificationEvents = await insertNotifications(tx, this.#notifications);
    if (this.#mail.length > 0) await enqueueMail(tx, this.#mail);
    await enqueueJobs(tx, this.#jobs);
    const last = await auditAndPublishSql(
      tx,
      this.#audits.map((entry) => ({
        ...entry,
        actor: entry.actor === undefined ? actor : entry.actor,
        ip: entry.ip === undefined ? context.ip : entry.ip,
      })),
      [...notificationEvents, ...this.#events],
      context.writeOrigin,
    );
    // It carries the audit key: a failure must not name it (executeWithoutKeyInErrors).
    if (last) await executeWithoutKeyInErrors(tx, last);
  }
}

/**
 * Runs `work` in a transaction with a Change, and commits the Change as the transaction's last
 * statements: the usual shape of a write.
 */
export function inChange<T>(
  db: Db,
  author: ChangeAuthor,
  work: (change: Change) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const change = new Change(tx, author);
    const result = await work(change);
    await change.commit();
    return result;
  });
}
