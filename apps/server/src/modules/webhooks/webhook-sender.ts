import { createHmac } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  WEBHOOK_HEADERS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
} from '@casebridge/domain/webhooks/webhook.schemas';
import type { Db } from '#src/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '#src/db/schema/index.ts';
import { describeError } from '#src/lib/loggable-error.ts';
import { startPeriodicJob } from '#src/lib/periodic-job.ts';
import { unsealSecret, type DocumentKeyring } from '#src/storage/document-encryption.ts';
import { fanOutWebhookEvents } from './webhook-fanout.ts';
import { postWebhook, WebhookTimeoutError } from './webhook-request.ts';
import {
  NOT_PUBLIC_MESSAGE,
  publicOnlyLookup,
  resolvesToPublicAddresses,
  type ResolveHost,
} from './webhook-url.ts';

/** A receiver has this long to answer: its status, and the part of the body that is kept. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * How long a claimed delivery belongs to the worker that claimed it: well past the timeout, so
 * a send in progress is never taken over; a worker that died leaves it to another after this.
 */
export const WEBHOOK_CLAIM_LEASE_MS = 60_000;
const BATCH_SIZE = 20;

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 * A receiver recomputes it over the raw body and refuses an old `t` (replay protection).
 */
export function signWebhookBody(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;
/** To the millisecond, so the claim read back into a Date compares equal in the fence. */
const leaseUntil = () =>
  sql`date_trunc('milliseconds', now() + ${interval(WEBHOOK_CLAIM_LEASE_MS)})`;

/** Deliveries wait while their endpoint is paused, and a deleted endpoint's are never sent. */
const endpointIsLive = sql`exists (select 1 from ${webhookEndpoints} e where e.id = ${webhookDeliveries.endpointId} and e.active and e.deleted_at is null)`;

/**
 * Claims the next due delivery in one statement, as the mail worker claims a mail (mail/
 * mail-worker.ts): `for update skip locked` passes over a row another instance is claiming, the
 * claim (status 'sending' with a lease) keeps others off it afterwards, and the attempt is
 * counted at claim time.
 */
async function claimNextDelivery(db: Db, onlyId?: string): Promise<DeliveryRow | null> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        onlyId === undefined ? undefined : eq(webhookDeliveries.id, onlyId),
        or(
          and(
            eq(webhookDeliveries.status, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, sql`now()`),
          ),
          and(
            eq(webhookDeliveries.status, 'sending'),
            lte(webhookDeliveries.claimedUntil, sql`now()`),
          ),
        ),
        endpointIsLive,
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({
      status: 'sending',
      claimedUntil: leaseUntil(),
      attempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  return claimed ?? null;
}

/** Only the claim that is still ours may settle the delivery. */
const isOurClaim = (delivery: DeliveryRow) =>
  and(
    eq(webhookDeliveries.id, delivery.id),
    eq(webhookDeliveries.status, 'sending'),
    eq(webhookDeliveries.attempts, delivery.attempts),
    delivery.claimedUntil ? eq(webhookDeliveries.claimedUntil, delivery.claimedUntil) : undefined,
  );

async function settle(
  db: Db,
  delivery: DeliveryRow,
  outcome: PgUpdateSetSource<typeof webhookDeliveries>,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ ...outcome, claimedUntil: null, lastAttemptAt: sql`now()` })
    .where(isOurClaim(delivery));
}

export type WebhookWorkerOptions = {
  db: Db;
  keyring: DocumentKeyring;
  isProduction: boolean;
  /** How often the fan-out and the sending run; 5 s by default. */
  intervalMs?: number;
  /** The waits after each failed attempt; WEBHOOK_RETRY_DELAYS_MS by default (tests: short). */
  retryDelaysMs?: readonly number[];
  maxAttempts?: number;
  timeoutMs?: number;
  /** The clock of the signature's timestamp (seconds); tests may pin it. */
  now?: () => number;
  /** How endpoint names are resolved, for the check and the connection; tests stand one in. */
  resolveHost?: ResolveHost;
  log: { warn(message: string): void };
};

/**
 * The webhook side of the outbox: the fan-out (webhook-fanout.ts) and the sender. Each send is a
 * signed POST; a 2xx delivers it, anything else (a redirect too, or no answer within the
 * timeout) schedules a retry after the next backoff step, until the attempts run out: then it
 * is 'failed'. Safe with several instances on one database, like the mail worker.
 */
export function createWebhookWorker(options: WebhookWorkerOptions) {
  const { db, keyring, log } = options;
  const delays = options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const maxAttempts = options.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const nowSeconds = options.now ?? (() => Math.floor(Date.now() / 1000));
  // In production the connection itself may reach only public addresses (DNS rebinding).
  const lookup = options.isProduction ? publicOnlyLookup(options.resolveHost) : undefined;

  async function fail(
    delivery: DeliveryRow,
    result: { statusCode: number | null; body: string | null; error: string | null },
  ) {
    const isLast = delivery.attempts >= maxAttempts;
    const delay = delays[Math.min(delivery.attempts - 1, delays.length - 1)] ?? 0;
    await settle(db, delivery, {
      status: isLast ? 'failed' : 'pending',
      nextAttemptAt: sql`now() + ${interval(delay)}`,
      lastStatusCode: result.statusCode,
      lastResponseBody: result.body,
      lastError: isLast
        ? `Gave up after ${delivery.attempts} attempts: ${result.error ?? `HTTP ${result.statusCode}`}`
        : result.error,
    });
  }

  async function send(delivery: DeliveryRow): Promise<boolean> {
    const [endpoint] = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, delivery.endpointId));
    if (!endpoint) return false;
    let secret: string;
    try {
      secret = unsealSecret(keyring, `webhook:${endpoint.id}`, {
        keyId: endpoint.secretKeyId,
        ciphertext: endpoint.secretCiphertext,
      });
    } catch (error) {
      await fail(delivery, {
        statusCode: null,
        body: null,
        error: `secret: ${describeError(error)}`,
      });
      return false;
    }
    if (!(await resolvesToPublicAddresses(endpoint.url, options, options.resolveHost))) {
      await fail(delivery, { statusCode: null, body: null, error: NOT_PUBLIC_MESSAGE });
      return false;
    }
    const body = JSON.stringify(delivery.payload);
    try {
      const answer = await postWebhook(endpoint.url, {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'CaseBridge-Webhooks/1',
          [WEBHOOK_HEADERS.event]: delivery.eventType,
          [WEBHOOK_HEADERS.delivery]: delivery.id,
          [WEBHOOK_HEADERS.signature]: signWebhookBody(secret, body, nowSeconds()),
        },
        body,
        timeoutMs,
        lookup,
      });
      if (answer.status >= 200 && answer.status < 300) {
        await settle(db, delivery, {
          status: 'delivered',
          deliveredAt: sql`now()`,
          lastStatusCode: answer.status,
          lastResponseBody: answer.body,
          lastError: null,
        });
        return true;
      }
      await fail(delivery, { statusCode: answer.status, body: answer.body, error: null });
    } catch (error) {
      const message =
        error instanceof WebhookTimeoutError || (error as { code?: string }).code === 'ENOTPUBLIC'
          ? (error as Error).message
          : describeError(error).slice(0, 500);
      await fail(delivery, { statusCode: null, body: null, error: message });
    }
    return false;
  }

  let isDraining = false;
  /** Sends what is due (at most one batch); returns how many were delivered. */
  async function drain(): Promise<number> {
    if (isDraining) return 0;
    isDraining = true;
    let delivered = 0;
    try {
      for (let claimed = 0; claimed < BATCH_SIZE; claimed += 1) {
        const delivery = await claimNextDelivery(db);
        if (!delivery) break;
        if (await send(delivery)) delivered += 1;
      }
    } finally {
      isDraining = false;
    }
    return delivered;
  }

  /** One round: queue deliveries for new events, then send what is due. */
  async function runOnce(): Promise<{ queued: number; delivered: number }> {
    const queued = await fanOutWebhookEvents(db);
    const delivered = await drain();
    return { queued, delivered };
  }

  return {
    fanOut: () => fanOutWebhookEvents(db),
    drain,
    runOnce,
    /** Starts the periodic job; the answer stops it. */
    start() {
      return startPeriodicJob({
        name: 'webhooks',
        intervalMs: options.intervalMs ?? 5_000,
        run: runOnce,
        log: { warn: (message) => log.warn(message) },
      });
    },
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
