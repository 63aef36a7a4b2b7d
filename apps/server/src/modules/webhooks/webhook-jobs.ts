import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  WEBHOOK_HEADERS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
} from '@casebridge/domain/webhooks/webhook.schemas';
import type { Db } from '#src/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '#src/db/schema/index.ts';
import { defineJob, defineSchedule, type AnyJobDefinition } from '#src/jobs/job-definition.ts';
import { describeError } from '#src/lib/loggable-error.ts';
import { unsealSecret, type DocumentKeyring } from '#src/storage/document-encryption.ts';
import { fanOutWebhookEvents, WEBHOOK_DELIVER_JOB } from './webhook-fanout.ts';
import { postWebhook, WebhookTimeoutError } from './webhook-request.ts';
import {
  NOT_PUBLIC_MESSAGE,
  publicOnlyLookup,
  resolvesToPublicAddresses,
  type ResolveHost,
} from './webhook-url.ts';

/** A receiver has this long to answer: its status, and the part of the body that is kept. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The fan-out's own period: how soon after a change its deliveries are queued. */
const FANOUT_EVERY_MS = 5_000;

/**
 * The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 * A receiver recomputes it over the raw body and refuses an old `t` (replay protection).
 */
export function signWebhookBody(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export type WebhookJobOptions = {
  keyring: DocumentKeyring;
  isProduction: boolean;
  /** How often the fan-out runs; 5 s by default. */
  fanOutEveryMs?: number;
  /** The waits after each failed attempt; WEBHOOK_RETRY_DELAYS_MS by default (tests: short). */
  retryDelaysMs?: readonly number[];
  maxAttempts?: number;
  timeoutMs?: number;
  /** The clock of the signature's timestamp (seconds); tests may pin it. */
  now?: () => number;
  /** How endpoint names are resolved, for the check and the connection; tests stand one in. */
  resolveHost?: ResolveHost;
};

/** An attempt the receiver answered, but not with a 2xx: recorded on the delivery, retried. */
class RefusedDelivery extends Error {}

/** What the last attempt got back, kept on the delivery whatever the outcome. */
type Answer = { statusCode: number | null; body: string | null };

const recordAnswer = (db: Db, deliveryId: string, answer: Answer) =>
  db
    .update(webhookDeliveries)
    .set({
      lastStatusCode: answer.statusCode,
      lastResponseBody: answer.body,
      lastAttemptAt: sql`now()`,
    })
    .where(eq(webhookDeliveries.id, deliveryId));

/**
 * The webhook side of the outbox, as two jobs: the fan-out ('webhooks.fan-out', on a schedule;
 * webhook-fanout.ts) queues a delivery and its 'webhook.deliver' job for each event an endpoint
 * hears of; the delivery job sends one signed POST. A 2xx delivers it; anything else (a redirect
 * too, or no answer within the timeout) is retried after the next backoff step until the
 * attempts run out: then it is 'failed'. A paused endpoint's deliveries wait ('pending', no job)
 * until it is resumed, which queues their jobs again; a deleted endpoint's are never sent.
 */
export function createWebhookJobs(options: WebhookJobOptions): AnyJobDefinition[] {
  const { keyring } = options;
  const delays = options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const nowSeconds = options.now ?? (() => Math.floor(Date.now() / 1000));
  // In production the connection itself may reach only public addresses (DNS rebinding).
  const lookup = options.isProduction ? publicOnlyLookup(options.resolveHost) : undefined;

  const fanOut = defineSchedule({
    name: 'webhooks.fan-out',
    everyMs: options.fanOutEveryMs ?? FANOUT_EVERY_MS,
    // Each batch commits on its own, so a run cut short loses nothing; a short timeout keeps the
    // lease a crashed instance leaves short.
    timeoutMs: 20_000,
    run: async ({ db }) => {
      await fanOutWebhookEvents(db);
    },
  });

  const deliver = defineJob({
    name: WEBHOOK_DELIVER_JOB,
    payload: z.object({ deliveryId: z.uuid() }),
    // The receiver's timeout, and time to resolve its name and record the answer.
    timeoutMs: timeoutMs + 2_000,
    retry: {
      maxAttempts: options.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS,
      delayMs: (attempt) => delays[Math.min(attempt - 1, delays.length - 1)] ?? 0,
    },
    async run({ deliveryId }, { db, attempt }) {
      const [found] = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!found) return;
      const { delivery, endpoint } = found;
      // A failed delivery comes back here only through an admin's retry of its job.
      if (delivery.status === 'delivered' || endpoint.deletedAt || !endpoint.active) return;
      const secret = (() => {
        try {
          return unsealSecret(keyring, `webhook:${endpoint.id}`, {
            keyId: endpoint.secretKeyId,
            ciphertext: endpoint.secretCiphertext,
          });
        } catch (error) {
          throw new Error(`secret: ${describeError(error)}`, { cause: error });
        }
      })();
      if (!(await resolvesToPublicAddresses(endpoint.url, options, options.resolveHost))) {
        await recordAnswer(db, deliveryId, { statusCode: null, body: null });
        throw new Error(NOT_PUBLIC_MESSAGE);
      }
      const body = JSON.stringify(delivery.payload);
      let answer: { status: number; body: string };
      try {
        answer = await postWebhook(endpoint.url, {
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
      } catch (error) {
        await recordAnswer(db, deliveryId, { statusCode: null, body: null });
        const message =
          error instanceof WebhookTimeoutError || (error as { code?: string }).code === 'ENOTPUBLIC'
            ? (error as Error).message
            : describeError(error).slice(0, 500);
        throw new Error(message, { cause: error });
      }
      await recordAnswer(db, deliveryId, { statusCode: answer.status, body: answer.body });
      if (answer.status < 200 || answer.status >= 300)
        throw new RefusedDelivery(`HTTP ${answer.status}`);
      return {
        settle: async (tx) => {
          await tx
            .update(webhookDeliveries)
            .set({
              status: 'delivered',
              deliveredAt: sql`now()`,
              attempts: attempt,
              lastError: null,
              claimedUntil: null,
            })
            .where(eq(webhookDeliveries.id, deliveryId));
        },
      };
    },
    async onFailure(tx, { deliveryId }, failure) {
      const delay = delays[Math.min(failure.attempt - 1, delays.length - 1)] ?? 0;
      const refused = /^HTTP \d{3}$/.test(failure.error);
      await tx
        .update(webhookDeliveries)
        .set({
          status: failure.isFinal ? 'failed' : 'pending',
          attempts: failure.attempt,
          claimedUntil: null,
          nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
          lastError: failure.isFinal
            ? `Gave up after ${failure.attempt} attempts: ${failure.error}`
            : refused
              ? null
              : failure.error,
        })
        .where(eq(webhookDeliveries.id, deliveryId));
    },
  });

  return [fanOut, deliver];
}
