import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ask,
  asksUrl,
  caseUpdatesFingerprint,
  firmOf,
  OVERDUE_URL,
  postNote,
  settingUrl,
  updatesUrl,
} from './case-updates-test-support.ts';
import { accessGrants } from '#src/db/schema/index.ts';
import { getPatientId, getUserId } from '#src/modules/documents/document-test-support.ts';
import {
  createTokenAs,
  organizationOf,
  requestWithToken,
} from '#src/modules/api-tokens/api-token-test-support.ts';
import { signInMatrix } from '#src/modules/reductions/reduction-test-support.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  DEMO_ACTOR_EMAILS,
  DEMO_ACTOR_PATIENTS,
  listMatrixCases,
  type DemoActorKey,
  type MatrixExpectation,
  type MatrixPatient,
} from '#src/test/demo-actors.ts';

/**
 * The case-updates routes × every role × {a patient in its scope, one outside it, a missing one},
 * then tokens, temporary access, malformed input and the setting's owners and bounds. James
 * Whitfield: Harbor + Riverside, Morgan & Hale, MedLien. Daniel Okafor: Summit, Castillo,
 * Keystone. Reading needs case-facts:read (not a contact); posting case-updates:post (the firm's
 * attorneys, admins) and the patient's own firm; asking case-updates:request (clinics and
 * lienholders, not admins) and being one of the patient's own; outside the scope or missing
 * answers 404 like a missing patient; a refused write changes nothing.
 */
type Patient = MatrixPatient;
const POSTERS = new Set<DemoActorKey>(['admin', 'attorney', 'attorney2']);
const ASKERS = new Set<DemoActorKey>(['clinic', 'imaging', 'clinic2', 'lienholder', 'keystone']);
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

type RouteName = 'read' | 'post' | 'ask';
const EXPECTED: Record<RouteName, MatrixExpectation> = {
  read: {
    inScope: (actor) => (actor === 'contact' ? 403 : 200),
    outside: (actor) => (actor === 'contact' ? 403 : 404),
  },
  post: {
    inScope: (actor) => (POSTERS.has(actor) ? 201 : 403),
    outside: (actor) => (POSTERS.has(actor) ? 404 : 403),
  },
  ask: {
    inScope: (actor) => (ASKERS.has(actor) ? 201 : 403),
    outside: (actor) => (ASKERS.has(actor) ? 404 : 403),
  },
};

describe('case-updates routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<DemoActorKey, string>;
  const ids = {} as Record<Patient | 'Thomas Becker' | 'Kevin Nguyen', string>;

  beforeAll(async () => {
    server = await createTestServer();
    for (const name of [
      'James Whitfield',
      'Daniel Okafor',
      'Thomas Becker',
      'Kevin Nguyen',
    ] as const)
      ids[name] = await getPatientId(server, name);
    // Castillo's attorney covers Thomas Becker (Morgan & Hale's) through temporary access, and
    // Harbor's clinic user covers Kevin Nguyen (Summit's).
    const admin = await getUserId(server, DEMO_ACTOR_EMAILS.admin);
    for (const [patient, email] of [
      ['Thomas Becker', DEMO_ACTOR_EMAILS.attorney2],
      ['Kevin Nguyen', DEMO_ACTOR_EMAILS.clinic],
    ] as const)
      await server.context.db.insert(accessGrants).values({
        patientId: ids[patient],
        userId: await getUserId(server, email),
        reason: 'Covering a hearing',
        expiresAt: new Date(Date.now() + 3_600_000),
        grantedBy: admin,
        grantedByName: 'Avery Admin',
      });
    Object.assign(cookies, await signInMatrix(server, 'James Whitfield'));
  });
  afterAll(async () => server.close());

  const call = (route: RouteName, cookie: string | undefined, id: string) =>
    route === 'read'
      ? server.request({ url: updatesUrl(id), cookie })
      : route === 'post'
        ? postNote(server, cookie, id)
        : ask(server, cookie, id);

  for (const route of Object.keys(EXPECTED) as RouteName[]) {
    for (const { actor, on, patient, expected } of listMatrixCases(EXPECTED[route])) {
      it(`${route}: ${actor} on ${on} → ${expected}`, async () => {
        const before = await caseUpdatesFingerprint(server);
        const response = await call(route, cookies[actor], patient ? ids[patient] : MISSING_ID);
        expect(response.statusCode).toBe(expected);
        if (expected === 404) expect(response.json().error.code).toBe('NOT_FOUND');
        if (route !== 'read' && expected >= 400)
          expect(await caseUpdatesFingerprint(server)).toEqual(before);
      });
    }
  }

  it('a second ask of the same organisation while one is open: 409, nothing written', async () => {
    const james = ids['James Whitfield'];
    const before = await caseUpdatesFingerprint(server);
    const again = await ask(server, cookies.clinic, james);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'An update is already requested; the firm’s next update answers it.',
    );
    expect(await caseUpdatesFingerprint(server)).toEqual(before);
  });

  it('no session: 401 on every route', async () => {
    const james = ids['James Whitfield'];
    for (const route of ['read', 'post', 'ask'] as const)
      expect((await call(route, undefined, james)).statusCode).toBe(401);
    expect((await server.request({ url: OVERDUE_URL })).statusCode).toBe(401);
  });

  it('temporary access reads the updates but never posts or asks', async () => {
    const before = await caseUpdatesFingerprint(server);
    expect((await call('read', cookies.attorney2, ids['Thomas Becker'])).statusCode).toBe(200);
    expect((await call('post', cookies.attorney2, ids['Thomas Becker'])).statusCode).toBe(403);
    expect((await call('read', cookies.clinic, ids['Kevin Nguyen'])).statusCode).toBe(200);
    const refused = await call('ask', cookies.clinic, ids['Kevin Nguyen']);
    expect(refused.statusCode).toBe(403);
    expect(await caseUpdatesFingerprint(server)).toEqual(before);
  });

  it("the stage and the overdue flag reach the case's parties, never the patient's contact", async () => {
    const james = ids['James Whitfield'];
    const read = async (actor: DemoActorKey) =>
      (await server.request({ url: `/api/patients/${james}`, cookie: cookies[actor] })).json();
    expect(await read('lienholder')).toMatchObject({
      caseStage: 'treating',
      isUpdateOverdue: false,
    });
    const contact = await read('contact');
    expect(contact.fullName).toBe('James Whitfield');
    expect(contact).not.toHaveProperty('caseStage');
    expect(contact).not.toHaveProperty('isUpdateOverdue');
    const list = await server.request({ url: '/api/patients', cookie: cookies.contact });
    expect(list.json().items[0]).not.toHaveProperty('caseStage');
  });

  it('malformed notes: 400, nothing written', async () => {
    const james = ids['James Whitfield'];
    const before = await caseUpdatesFingerprint(server);
    for (const body of [
      {},
      { note: '' },
      { note: '   ' },
      { note: 'x'.repeat(1_001) },
      { note: 7 },
    ]) {
      const response = await server.request({
        method: 'POST',
        url: updatesUrl(james),
        cookie: cookies.attorney,
        body,
      });
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
    }
    expect(await caseUpdatesFingerprint(server)).toEqual(before);
    expect((await postNote(server, cookies.attorney, james, 'x'.repeat(1_000))).statusCode).toBe(
      201,
    );
  });

  it('the overdue count: every party and admins, not a contact', async () => {
    for (const actor of Object.keys(DEMO_ACTOR_PATIENTS) as DemoActorKey[]) {
      const response = await server.request({ url: OVERDUE_URL, cookie: cookies[actor] });
      expect({ actor, status: response.statusCode }).toEqual({
        actor,
        status: actor === 'contact' ? 403 : 200,
      });
    }
  });

  it("the setting: the firm's own attorneys and admins; another firm 404; others 403", async () => {
    const morgan = await firmOf(server, DEMO_ACTOR_EMAILS.attorney);
    const harbor = await firmOf(server, DEMO_ACTOR_EMAILS.clinic);
    const read = (cookie: string | undefined, id: string) =>
      server.request({ url: settingUrl(id), cookie });
    expect((await read(cookies.attorney, morgan.id)).statusCode).toBe(200);
    expect((await read(cookies.admin, morgan.id)).statusCode).toBe(200);
    expect((await read(cookies.attorney2, morgan.id)).json().error.code).toBe('NOT_FOUND');
    expect((await read(cookies.admin, harbor.id)).statusCode).toBe(404);
    expect((await read(cookies.admin, MISSING_ID)).statusCode).toBe(404);
    expect((await read(cookies.admin, 'not-an-id')).statusCode).toBe(400);
    for (const actor of ['clinic', 'lienholder', 'contact'] as const)
      expect((await read(cookies[actor], morgan.id)).statusCode).toBe(403);
    expect((await read(undefined, morgan.id)).statusCode).toBe(401);
  });

  it('the setting: bounds 0–365 whole days, a version, and another firm refused', async () => {
    const morgan = await firmOf(server, DEMO_ACTOR_EMAILS.attorney);
    const save = (cookie: string, body: Record<string, unknown>, headers = {}) =>
      server.request({ method: 'PUT', url: settingUrl(morgan.id), cookie, body, headers });
    for (const intervalDays of [-1, 366, 1.5, '30', null])
      expect(
        (await save(cookies.attorney, { intervalDays, version: morgan.version })).statusCode,
      ).toBe(400);
    expect((await save(cookies.attorney, { intervalDays: 30 })).statusCode).toBe(428);
    expect(
      (await save(cookies.attorney2, { intervalDays: 30, version: morgan.version })).statusCode,
    ).toBe(404);
    expect(
      (await save(cookies.clinic, { intervalDays: 30, version: morgan.version })).statusCode,
    ).toBe(403);
    const saved = await save(cookies.attorney, { intervalDays: 0, version: morgan.version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ intervalDays: 0, version: morgan.version + 1 });
    const stale = await save(cookies.admin, { intervalDays: 365, version: morgan.version });
    expect(stale.statusCode).toBe(409);
    const byAdmin = await save(cookies.admin, { intervalDays: 365, version: morgan.version + 1 });
    expect(byAdmin.json()).toMatchObject({ intervalDays: 365 });
  });

  it('an API token needs case-facts:read to read, case-updates:post to post, :request to ask', async () => {
    const james = ids['James Whitfield'];
    const token = async (
      email: string,
      capabilities: Parameters<typeof createTokenAs>[2]['capabilities'],
    ) =>
      (
        await createTokenAs(server, cookies.admin, {
          name: `${email} ${capabilities.join(' ')}`,
          organizationId: await organizationOf(server, email),
          capabilities,
        })
      ).secret;
    const firmReader = await token(DEMO_ACTOR_EMAILS.attorney, ['patients:read']);
    const firmNoPost = await token(DEMO_ACTOR_EMAILS.attorney, ['case-facts:read']);
    const firmPoster = await token(DEMO_ACTOR_EMAILS.attorney, ['case-updates:post']);
    const lienNoAsk = await token(DEMO_ACTOR_EMAILS.lienholder, ['case-facts:read']);
    const lienAsker = await token(DEMO_ACTOR_EMAILS.lienholder, ['case-updates:request']);
    const as = (secret: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
      requestWithToken(server, secret, { method, url, body });
    expect((await as(firmReader, 'GET', updatesUrl(james))).statusCode).toBe(403);
    expect((await as(firmNoPost, 'GET', updatesUrl(james))).statusCode).toBe(200);
    const before = await caseUpdatesFingerprint(server);
    expect(
      (await as(firmNoPost, 'POST', updatesUrl(james), { note: 'By machine' })).statusCode,
    ).toBe(403);
    expect((await as(lienNoAsk, 'POST', asksUrl(james))).statusCode).toBe(403);
    expect(await caseUpdatesFingerprint(server)).toEqual(before);
    expect(
      (await as(firmPoster, 'POST', updatesUrl(james), { note: 'By machine' })).statusCode,
    ).toBe(201);
    // The note answered MedLien's ask from the matrix: its token may ask again.
    expect((await as(lienAsker, 'POST', asksUrl(james))).statusCode).toBe(201);
  });
});
