import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessGrants } from '#src/db/schema/index.ts';
import {
  createTokenAs,
  organizationOf,
  requestWithToken,
} from '#src/modules/api-tokens/api-token-test-support.ts';
import { getPatientId, getUserId } from '#src/modules/documents/document-test-support.ts';
import { signInMatrix } from '#src/modules/reductions/reduction-test-support.ts';
import {
  DEMO_ACTOR_EMAILS,
  DEMO_ACTOR_PATIENTS,
  type DemoActorKey,
  type MatrixPatient,
} from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  caseFactsBody,
  caseFactsFingerprint,
  caseUrl,
  currentVersionField,
} from './case-facts-test-support.ts';

/**
 * The case-facts routes × every role × {a patient in its scope, one outside it, a missing one},
 * then API tokens and temporary access. James Whitfield: Harbor + Riverside, Morgan & Hale,
 * MedLien. Daniel Okafor: Summit, Castillo, Keystone. Reading needs case-facts:read (not a
 * contact) and the patient in scope; saving needs case-facts:edit (the firm's attorneys and
 * admins) and, for an attorney, the patient's own firm; outside the scope or missing answers 404
 * like a missing patient; a refused save changes nothing.
 */
type Patient = MatrixPatient;
const ACTORS = DEMO_ACTOR_PATIENTS;
const EDITORS = new Set<DemoActorKey>(['admin', 'attorney', 'attorney2']);
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const ROUTES = [
  {
    name: 'read',
    isWrite: false,
    inScope: (actor: DemoActorKey) => (actor === 'contact' ? 403 : 200),
    outside: (actor: DemoActorKey) => (actor === 'contact' ? 403 : 404),
  },
  {
    name: 'save',
    isWrite: true,
    inScope: (actor: DemoActorKey) => (EDITORS.has(actor) ? 200 : 403),
    outside: (actor: DemoActorKey) => (EDITORS.has(actor) ? 404 : 403),
  },
] as const;

describe('case-facts routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<DemoActorKey, string>;
  const ids = {} as Record<Patient | 'Thomas Becker', string>;

  beforeAll(async () => {
    server = await createTestServer();
    for (const name of ['James Whitfield', 'Daniel Okafor', 'Thomas Becker'] as const)
      ids[name] = await getPatientId(server, name);
    // Castillo's attorney covers Thomas Becker (Morgan & Hale's) through temporary access.
    await server.context.db.insert(accessGrants).values({
      patientId: ids['Thomas Becker'],
      userId: await getUserId(server, DEMO_ACTOR_EMAILS.attorney2),
      reason: 'Covering a hearing',
      expiresAt: new Date(Date.now() + 3_600_000),
      grantedBy: await getUserId(server, DEMO_ACTOR_EMAILS.admin),
      grantedByName: 'Avery Admin',
    });
    Object.assign(cookies, await signInMatrix(server, 'James Whitfield'));
  });
  afterAll(async () => server.close());

  /** One call as the actor: a save names the facts' current version, so only the rules refuse it. */
  const call = async (write: boolean, cookie: string | undefined, patientId: string) => {
    if (!write) return server.request({ url: caseUrl(patientId), cookie });
    const body = caseFactsBody({
      stage: 'treating',
      ...(await currentVersionField(server, patientId)),
    });
    return server.request({ method: 'PUT', url: caseUrl(patientId), cookie, body });
  };

  for (const route of ROUTES) {
    for (const [actor, scope] of Object.entries(ACTORS) as Array<
      [DemoActorKey, (typeof ACTORS)[DemoActorKey]]
    >) {
      const cases = [
        {
          on: scope.inScope,
          patient: scope.inScope as Patient | null,
          expected: route.inScope(actor),
        },
        ...(scope.outside
          ? [
              {
                on: scope.outside,
                patient: scope.outside as Patient | null,
                expected: route.outside(actor),
              },
            ]
          : []),
        { on: 'a missing patient', patient: null, expected: route.outside(actor) },
      ];
      for (const { on, patient, expected } of cases) {
        it(`${route.name}: ${actor} on ${on} → ${expected}`, async () => {
          const before = await caseFactsFingerprint(server);
          const response = await call(
            route.isWrite,
            cookies[actor],
            patient ? ids[patient] : MISSING_ID,
          );
          expect(response.statusCode).toBe(expected);
          if (expected === 404)
            expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
          if (route.isWrite && expected >= 400)
            expect(await caseFactsFingerprint(server)).toEqual(before);
        });
      }
    }
  }

  it('no session: 401 on both routes', async () => {
    expect((await call(false, undefined, ids['James Whitfield'])).statusCode).toBe(401);
    expect((await call(true, undefined, ids['James Whitfield'])).statusCode).toBe(401);
  });

  it("temporary access lets another firm's attorney read the facts, never save them", async () => {
    const thomas = ids['Thomas Becker'];
    const before = await caseFactsFingerprint(server);
    expect((await call(false, cookies.attorney2, thomas)).statusCode).toBe(200);
    const refused = await call(true, cookies.attorney2, thomas);
    expect(refused.statusCode).toBe(403);
    expect(await caseFactsFingerprint(server)).toEqual(before);
  });

  it('an API token needs case-facts:read to read and case-facts:edit to save', async () => {
    const james = ids['James Whitfield'];
    const organizationId = await organizationOf(server, DEMO_ACTOR_EMAILS.attorney);
    const tokenWith = async (
      capabilities: Array<'patients:read' | 'case-facts:read' | 'case-facts:edit'>,
    ) =>
      (
        await createTokenAs(server, cookies.admin, {
          name: capabilities.join(' '),
          organizationId,
          capabilities,
        })
      ).secret;
    const withoutCase = await tokenWith(['patients:read']);
    const reader = await tokenWith(['case-facts:read']);
    const editor = await tokenWith(['case-facts:read', 'case-facts:edit']);
    const read = (secret: string) => requestWithToken(server, secret, { url: caseUrl(james) });
    const write = async (secret: string) =>
      requestWithToken(server, secret, {
        method: 'PUT',
        url: caseUrl(james),
        body: caseFactsBody({ stage: 'treating', ...(await currentVersionField(server, james)) }),
      });
    const before = await caseFactsFingerprint(server);
    expect((await read(withoutCase)).statusCode).toBe(403);
    expect((await read(reader)).statusCode).toBe(200);
    expect((await write(reader)).statusCode).toBe(403);
    expect(await caseFactsFingerprint(server)).toEqual(before);
    expect((await write(editor)).statusCode).toBe(200);
  });
});
