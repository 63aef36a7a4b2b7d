import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users, webhookDeliveries } from '#src/db/schema/index.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { DEMO_ACTOR_EMAILS, type DemoActorKey } from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * Every webhook route × every role: an endpoint of the actor's own organisation (or, for the
 * admin, any), one of another organisation, and a missing one. Another organisation's endpoint
 * answers the same 404 as a missing one; a contact (no `webhooks:manage`) gets 403 everywhere.
 */
type Patient = 'James Whitfield' | 'Daniel Okafor';
/** A patient the actor's organisation sees, and whose organisation's endpoint is foreign to it. */
const ACTORS: Record<DemoActorKey, { sees: Patient; foreign: 'harbor' | 'summit' | null }> = {
  admin: { sees: 'James Whitfield', foreign: null },
  clinic: { sees: 'James Whitfield', foreign: 'summit' },
  imaging: { sees: 'James Whitfield', foreign: 'harbor' },
  clinic2: { sees: 'Daniel Okafor', foreign: 'harbor' },
  attorney: { sees: 'James Whitfield', foreign: 'summit' },
  attorney2: { sees: 'Daniel Okafor', foreign: 'harbor' },
  lienholder: { sees: 'James Whitfield', foreign: 'summit' },
  keystone: { sees: 'Daniel Okafor', foreign: 'harbor' },
  contact: { sees: 'James Whitfield', foreign: 'harbor' },
};
const KEYS = Object.keys(ACTORS) as DemoActorKey[];
const MISSING = '00000000-0000-4000-8000-000000000000';
const body = (path: string) => ({
  url: `https://receiver.example/${path}`,
  eventTypes: ['message.created'],
});

describe('webhook routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<DemoActorKey, string>;
  const patients = {} as Record<Patient, string>;
  /** Endpoints the admin registered for Harbor's and Summit's scope, each with a delivery. */
  const orgEndpoints = {} as Record<'harbor' | 'summit', { id: string; deliveryId: string }>;

  async function organizationOf(email: string): Promise<string> {
    const [row] = await server.context.db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, email));
    return row!.organizationId!;
  }

  /** A delivered row about the patient, as the fan-out writes it. */
  async function addDelivery(endpointId: string, patient: Patient): Promise<string> {
    const id = randomUUID();
    await server.context.db.insert(webhookDeliveries).values({
      id,
      endpointId,
      eventId: null,
      eventType: 'patient.status-changed',
      patientId: patients[patient],
      payload: {
        id,
        type: 'patient.status-changed',
        occurredAt: new Date().toISOString(),
        data: { patientId: patients[patient] },
      },
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
    });
    return id;
  }

  beforeAll(async () => {
    server = await createTestServer();
    for (const [key, email] of Object.entries(DEMO_ACTOR_EMAILS))
      cookies[key as DemoActorKey] = await server.login(email);
    cookies.contact = await server.login(
      await createContactOf(server, 'James Whitfield', 'webhook-contact@example.test'),
    );
    patients['James Whitfield'] = await getPatientId(server, 'James Whitfield');
    patients['Daniel Okafor'] = await getPatientId(server, 'Daniel Okafor');
    for (const [name, email, patient] of [
      ['harbor', 'clinic@demo.test', 'James Whitfield'],
      ['summit', 'clinic2@demo.test', 'Daniel Okafor'],
    ] as const) {
      const created = await server.request({
        method: 'POST',
        url: '/api/webhooks',
        cookie: cookies.admin,
        body: { ...body(name), organizationId: await organizationOf(email) },
      });
      if (created.statusCode !== 201)
        throw new Error(`setup: ${created.statusCode} ${created.body}`);
      const { id } = created.json<{ id: string }>();
      orgEndpoints[name] = { id, deliveryId: await addDelivery(id, patient) };
    }
  });
  afterAll(async () => server.close());

  /** Every route on one endpoint (and one of its deliveries): the status of each answer. */
  async function statusesOn(actor: DemoActorKey, endpointId: string, deliveryId: string) {
    const cookie = cookies[actor];
    const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, json?: object) =>
      (await server.request({ method, url, cookie, body: json })).statusCode;
    return {
      deliveries: await call('GET', `/api/webhooks/${endpointId}/deliveries`),
      replay: await call('POST', `/api/webhooks/${endpointId}/deliveries/${deliveryId}/replay`),
      update: await call('PATCH', `/api/webhooks/${endpointId}`, { description: 'changed' }),
      rotate: await call('POST', `/api/webhooks/${endpointId}/rotate-secret`),
      remove: await call('DELETE', `/api/webhooks/${endpointId}`),
    };
  }
  const allowed = { deliveries: 200, replay: 201, update: 200, rotate: 200, remove: 204 };
  const hidden = { deliveries: 404, replay: 404, update: 404, rotate: 404, remove: 404 };
  const refused = { deliveries: 403, replay: 403, update: 403, rotate: 403, remove: 403 };

  it.each(KEYS)('%s: manages its own endpoints only', async (actor) => {
    const cookie = cookies[actor];
    const created = await server.request({
      method: 'POST',
      url: '/api/webhooks',
      cookie,
      body: body(`own-${actor}`),
    });
    const list = await server.request({ url: '/api/webhooks', cookie });
    if (actor === 'contact') {
      expect([created.statusCode, list.statusCode]).toEqual([403, 403]);
      expect(
        await statusesOn(actor, orgEndpoints.harbor.id, orgEndpoints.harbor.deliveryId),
      ).toEqual(refused);
      return;
    }
    expect(created.statusCode).toBe(201);
    const own = created.json<{ id: string; organizationId: string | null; secret: string }>();
    expect(own.secret).toMatch(/^whsec_/);
    expect(own.organizationId).toBe(
      actor === 'admin' ? null : await organizationOf(DEMO_ACTOR_EMAILS[actor]),
    );
    const listed = list.json<{ items: Array<{ id: string; organizationId: string | null }> }>();
    expect(listed.items.map((item) => item.id)).toContain(own.id);
    if (actor !== 'admin')
      expect(listed.items.every((item) => item.organizationId === own.organizationId)).toBe(true);
    // The list never carries a secret.
    expect(list.body).not.toContain('whsec_');

    const foreign = ACTORS[actor].foreign;
    if (foreign) {
      const other = orgEndpoints[foreign];
      expect(listed.items.map((item) => item.id)).not.toContain(other.id);
      expect(await statusesOn(actor, other.id, other.deliveryId)).toEqual(hidden);
    }
    expect(await statusesOn(actor, MISSING, MISSING)).toEqual(hidden);
    const ownDelivery = await addDelivery(own.id, ACTORS[actor].sees);
    expect(await statusesOn(actor, own.id, ownDelivery)).toEqual(allowed);
  });

  it('lets an admin manage every endpoint and choose its organisation', async () => {
    const harborId = await organizationOf('clinic@demo.test');
    const list = await server.request({ url: '/api/webhooks', cookie: cookies.admin });
    const ids = list.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([orgEndpoints.summit.id]));
    const created = await server.request({
      method: 'POST',
      url: '/api/webhooks',
      cookie: cookies.admin,
      body: { ...body('for-harbor'), organizationId: harborId },
    });
    expect(created.json()).toMatchObject({
      organizationId: harborId,
      organizationName: 'Harbor Physical Therapy',
    });
    const unknown = await server.request({
      method: 'POST',
      url: '/api/webhooks',
      cookie: cookies.admin,
      body: { ...body('nowhere'), organizationId: MISSING },
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      await statusesOn('admin', orgEndpoints.summit.id, orgEndpoints.summit.deliveryId),
    ).toEqual(allowed);
  });

  it('refuses to replay a delivery about a patient the organisation no longer sees', async () => {
    // A delivery about Daniel on Harbor's endpoint (Harbor does not see him): 409, nothing queued.
    const strayId = await addDelivery(orgEndpoints.harbor.id, 'Daniel Okafor');
    const replay = await server.request({
      method: 'POST',
      url: `/api/webhooks/${orgEndpoints.harbor.id}/deliveries/${strayId}/replay`,
      cookie: cookies.clinic,
    });
    expect(replay.statusCode).toBe(409);
    const copies = await server.context.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.replayOf, strayId));
    expect(copies).toEqual([]);
  });
});
