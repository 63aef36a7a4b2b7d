import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { events, webhookCursor, webhookDeliveries } from '#src/db/schema/index.ts';
import { pruneEvents } from '#src/events/event-retention.ts';
import { publishEvent } from '#src/events/outbox.ts';
import { getPatientId, upload } from '#src/modules/documents/document-test-support.ts';
import {
  changeStatusAsUser,
  releaseHeldStatusChanges,
  saveDemographicsAsUser,
} from '#src/test/patient-writes.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { NOT_PUBLIC_MESSAGE } from './webhook-url.ts';
import {
  postMessage,
  registerEndpoint,
  startReceiver,
  storedDeliveries,
  makeDeliveryDue,
  testWorker,
  verifySignature,
  type Receiver,
} from './webhook-test-support.ts';

const ALL_TYPES = [
  'patient.status-changed',
  'document.added',
  'billing.added',
  'message.created',
  'request.changed',
];
const pdf = {
  fileName: 'note.pdf',
  data: Buffer.from('%PDF-1.4\n%%EOF\n'),
  contentType: 'application/pdf',
};

describe('webhook deliveries', () => {
  let server: TestServer;
  let receiver: Receiver;
  let cookies: Record<'admin' | 'clinic' | 'clinic2' | 'attorney' | 'lienholder', string>;
  let james: string;
  let daniel: string;
  let worker: ReturnType<typeof testWorker>;
  const endpoints: Record<string, { id: string; secret: string }> = {};

  beforeAll(async () => {
    server = await createTestServer();
    receiver = await startReceiver();
    worker = testWorker(server);
    cookies = {
      admin: await server.login('admin@demo.test'),
      clinic: await server.login('clinic@demo.test'),
      clinic2: await server.login('clinic2@demo.test'),
      attorney: await server.login('attorney@demo.test'),
      lienholder: await server.login('lienholder@demo.test'),
    };
    james = await getPatientId(server, 'James Whitfield');
    daniel = await getPatientId(server, 'Daniel Okafor');
    // Everything before the endpoints exist is no one's: start from a caught-up cursor.
    await worker.fanOut();
    for (const [name, cookie] of Object.entries(cookies))
      endpoints[name] = await registerEndpoint(server, cookie, {
        url: receiver.url(`/${name}`),
        description: `${name} receiver`,
        eventTypes: ALL_TYPES,
      });
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });

  /** Runs the fan-out and the sender; the deliveries received since `from`. */
  async function deliverFrom(from: number) {
    await worker.runOnce();
    return receiver.received.slice(from);
  }

  it('sends a signed delivery with ids only to every endpoint whose organisation sees the patient', async () => {
    const from = receiver.received.length;
    const { message } = await postMessage(server, cookies.clinic, james);
    const got = await deliverFrom(from);
    // Harbor, Morgan Hale and MedLien see James; Summit (clinic2) does not.
    expect(got.map((delivery) => delivery.path).toSorted()).toEqual([
      '/admin',
      '/attorney',
      '/clinic',
      '/lienholder',
    ]);
    for (const delivery of got) {
      const name = delivery.path.slice(1);
      expect(verifySignature(delivery, endpoints[name]!.secret)).toBe(true);
      expect(verifySignature(delivery, endpoints.clinic2!.secret)).toBe(false);
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['x-casebridge-event']).toBe('message.created');
      expect(delivery.headers['x-casebridge-delivery']).toBe(delivery.payload.id);
      expect(delivery.payload).toEqual({
        id: expect.any(String),
        type: 'message.created',
        occurredAt: expect.any(String),
        data: { patientId: james, messageId: message.id },
      });
    }
    const [stored] = await storedDeliveries(server, endpoints.clinic!.id);
    expect(stored).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(stored?.lastResponseBody).toBe('answer 200 for /clinic');
  });

  it("never queues a delivery about a patient outside the endpoint's organisation's scope", async () => {
    const from = receiver.received.length;
    await postMessage(server, cookies.clinic2, daniel);
    const got = await deliverFrom(from);
    expect(got.map((delivery) => delivery.path).toSorted()).toEqual(['/admin', '/clinic2']);
    const harbor = await server.context.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.patientId, daniel));
    expect(harbor.map((row) => row.endpointId).toSorted()).toEqual(
      [endpoints.admin!.id, endpoints.clinic2!.id].toSorted(),
    );
  });

  it('gives an Intake document to the clinic and admin only, another category to the firm too', async () => {
    let from = receiver.received.length;
    const intake = await upload(server, {
      patientId: james,
      cookie: cookies.clinic,
      category: 'Intake',
      file: pdf,
    });
    expect(intake.statusCode).toBe(201);
    let got = await deliverFrom(from);
    expect(got.map((delivery) => delivery.path).toSorted()).toEqual(['/admin', '/clinic']);
    expect(got[0]?.payload.data).toEqual({
      patientId: james,
      documentId: intake.json<{ id: string }>().id,
    });

    from = receiver.received.length;
    const mri = await upload(server, {
      patientId: james,
      cookie: cookies.clinic,
      category: 'MRI',
      file: pdf,
    });
    expect(mri.statusCode).toBe(201);
    got = await deliverFrom(from);
    expect(got.map((delivery) => delivery.path).toSorted()).toEqual([
      '/admin',
      '/attorney',
      '/clinic',
      '/lienholder',
    ]);
  });

  it('tells a status change apart from other edits of the patient, once its undo window closed', async () => {
    const from = receiver.received.length;
    const changed = await changeStatusAsUser(server, {
      cookie: cookies.clinic,
      patientId: james,
      status: 'Referred for MD',
    });
    expect(changed.statusCode).toBe(200);
    // Held, like its notifications, while it can still be undone.
    expect(await deliverFrom(from)).toEqual([]);
    await releaseHeldStatusChanges(server);
    const got = await deliverFrom(from);
    expect(got.map((delivery) => delivery.path).toSorted()).toEqual([
      '/admin',
      '/attorney',
      '/clinic',
      '/lienholder',
    ]);
    expect(got[0]?.payload).toMatchObject({
      type: 'patient.status-changed',
      data: { patientId: james },
    });
    expect(Object.keys(got[0]!.payload.data)).toEqual(['patientId']);

    const before = receiver.received.length;
    const detail = await server.request({ url: `/api/patients/${james}`, cookie: cookies.clinic });
    const patient = detail.json<Record<string, unknown>>();
    const edited = await saveDemographicsAsUser(server, {
      cookie: cookies.clinic,
      patientId: james,
      body: {
        fullName: patient.fullName,
        dob: patient.dob,
        intakeDate: patient.intakeDate,
        pointOfContactName: 'Someone Else',
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(await deliverFrom(before)).toEqual([]);
  });

  it('never tells of a status change that was undone', async () => {
    const from = receiver.received.length;
    const changed = await changeStatusAsUser(server, {
      cookie: cookies.clinic,
      patientId: james,
      status: 'Evaluated',
    });
    expect(changed.statusCode).toBe(200);
    const { undo } = changed.json<{ undo: { changeId: string } }>();
    const undone = await server.request({
      method: 'POST',
      url: `/api/patients/${james}/status/undo`,
      cookie: cookies.clinic,
      body: { changeId: undo.changeId },
    });
    expect(undone.statusCode).toBe(200);
    await releaseHeldStatusChanges(server);
    expect(await deliverFrom(from)).toEqual([]);
  });

  it('retries after a 500 from the receiver, keeping its answer, then delivers', async () => {
    const slow = testWorker(server, { retryDelaysMs: [60_000] });
    receiver.answer('/clinic', 500);
    const from = receiver.received.length;
    await postMessage(server, cookies.clinic, james);
    await slow.runOnce();
    const waiting = await server.context.db
      .select()
      .from(webhookDeliveries)
      .where(
        sql`${webhookDeliveries.endpointId} = ${endpoints.clinic!.id} and ${webhookDeliveries.status} <> 'delivered'`,
      );
    expect(waiting).toHaveLength(1);
    const [first] = waiting;
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(first?.lastResponseBody).toBe('answer 500 for /clinic');
    // The backoff's first step: a minute from the attempt, so nothing is due yet.
    expect(first!.nextAttemptAt.getTime() - first!.lastAttemptAt!.getTime()).toBeGreaterThan(
      59_000,
    );
    await slow.drain();
    expect(receiver.received.slice(from).filter((item) => item.path === '/clinic')).toHaveLength(1);
    // Due now: retried with the same id, signed again, and delivered.
    await makeDeliveryDue(server, first!.id);
    await slow.drain();
    const tries = receiver.received.slice(from).filter((delivery) => delivery.path === '/clinic');
    expect(tries).toHaveLength(2);
    expect(tries[1]?.payload.id).toBe(tries[0]?.payload.id);
    expect(verifySignature(tries[1]!, endpoints.clinic!.secret)).toBe(true);
    const [settled] = await server.context.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, first!.id));
    expect(settled).toMatchObject({
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
    });
  });

  it('gives up after the last attempt and keeps why', async () => {
    const giveUp = testWorker(server, { maxAttempts: 2 });
    receiver.answer('/lienholder', 503, 503);
    await postMessage(server, cookies.clinic, james);
    await giveUp.runOnce();
    await giveUp.drain();
    const rows = await server.context.db
      .select()
      .from(webhookDeliveries)
      .where(
        sql`${webhookDeliveries.endpointId} = ${endpoints.lienholder!.id} and ${webhookDeliveries.status} = 'failed'`,
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 2, lastStatusCode: 503 });
    expect(rows[0]?.lastError).toBe('Gave up after 2 attempts: HTTP 503');
  });

  it('replays a delivery as a copy with its own id, listed newest first', async () => {
    const page = await server.request({
      url: `/api/webhooks/${endpoints.clinic!.id}/deliveries?limit=2`,
      cookie: cookies.clinic,
    });
    expect(page.statusCode).toBe(200);
    const { items, nextCursor } = page.json<{
      items: Array<{ id: string; createdAt: string }>;
      nextCursor: string;
    }>();
    expect(items).toHaveLength(2);
    expect(nextCursor).toBe(items[1]!.id);
    expect(items[0]!.createdAt >= items[1]!.createdAt).toBe(true);
    const next = await server.request({
      url: `/api/webhooks/${endpoints.clinic!.id}/deliveries?limit=2&cursor=${nextCursor}`,
      cookie: cookies.clinic,
    });
    expect(
      next.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id),
    ).not.toContain(items[0]!.id);

    const original = items[1]!.id;
    const replay = await server.request({
      method: 'POST',
      url: `/api/webhooks/${endpoints.clinic!.id}/deliveries/${original}/replay`,
      cookie: cookies.clinic,
    });
    expect(replay.statusCode).toBe(201);
    const copy = replay.json<{ id: string; replayOf: string; status: string }>();
    expect(copy).toMatchObject({ replayOf: original, status: 'pending' });
    const from = receiver.received.length;
    await worker.drain();
    const got = receiver.received.slice(from);
    expect(got).toHaveLength(1);
    expect(got[0]?.headers['x-casebridge-delivery']).toBe(copy.id);
    expect(got[0]?.payload.id).toBe(copy.id);
  });

  it('queues nothing new for a paused or a deleted endpoint', async () => {
    const pause = await server.request({
      method: 'PATCH',
      url: `/api/webhooks/${endpoints.attorney!.id}`,
      cookie: cookies.attorney,
      body: { active: false },
    });
    expect(pause.json()).toMatchObject({ active: false });
    const removed = await server.request({
      method: 'DELETE',
      url: `/api/webhooks/${endpoints.lienholder!.id}`,
      cookie: cookies.lienholder,
    });
    expect(removed.statusCode).toBe(204);
    const before = {
      attorney: (await storedDeliveries(server, endpoints.attorney!.id)).length,
      lienholder: (await storedDeliveries(server, endpoints.lienholder!.id)).length,
    };
    const from = receiver.received.length;
    await postMessage(server, cookies.clinic, james);
    const got = await deliverFrom(from);
    expect(got.map((delivery) => delivery.path).toSorted()).toEqual(['/admin', '/clinic']);
    expect((await storedDeliveries(server, endpoints.attorney!.id)).length).toBe(before.attorney);
    expect((await storedDeliveries(server, endpoints.lienholder!.id)).length).toBe(
      before.lienholder,
    );
    const list = await server.request({ url: '/api/webhooks', cookie: cookies.lienholder });
    expect(list.json()).toEqual({ items: [] });
    const resumed = await server.request({
      method: 'PATCH',
      url: `/api/webhooks/${endpoints.attorney!.id}`,
      cookie: cookies.attorney,
      body: { active: true },
    });
    expect(resumed.json()).toMatchObject({ active: true });
  });

  it('signs with the new secret once rotated', async () => {
    const rotated = await server.request({
      method: 'POST',
      url: `/api/webhooks/${endpoints.clinic!.id}/rotate-secret`,
      cookie: cookies.clinic,
    });
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoints.clinic!.secret);
    const from = receiver.received.length;
    await postMessage(server, cookies.clinic, james);
    const [delivery] = (await deliverFrom(from)).filter((item) => item.path === '/clinic');
    expect(verifySignature(delivery!, secret)).toBe(true);
    expect(verifySignature(delivery!, endpoints.clinic!.secret)).toBe(false);
  });

  it('refuses plain http to a host that is not loopback, and bad input naming the field', async () => {
    const cases = [
      [
        { url: 'http://example.com/hook', eventTypes: ['billing.added'] },
        'url: must be an https:// address',
      ],
      [{ url: 'ftp://example.com/hook', eventTypes: ['billing.added'] }, 'https://'],
      [
        { url: 'https://user:pw@example.com/hook', eventTypes: ['billing.added'] },
        'url: must not contain a user name or password',
      ],
      [{ url: 'https://example.com/hook', eventTypes: [] }, 'choose at least one event type'],
      [
        { url: 'https://example.com/hook', eventTypes: ['patient.deleted'] },
        'must be one of the webhook event types',
      ],
    ] as const;
    for (const [body, message] of cases) {
      const response = await server.request({
        method: 'POST',
        url: '/api/webhooks',
        cookie: cookies.clinic,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toContain(message);
    }
    const stored = await server.request({
      method: 'POST',
      url: '/api/webhooks',
      cookie: cookies.clinic,
      body: {
        url: 'https://example.com/hook',
        eventTypes: ['billing.added'],
        organizationId: null,
      },
    });
    expect(stored.statusCode).toBe(400);
    expect(stored.json<{ error: { message: string } }>().error.message).toContain('organizationId');
  });

  it('keeps the secret sealed and audits every change', async () => {
    const rows = await server.context.db.execute(
      sql`select secret_ciphertext from webhook_endpoints where id = ${endpoints.admin!.id}`,
    );
    const [row] = (rows as unknown as { rows: Array<{ secret_ciphertext: string }> }).rows;
    expect(row?.secret_ciphertext).not.toContain('whsec_');
    expect(Buffer.from(row!.secret_ciphertext, 'base64').toString('latin1')).not.toContain(
      'whsec_',
    );
    const audit = await server.context.db.execute(
      sql`select action, details from audit_logs where action like 'webhook_%' order by id`,
    );
    const actions = (audit as unknown as { rows: Array<{ action: string; details: string }> }).rows;
    expect(new Set(actions.map((entry) => entry.action))).toEqual(
      new Set([
        'webhook_created',
        'webhook_updated',
        'webhook_deleted',
        'webhook_secret_rotated',
        'webhook_delivery_replayed',
      ]),
    );
    expect(actions.some((entry) => entry.details.includes('whsec_'))).toBe(false);
  });

  it('leaves the events the fan-out has not read to the retention job', async () => {
    const [cursor] = await server.context.db.select().from(webhookCursor);
    await server.context.db.transaction(async (tx) => {
      await publishEvent(tx, {
        topic: 'billing.created',
        patientId: james,
        payload: { entryId: james },
      });
    });
    await server.context.db.transaction(async (tx) => {
      await publishEvent(tx, { topic: 'settings.changed' });
    });
    // Every event is old enough to prune; only those the cursor has passed may go.
    await server.context.db.update(events).set({ createdAt: sql`now() - interval '30 days'` });
    await pruneEvents(server.context.db);
    const left = await server.context.db.select({ id: events.id }).from(events);
    expect(left.length).toBeGreaterThanOrEqual(2);
    expect(left.every((event) => event.id > cursor!.lastEventId)).toBe(true);
    await worker.fanOut();
    await pruneEvents(server.context.db);
    expect(await server.context.db.select({ id: events.id }).from(events)).toHaveLength(1);
  });
});

describe('webhook sends in production', () => {
  let server: TestServer;
  let receiver: Receiver;
  beforeAll(async () => {
    server = await createTestServer();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });

  it('refuses a name that answers a public address to the check and an internal one to the connection', async () => {
    const cookie = await server.login('clinic@demo.test');
    const james = await getPatientId(server, 'James Whitfield');
    // The receiver under a name: `.localhost` is accepted outside production, where it is saved.
    const url = receiver.url('/rebind').replace('127.0.0.1', 'rebind.localhost');
    const worker = testWorker(server, {
      isProduction: true,
      retryDelaysMs: [60_000], // one attempt in this test
      // The check before the send is told a public address, the connection the receiver's.
      resolveHost: (() => {
        let calls = 0;
        return async () => [{ address: (calls += 1) === 1 ? '93.184.216.34' : '127.0.0.1' }];
      })(),
    });
    await worker.fanOut();
    const endpoint = await registerEndpoint(server, cookie, {
      url,
      eventTypes: ['message.created'],
    });
    await postMessage(server, cookie, james);
    await worker.runOnce();
    expect(receiver.at('/rebind')).toHaveLength(0);
    const [delivery] = await storedDeliveries(server, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(delivery?.lastError).toBe(NOT_PUBLIC_MESSAGE);
  });
});
