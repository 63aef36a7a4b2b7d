import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import type { TWebhookPayload } from '@casebridge/domain/webhooks/webhook.schemas';
import { jobs, webhookDeliveries } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { WEBHOOK_DELIVER_JOB } from './webhook-fanout.ts';
import { createWebhookJobs, type WebhookJobOptions } from './webhook-jobs.ts';

export type ReceivedDelivery = {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: TWebhookPayload;
};

/**
 * A webhook receiver on 127.0.0.1 (a free port): it records every POST and answers with the
 * next status of `answers` for its path (200 when none is queued), with a short text body.
 */
export async function startReceiver() {
  const received: ReceivedDelivery[] = [];
  const answers = new Map<string, number[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const path = request.url ?? '/';
      received.push({
        path,
        headers: request.headers,
        body,
        payload: JSON.parse(body) as TWebhookPayload,
      });
      const status = answers.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(`answer ${status} for ${path}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** What the receiver answers the next requests to `path` with, in order. */
    answer(path: string, ...statuses: number[]) {
      answers.set(path, [...(answers.get(path) ?? []), ...statuses]);
    },
    at: (path: string) => received.filter((delivery) => delivery.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * Checks a delivery's signature as a receiver would: the HMAC of "<t>.<body>" under the secret,
 * and a timestamp within five minutes of now.
 */
export function verifySignature(delivery: ReceivedDelivery, secret: string): boolean {
  const header = String(delivery.headers['x-casebridge-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const [, t, v1] = match as unknown as [string, string, string];
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

/**
 * The webhook jobs on a runner of their own on the test server's database, as another instance
 * runs them, retrying at once (no backoff waits) unless told otherwise.
 */
export function testWorker(
  server: TestServer,
  options: Partial<
    Pick<WebhookJobOptions, 'maxAttempts' | 'retryDelaysMs' | 'isProduction' | 'resolveHost'>
  > = {},
) {
  const runner = createJobRunner({
    db: server.context.db,
    definitions: createWebhookJobs({
      keyring: server.context.documentKeys,
      isProduction: false,
      retryDelaysMs: [0],
      ...options,
    }),
    appUrl: server.context.env.appUrl,
    log: { info: () => undefined, warn: () => undefined },
  });
  const fanOut = () => runner.runDue({ names: ['webhooks.fan-out'] });
  /** Sends what is due, each delivery's retries too while they are due; resolves with the successes. */
  const drain = () => runner.runDue({ names: [WEBHOOK_DELIVER_JOB] });
  return {
    fanOut,
    drain,
    /** One round: queue deliveries for new events, then send what is due. */
    async runOnce() {
      await fanOut();
      return { delivered: await drain() };
    },
  };
}

/** Makes a delivery's next attempt due now (its job's and the delivery's own time). */
export async function makeDeliveryDue(server: TestServer, deliveryId: string) {
  const { db } = server.context;
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.key, `webhook:${deliveryId}`));
  await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** Registers an endpoint through the API; the answer's body (with the secret). */
export async function registerEndpoint(
  server: TestServer,
  cookie: string,
  body: Record<string, unknown>,
) {
  const response = await server.request({ method: 'POST', url: '/api/webhooks', cookie, body });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string; secret: string }>();
}

/** Posts a message on the patient as `cookie` (a message.created event). */
export async function postMessage(server: TestServer, cookie: string, patientId: string) {
  const response = await server.request({
    method: 'POST',
    url: `/api/patients/${patientId}/messages`,
    cookie,
    body: { body: 'Webhook test message' },
  });
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`message failed: ${response.statusCode} ${response.body}`);
  return response.json<{ message: { id: string } }>();
}

/** The endpoint's deliveries as stored. */
export function storedDeliveries(server: TestServer, endpointId: string) {
  return server.context.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.eventId));
}
