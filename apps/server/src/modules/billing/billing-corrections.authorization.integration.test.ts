import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@casebridge/domain/billing/billing.schemas';
import { formatEtag } from '@casebridge/domain/versioning/versioning';
import { billingEntries, organizations, recordHistory } from '#src/db/schema/index.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { DEMO_ACTOR_EMAILS, type DemoActorKey } from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * Every billing-correction route × every role × {in scope, out of scope, missing}. James
 * Whitfield: Harbor + Riverside, Morgan Hale, MedLien. Daniel Okafor: Summit, Castillo, Keystone.
 * Out of scope answers exactly like a missing line (404, same body); a role without the
 * capability is refused first (403); a clinic of the patient that did not bill the line reads it
 * but may not change it (403); a refused write changes nothing.
 */
type ActorKey = DemoActorKey;
type Patient = 'James Whitfield' | 'Daniel Okafor';
type Clinic = 'Harbor Physical Therapy' | 'Summit Spine & Pain Center';

const EMAILS: Record<Exclude<ActorKey, 'contact'>, string> = DEMO_ACTOR_EMAILS;

/** The patient each actor sees, the one it does not (none for admins), and what it may do. */
const ACTORS: Record<
  ActorKey,
  {
    inScope: Patient;
    outside: Patient | null;
    writes: 'allowed' | 'not-own-line' | 'no-capability';
  }
> = {
  admin: { inScope: 'James Whitfield', outside: null, writes: 'allowed' },
  clinic: { inScope: 'James Whitfield', outside: 'Daniel Okafor', writes: 'allowed' },
  imaging: { inScope: 'James Whitfield', outside: 'Daniel Okafor', writes: 'not-own-line' },
  clinic2: { inScope: 'Daniel Okafor', outside: 'James Whitfield', writes: 'allowed' },
  attorney: { inScope: 'James Whitfield', outside: 'Daniel Okafor', writes: 'no-capability' },
  attorney2: { inScope: 'Daniel Okafor', outside: 'James Whitfield', writes: 'no-capability' },
  lienholder: { inScope: 'James Whitfield', outside: 'Daniel Okafor', writes: 'no-capability' },
  keystone: { inScope: 'Daniel Okafor', outside: 'James Whitfield', writes: 'no-capability' },
  contact: { inScope: 'James Whitfield', outside: 'Daniel Okafor', writes: 'no-capability' },
};
/** Each patient's lines are billed by a clinic that treats it. */
const BILLED_BY: Record<Patient, Clinic> = {
  'James Whitfield': 'Harbor Physical Therapy',
  'Daniel Okafor': 'Summit Spine & Pain Center',
};
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const ROUTES = [
  {
    name: 'edit',
    method: 'PATCH' as const,
    path: (patientId: string, entryId: string) => `/api/patients/${patientId}/billing/${entryId}`,
    body: { cptCode: '97112', sessionCount: '2', amount: '20', date: '2026-03-14', reason: 'Fix' },
  },
  {
    name: 'void',
    method: 'POST' as const,
    path: (patientId: string, entryId: string) =>
      `/api/patients/${patientId}/billing/${entryId}/void`,
    body: { reason: 'Duplicate' },
  },
];

describe('billing correction routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<ActorKey, string>;
  const patientIds = {} as Record<Patient, string>;
  const clinicIds = {} as Record<Clinic, string>;

  beforeAll(async () => {
    server = await createTestServer();
    for (const name of ['James Whitfield', 'Daniel Okafor'] as const)
      patientIds[name] = await getPatientId(server, name);
    for (const name of Object.values(BILLED_BY)) {
      const [row] = await server.context.db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.name, name));
      clinicIds[name] = row!.id;
    }
    for (const [key, email] of Object.entries(EMAILS))
      cookies[key as ActorKey] = await server.login(email);
    cookies.contact = await server.login(
      await createContactOf(server, 'James Whitfield', 'contact@example.test'),
    );
  });
  afterAll(async () => server.close());

  /** A fresh line on the patient, billed by its clinic, at version 1. */
  async function newLine(patient: Patient): Promise<string> {
    const [row] = await server.context.db
      .insert(billingEntries)
      .values({
        patientId: patientIds[patient],
        cptCode: '97110',
        sessionCount: 1,
        billedAmountCents: 1000,
        date: '2026-03-01',
        clinicId: clinicIds[BILLED_BY[patient]],
      })
      .returning({ id: billingEntries.id });
    return row!.id;
  }

  const snapshot = async () => ({
    lines: await server.context.db.select().from(billingEntries).orderBy(billingEntries.id),
    history: await server.context.db.select().from(recordHistory).orderBy(recordHistory.id),
  });

  const send = (
    route: (typeof ROUTES)[number],
    actor: ActorKey,
    patientId: string,
    entryId: string,
  ) =>
    server.request({
      method: route.method,
      url: route.path(patientId, entryId),
      cookie: cookies[actor],
      body: route.body,
      headers: { 'if-match': formatEtag(1) },
    });

  for (const route of ROUTES) {
    it.each(Object.keys(ACTORS) as ActorKey[])(
      `%s: ${route.name} only with the capability, on the actor's own line, in scope`,
      async (actor) => {
        const { inScope, outside, writes } = ACTORS[actor];
        const line = await newLine(inScope);
        const otherLine = outside ? await newLine(outside) : null;
        const before = await snapshot();
        const missingLine = await send(route, actor, patientIds[inScope], MISSING_ID);
        if (writes === 'no-capability') {
          expect(missingLine.statusCode).toBe(403);
          expect((await send(route, actor, patientIds[inScope], line)).statusCode).toBe(403);
          if (outside && otherLine)
            expect((await send(route, actor, patientIds[outside], otherLine)).statusCode).toBe(403);
          expect(await snapshot()).toEqual(before);
          return;
        }
        // Inside the capability: a missing line, a malformed id, a line of another patient
        // and a patient out of scope all answer the same 404.
        expect(missingLine.statusCode).toBe(404);
        const malformed = await send(route, actor, patientIds[inScope], 'not-a-line');
        expect(malformed.body).toBe(missingLine.body);
        if (outside && otherLine) {
          const foreign = await send(route, actor, patientIds[inScope], otherLine);
          const outOfScope = await send(route, actor, patientIds[outside], otherLine);
          expect([foreign.statusCode, outOfScope.statusCode]).toEqual([404, 404]);
          expect(foreign.body).toBe(missingLine.body);
          expect(outOfScope.body).toBe(missingLine.body);
        }
        const own = await send(route, actor, patientIds[inScope], line);
        if (writes === 'not-own-line') {
          expect(own.statusCode).toBe(403);
          expect(own.json().error.message).toBe(BILLING_MESSAGES.notOwnEntry);
          expect(await snapshot()).toEqual(before);
          return;
        }
        expect(own.statusCode).toBe(200);
        expect(own.json()).toMatchObject({ id: line, version: 2 });
        const after = await snapshot();
        expect(after.lines.filter((row) => row.id !== line)).toEqual(
          before.lines.filter((row) => row.id !== line),
        );
        expect(after.history.length - before.history.length).toBe(1);
      },
    );
  }

  it.each(Object.keys(ACTORS) as ActorKey[])(
    "%s: a line's history is read in scope, and out of scope answers like a missing line",
    async (actor) => {
      const { inScope, outside } = ACTORS[actor];
      const history = (patient: Patient, entryId: string) =>
        server.request({
          url: `/api/patients/${patientIds[patient]}/billing/${entryId}/history`,
          cookie: cookies[actor],
        });
      const line = await newLine(inScope);
      const visible = await history(inScope, line);
      expect(visible.statusCode).toBe(200);
      expect(visible.json()).toEqual({ items: [] });
      const missing = await history(inScope, MISSING_ID);
      expect(missing.statusCode).toBe(404);
      expect((await history(inScope, 'nope')).body).toBe(missing.body);
      if (outside) {
        const otherLine = await newLine(outside);
        const foreign = await history(inScope, otherLine);
        const outOfScope = await history(outside, otherLine);
        expect([foreign.statusCode, outOfScope.statusCode]).toEqual([404, 404]);
        expect(foreign.body).toBe(missing.body);
        expect(outOfScope.body).toBe(missing.body);
      }
    },
  );

  it('signed out: every correction route answers 401 and changes nothing', async () => {
    const line = await newLine('James Whitfield');
    const before = await snapshot();
    const james = patientIds['James Whitfield'];
    for (const route of ROUTES) {
      const response = await server.request({
        method: route.method,
        url: route.path(james, line),
        body: route.body,
        headers: { 'if-match': formatEtag(1) },
      });
      expect(response.statusCode).toBe(401);
    }
    const history = await server.request({ url: `/api/patients/${james}/billing/${line}/history` });
    expect(history.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
