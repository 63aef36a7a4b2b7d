import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAs } from '#src/modules/access-grants/access-grant-test-support.ts';
import {
  createTokenAs,
  organizationOf,
  requestWithToken,
} from '#src/modules/api-tokens/api-token-test-support.ts';
import { organizationId } from '#src/modules/case-requests/case-request-test-support.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { MISSING_ID, signInMatrix } from '#src/modules/reductions/reduction-test-support.ts';
import {
  DEMO_ACTOR_EMAILS,
  DEMO_ACTOR_PATIENTS,
  type DemoActorKey,
  type MatrixPatient,
} from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  dayUrl,
  insertVisit,
  outcomeUrl,
  signInUrl,
  today,
  visitsFingerprint,
  visitsUrl,
  visitUrl,
} from './visits-test-support.ts';

/**
 * The visits routes × every role × {in scope, out of scope, missing}, then API tokens and
 * temporary access. James Whitfield: Harbor + Riverside, Morgan & Hale, MedLien; his visits are
 * Harbor's. Daniel Okafor: Summit, Castillo, Keystone; his visits are Summit's. Reading needs
 * visits:read (not a contact) and the patient in scope; writing needs visits:edit (the clinics
 * and admins) and the visit's own clinic (Riverside sees James but keeps no Harbor visit: 403).
 * Outside the scope or missing answers 404 like a missing record; a refused write changes
 * nothing.
 */
type Patient = MatrixPatient;
const ACTORS = DEMO_ACTOR_PATIENTS;
const CLINIC_OF: Record<Patient, string> = {
  'James Whitfield': 'Harbor Physical Therapy',
  'Daniel Okafor': 'Summit Spine & Pain Center',
};
const OWN_CLINIC: Partial<Record<DemoActorKey, string>> = {
  clinic: 'Harbor Physical Therapy',
  imaging: 'Riverside Imaging Associates',
  clinic2: 'Summit Spine & Pain Center',
};
const OTHER_CLINIC: Partial<Record<DemoActorKey, string>> = {
  clinic: 'Summit Spine & Pain Center',
  imaging: 'Summit Spine & Pain Center',
  clinic2: 'Harbor Physical Therapy',
};
const EDITORS = new Set<DemoActorKey>(['admin', 'clinic', 'imaging', 'clinic2']);
const isEditor = (actor: DemoActorKey) => EDITORS.has(actor);

type Call = 'read' | 'schedule' | 'outcome' | 'correct';
const PATIENT_ROUTES: ReadonlyArray<{
  name: Call;
  inScope: (actor: DemoActorKey) => number;
  outside: (actor: DemoActorKey) => number;
}> = [
  {
    name: 'read',
    inScope: (actor) => (actor === 'contact' ? 403 : 200),
    outside: (actor) => (actor === 'contact' ? 403 : 404),
  },
  {
    name: 'schedule',
    inScope: (actor) => (isEditor(actor) ? 201 : 403),
    outside: (actor) => (isEditor(actor) ? 404 : 403),
  },
  {
    name: 'outcome',
    // Riverside's user sees James but his visits are Harbor's.
    inScope: (actor) => (actor === 'imaging' ? 403 : isEditor(actor) ? 200 : 403),
    outside: (actor) => (isEditor(actor) ? 404 : 403),
  },
  {
    name: 'correct',
    inScope: (actor) => (actor === 'imaging' ? 403 : isEditor(actor) ? 200 : 403),
    outside: (actor) => (isEditor(actor) ? 404 : 403),
  },
];

describe('visits routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<DemoActorKey, string>;
  const ids = {} as Record<Patient | 'Thomas Becker', string>;
  const clinics = new Map<string, string>();
  const clinicId = (name: string) => clinics.get(name)!;

  beforeAll(async () => {
    server = await createTestServer();
    for (const name of ['James Whitfield', 'Daniel Okafor', 'Thomas Becker'] as const)
      ids[name] = await getPatientId(server, name);
    for (const name of [
      'Harbor Physical Therapy',
      'Riverside Imaging Associates',
      'Summit Spine & Pain Center',
    ])
      clinics.set(name, await organizationId(server, name));
    Object.assign(cookies, await signInMatrix(server, 'James Whitfield'));
    // Castillo's attorney and Summit's clinic cover Thomas Becker (Morgan & Hale's, Harbor's)
    // through temporary access.
    for (const email of [DEMO_ACTOR_EMAILS.attorney2, DEMO_ACTOR_EMAILS.clinic2]) {
      const granted = await grantAs(server, cookies.admin, ids['Thomas Becker'], email);
      if (granted.statusCode !== 201) throw new Error(`grant: ${granted.statusCode}`);
    }
  });
  afterAll(async () => server.close());

  /** One call as the actor on the patient (null: a missing one); writes take a fresh visit. */
  const call = async (name: Call, cookie: string | undefined, patient: Patient | null) => {
    const patientId = patient ? ids[patient] : MISSING_ID;
    if (name === 'read') return server.request({ url: visitsUrl(patientId), cookie });
    if (name === 'schedule')
      return server.request({
        method: 'POST',
        url: visitsUrl(patientId),
        cookie,
        body: {
          clinicId: clinicId(CLINIC_OF[patient ?? 'James Whitfield']),
          date: today(),
          time: '16:00',
          type: 'follow_up',
        },
      });
    const visit = patient
      ? await insertVisit(server, { patientId, clinicId: clinicId(CLINIC_OF[patient]) })
      : { id: MISSING_ID, version: 1 };
    if (name === 'outcome')
      return server.request({
        method: 'POST',
        url: outcomeUrl(visit.id),
        cookie,
        body: { outcome: 'cancelled', version: visit.version },
      });
    return server.request({
      method: 'PUT',
      url: visitUrl(visit.id),
      cookie,
      body: {
        date: today(),
        time: '09:30',
        type: 'therapy',
        state: 'scheduled',
        reason: 'Booked at the wrong time',
        version: visit.version,
      },
    });
  };

  /** The patients a route is tried on as the actor (null: a missing one), each with its answer. */
  const casesFor = (actor: DemoActorKey, route: (typeof PATIENT_ROUTES)[number]) => {
    const { inScope, outside } = ACTORS[actor];
    const tried: Array<[Patient | null, number]> = [[inScope, route.inScope(actor)]];
    if (outside) tried.push([outside, route.outside(actor)]);
    tried.push([null, route.outside(actor)]);
    return tried;
  };

  for (const route of PATIENT_ROUTES)
    for (const actor of Object.keys(ACTORS) as DemoActorKey[])
      for (const [patient, expected] of casesFor(actor, route))
        it(`${route.name}: ${actor} on ${patient ?? 'a missing one'} → ${expected}`, async () => {
          const before = await visitsFingerprint(server);
          const response = await call(route.name, cookies[actor], patient);
          expect(response.statusCode).toBe(expected);
          if (expected === 404)
            expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
          // A refused booking adds no visit (the other writes add the visit they try first).
          if (route.name === 'schedule' && expected >= 400)
            expect(await visitsFingerprint(server)).toEqual(before);
        });

  it('a refused outcome or correction changes no visit', async () => {
    const visit = await insertVisit(server, {
      patientId: ids['James Whitfield'],
      clinicId: clinicId('Harbor Physical Therapy'),
    });
    const before = await visitsFingerprint(server);
    for (const actor of ['imaging', 'attorney', 'lienholder', 'clinic2'] as const) {
      const refused = await server.request({
        method: 'POST',
        url: outcomeUrl(visit.id),
        cookie: cookies[actor],
        body: { outcome: 'attended', version: visit.version },
      });
      expect(refused.statusCode).toBeGreaterThanOrEqual(403);
    }
    expect(await visitsFingerprint(server)).toEqual(before);
  });

  describe('the clinic day list and the sign-in sheet', () => {
    const dayCases = (Object.keys(ACTORS) as DemoActorKey[]).flatMap(
      (actor): Array<{ actor: DemoActorKey; clinic: string; expected: number }> => {
        const own = OWN_CLINIC[actor];
        const other = OTHER_CLINIC[actor];
        if (actor === 'admin')
          return [{ actor, clinic: 'Summit Spine & Pain Center', expected: 200 }];
        if (!own) return [{ actor, clinic: 'Harbor Physical Therapy', expected: 403 }];
        return [
          { actor, clinic: own, expected: 200 },
          { actor, clinic: other!, expected: 404 },
        ];
      },
    );
    for (const { actor, clinic, expected } of dayCases) {
      it(`day list: ${actor} on ${clinic} → ${expected}`, async () => {
        const response = await server.request({
          url: dayUrl(clinicId(clinic), today()),
          cookie: cookies[actor],
        });
        expect(response.statusCode).toBe(expected);
        if (expected === 404)
          expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      });

      it(`sign-in sheet: ${actor} on ${clinic} → ${expected}`, async () => {
        const patient =
          clinic === 'Summit Spine & Pain Center' ? 'Daniel Okafor' : 'James Whitfield';
        const visit = await insertVisit(server, {
          patientId: ids[patient],
          clinicId: clinicId(
            clinic === 'Riverside Imaging Associates' ? clinic : CLINIC_OF[patient],
          ),
        });
        const before = await visitsFingerprint(server);
        const response = await server.request({
          method: 'POST',
          url: signInUrl(clinicId(clinic)),
          cookie: cookies[actor],
          body: {
            date: today(),
            entries: [{ visitId: visit.id, outcome: 'attended', version: visit.version }],
          },
        });
        expect(response.statusCode).toBe(expected);
        if (expected >= 400) expect(await visitsFingerprint(server)).toEqual(before);
      });
    }

    it('a missing or malformed clinic id answers 404 to its editors', async () => {
      for (const id of [MISSING_ID, 'not-a-uuid', ids['James Whitfield']]) {
        const response = await server.request({ url: dayUrl(id, today()), cookie: cookies.admin });
        expect(response.statusCode).toBe(404);
      }
    });

    it("another clinic's visit on the sheet refuses the whole save, naming the row", async () => {
      const own = await insertVisit(server, {
        patientId: ids['James Whitfield'],
        clinicId: clinicId('Harbor Physical Therapy'),
      });
      const foreign = await insertVisit(server, {
        patientId: ids['Daniel Okafor'],
        clinicId: clinicId('Summit Spine & Pain Center'),
      });
      const before = await visitsFingerprint(server);
      const response = await server.request({
        method: 'POST',
        url: signInUrl(clinicId('Harbor Physical Therapy')),
        cookie: cookies.clinic,
        body: {
          date: today(),
          entries: [
            { visitId: own.id, outcome: 'attended', version: own.version },
            { visitId: foreign.id, outcome: 'no_show', version: foreign.version },
          ],
        },
      });
      expect(response.statusCode).toBe(400);
      expect(
        response.json().error.details.map((detail: { field: string }) => detail.field),
      ).toEqual(['entries[1]']);
      expect(await visitsFingerprint(server)).toEqual(before);
    });
  });

  it('no session: 401', async () => {
    expect((await call('read', undefined, 'James Whitfield')).statusCode).toBe(401);
    expect((await call('schedule', undefined, 'James Whitfield')).statusCode).toBe(401);
  });

  it('malformed input: 400, and a malformed visit id 404', async () => {
    const james = ids['James Whitfield'];
    const bad = await server.request({
      method: 'POST',
      url: visitsUrl(james),
      cookie: cookies.clinic,
      body: { date: 'yesterday', time: '25:00', type: 'massage' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const malformed = await server.request({
      method: 'POST',
      url: outcomeUrl('not-a-uuid'),
      cookie: cookies.clinic,
      body: { outcome: 'attended', version: 1 },
    });
    expect(malformed.statusCode).toBe(404);
  });

  it('temporary access lets another firm read the visits and another clinic keep none', async () => {
    const thomas = ids['Thomas Becker'];
    expect((await call('read', cookies.attorney2, 'Thomas Becker' as Patient)).statusCode).toBe(
      200,
    );
    const before = await visitsFingerprint(server);
    const refused = await server.request({
      method: 'POST',
      url: visitsUrl(thomas),
      cookie: cookies.clinic2,
      body: { date: today(), time: '10:00', type: 'therapy' },
    });
    expect(refused.statusCode).toBe(403);
    expect(await visitsFingerprint(server)).toEqual(before);
  });

  it('an API token needs visits:read to read and visits:edit to schedule', async () => {
    const james = ids['James Whitfield'];
    const harborId = await organizationOf(server, DEMO_ACTOR_EMAILS.clinic);
    const tokenWith = async (
      capabilities: Array<'patients:read' | 'visits:read' | 'visits:edit'>,
    ) =>
      (
        await createTokenAs(server, cookies.admin, {
          name: capabilities.join(' '),
          organizationId: harborId,
          capabilities,
        })
      ).secret;
    const without = await tokenWith(['patients:read']);
    const reader = await tokenWith(['visits:read']);
    const editor = await tokenWith(['visits:read', 'visits:edit']);
    const read = (secret: string) => requestWithToken(server, secret, { url: visitsUrl(james) });
    const schedule = (secret: string) =>
      requestWithToken(server, secret, {
        method: 'POST',
        url: visitsUrl(james),
        body: { date: today(), time: '17:00', type: 'therapy' },
      });
    const before = await visitsFingerprint(server);
    expect((await read(without)).statusCode).toBe(403);
    expect((await read(reader)).statusCode).toBe(200);
    expect((await schedule(reader)).statusCode).toBe(403);
    expect(await visitsFingerprint(server)).toEqual(before);
    expect((await schedule(editor)).statusCode).toBe(201);
  });
});
