import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContactOf } from '#src/test/contact-user.ts';
import type { DemoActorKey } from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  answer,
  createRequestAs,
  loadRequestWorld,
  MISSING_ID,
  postRequest,
  type RequestPatient,
  type RequestWorld,
} from './case-request-test-support.ts';

/**
 * Every case-request route × every role × {in scope, out of scope, missing}. Each patient has one
 * request from its firm to its first clinic (James Whitfield: Morgan Hale → Harbor; Daniel Okafor:
 * Castillo → Summit). A party sees its request; anyone else in the capability gets the same 404
 * as a missing request; a role without the capability gets 403 first.
 */
type Party = 'party' | 'outsider' | 'no-capability';
const ACTORS: Record<
  DemoActorKey,
  {
    inScope: RequestPatient;
    /** What the actor is to James's request (from his firm to Harbor). */
    james: Party;
    create: 'allowed' | 'no-capability';
    respond: 'allowed' | 'outsider' | 'no-capability';
  }
> = {
  admin: { inScope: 'James Whitfield', james: 'party', create: 'allowed', respond: 'allowed' },
  clinic: {
    inScope: 'James Whitfield',
    james: 'party',
    create: 'no-capability',
    respond: 'allowed',
  },
  imaging: {
    inScope: 'James Whitfield',
    james: 'outsider',
    create: 'no-capability',
    respond: 'outsider',
  },
  clinic2: {
    inScope: 'Daniel Okafor',
    james: 'outsider',
    create: 'no-capability',
    respond: 'outsider',
  },
  attorney: {
    inScope: 'James Whitfield',
    james: 'party',
    create: 'allowed',
    respond: 'no-capability',
  },
  attorney2: {
    inScope: 'Daniel Okafor',
    james: 'outsider',
    create: 'allowed',
    respond: 'no-capability',
  },
  lienholder: {
    inScope: 'James Whitfield',
    james: 'outsider',
    create: 'allowed',
    respond: 'no-capability',
  },
  keystone: {
    inScope: 'Daniel Okafor',
    james: 'outsider',
    create: 'allowed',
    respond: 'no-capability',
  },
  contact: {
    inScope: 'James Whitfield',
    james: 'no-capability',
    create: 'no-capability',
    respond: 'no-capability',
  },
};
const KEYS = Object.keys(ACTORS) as DemoActorKey[];
const other = (patient: RequestPatient): RequestPatient =>
  patient === 'James Whitfield' ? 'Daniel Okafor' : 'James Whitfield';

describe('case request routes authorization matrix', () => {
  let server: TestServer;
  let world: RequestWorld;
  beforeAll(async () => {
    server = await createTestServer();
    world = await loadRequestWorld(server, [
      'admin',
      'clinic',
      'imaging',
      'clinic2',
      'attorney',
      'attorney2',
      'lienholder',
      'keystone',
    ]);
    world.cookies.contact = await server.login(
      await createContactOf(server, 'James Whitfield', 'contact@example.test'),
    );
  });
  afterAll(async () => server.close());

  const jamesRequest = () =>
    createRequestAs(server, world, world.cookies.attorney, 'James Whitfield', { kind: 'imaging' });

  it.each(KEYS)('%s: reads a request only as its party', async (actor) => {
    const request = await jamesRequest();
    const read = (id: string) =>
      server.request({ url: `/api/requests/${id}`, cookie: world.cookies[actor] });
    const [own, missing, malformed] = [
      await read(request.id),
      await read(MISSING_ID),
      await read('nope'),
    ];
    const expected = ACTORS[actor].james;
    if (expected === 'no-capability') {
      expect([own.statusCode, missing.statusCode]).toEqual([403, 403]);
      return;
    }
    expect(missing.statusCode).toBe(404);
    expect(malformed.body).toBe(missing.body);
    if (expected === 'party') expect(own.statusCode).toBe(200);
    else expect(own.body).toBe(missing.body);
  });

  it.each(KEYS)("%s: lists a patient's requests in scope; out of scope is 404", async (actor) => {
    const { inScope } = ACTORS[actor];
    const list = (patient: string) =>
      server.request({ url: `/api/patients/${patient}/requests`, cookie: world.cookies[actor] });
    const visible = await list(world.patientIds[inScope]);
    const outside = await list(world.patientIds[other(inScope)]);
    const missing = await list(MISSING_ID);
    const queue = await server.request({ url: '/api/requests', cookie: world.cookies[actor] });
    if (actor === 'contact') {
      expect([visible.statusCode, queue.statusCode]).toEqual([403, 403]);
      return;
    }
    expect([visible.statusCode, queue.statusCode]).toEqual([200, 200]);
    expect(missing.statusCode).toBe(404);
    if (actor === 'admin') expect(outside.statusCode).toBe(200);
    else expect(outside.body).toBe(missing.body);
  });

  it.each(KEYS)('%s: creates a request only with the capability, in scope', async (actor) => {
    const { inScope, create } = ACTORS[actor];
    const body = (patient: RequestPatient) => ({
      clinicId: world.clinicIds[patient],
      kind: 'itemized_bill',
    });
    const post = (patient: RequestPatient) =>
      postRequest(server, world.cookies[actor], world.patientIds[patient], body(patient));
    if (create === 'no-capability') {
      expect((await post(inScope)).statusCode).toBe(403);
      return;
    }
    expect((await post(inScope)).statusCode).toBe(201);
    const outside = await post(other(inScope));
    const missing = await postRequest(server, world.cookies[actor], MISSING_ID, body(inScope));
    if (actor === 'admin') expect(outside.statusCode).toBe(201);
    else {
      expect(missing.statusCode).toBe(404);
      expect(outside.body).toBe(missing.body);
    }
  });

  /** Each answer's body, and what the asked clinic gets on a fresh request (fulfil: not acknowledged yet). */
  const ANSWERS = {
    acknowledge: { body: {}, allowed: 200 },
    decline: { body: { reason: 'Not ours' }, allowed: 200 },
    fulfil: { body: { documentIds: [MISSING_ID] }, allowed: 409 },
  } as const;
  for (const action of ['acknowledge', 'decline', 'fulfil'] as const)
    it.each(KEYS)(`%s: ${action} only as the asked clinic or an admin`, async (actor) => {
      const request = await jamesRequest();
      const { body, allowed } = ANSWERS[action];
      const own = await answer(server, world.cookies[actor], request.id, action, 1, body);
      const missing = await answer(server, world.cookies[actor], MISSING_ID, action, 1, body);
      const expected = ACTORS[actor].respond;
      if (expected === 'no-capability') {
        expect([own.statusCode, missing.statusCode]).toEqual([403, 403]);
        return;
      }
      expect(missing.statusCode).toBe(404);
      if (expected === 'allowed') expect(own.statusCode).toBe(allowed);
      else expect(own.body).toBe(missing.body);
    });

  it('signed out: every route answers 401', async () => {
    const request = await jamesRequest();
    const james = world.patientIds['James Whitfield'];
    const responses = await Promise.all([
      server.request({ url: '/api/requests' }),
      server.request({ url: `/api/requests/${request.id}` }),
      server.request({ url: `/api/patients/${james}/requests` }),
      postRequest(server, undefined, james, { kind: 'imaging' }),
      answer(server, undefined, request.id, 'acknowledge', 1),
      answer(server, undefined, request.id, 'fulfil', 1, { documentIds: [MISSING_ID] }),
      answer(server, undefined, request.id, 'decline', 1, { reason: 'x' }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(7).fill(401));
  });
});
