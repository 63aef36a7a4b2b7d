import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { billingEntries, messageReads, messages, patients } from '#src/db/schema/index.ts';
import { DEMO_CLOSINGS } from '#src/db/seed/demo-closing.ts';
import { listVisibleDemoPatients } from '#src/test/demo-scope.ts';
import { createTestServer, type DemoEmail, type TestServer } from '#src/test/test-server.ts';

/**
 * Every patient route × every role × {in scope, out of scope, missing}: outside the scope answers
 * exactly like a missing patient, refused writes change nothing, lists and counts hold no
 * foreign patient.
 */
type ActorKey = 'admin' | 'clinic' | 'clinic2' | 'attorney' | 'attorney2' | 'lienholder';
const EMAILS: Record<ActorKey, DemoEmail> = {
  admin: 'admin@demo.test',
  clinic: 'clinic@demo.test',
  clinic2: 'clinic2@demo.test',
  attorney: 'attorney@demo.test',
  attorney2: 'attorney2@demo.test',
  lienholder: 'lienholder@demo.test',
};
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const CLOSED_NAMES = DEMO_CLOSINGS.filter((demo) => demo.closed).map((demo) => demo.patient);

/** Names of the demo patients a demo account may see, from the seed data itself. */
function visibleNames(email: string): string[] {
  return listVisibleDemoPatients(email)
    .map((patient) => patient.fullName)
    .toSorted();
}

describe('patient routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<ActorKey, string>;
  const ids = {} as Record<string, string>;

  beforeAll(async () => {
    server = await createTestServer();
    for (const key of Object.keys(EMAILS) as ActorKey[])
      cookies[key] = await server.login(EMAILS[key]);
    const rows = await server.context.db
      .select({ id: patients.id, fullName: patients.fullName })
      .from(patients);
    for (const row of rows) ids[row.fullName] = row.id;
  });
  afterAll(async () => {
    await server.close();
  });

  // Maria: Harbor + Morgan + MedLien. Sofia: Summit + Castillo, no lienholder.
  const inScopeOf = (actor: ActorKey) =>
    visibleNames(EMAILS[actor]).includes('Maria Delgado') ? 'Maria Delgado' : 'Sofia Rossi';
  const outOfScopeOf = (actor: ActorKey) =>
    inScopeOf(actor) === 'Maria Delgado' ? 'Sofia Rossi' : 'Maria Delgado';

  it.each(Object.keys(EMAILS) as ActorKey[])(
    '%s: the list and the counts hold exactly the patients in scope',
    async (actor) => {
      const namesOf = async (query: string) => {
        const response = await server.request({
          url: `/api/patients?limit=100${query}`,
          cookie: cookies[actor],
        });
        expect(response.statusCode).toBe(200);
        const names = (response.json().items as Array<{ fullName: string }>)
          .map((item) => item.fullName)
          .toSorted();
        expect(response.json().total).toBe(names.length);
        return names;
      };
      const visible = visibleNames(EMAILS[actor]);
      // A plain list leaves the demo's closed case out; closed=all lists every patient in scope.
      expect(await namesOf('')).toEqual(visible.filter((name) => !CLOSED_NAMES.includes(name)));
      expect(await namesOf('&closed=all')).toEqual(visible);
      const stats = await server.request({ url: '/api/patients/stats', cookie: cookies[actor] });
      expect(stats.json().total).toBe(visible.length);
    },
  );

  it.each(Object.keys(EMAILS) as ActorKey[])(
    '%s: reading in scope works, out of scope answers exactly like missing',
    async (actor) => {
      const inScope = await server.request({
        url: `/api/patients/${ids[inScopeOf(actor)]}`,
        cookie: cookies[actor],
      });
      expect(inScope.statusCode).toBe(200);
      expect(inScope.json().fullName).toBe(inScopeOf(actor));
      const missing = await server.request({
        url: `/api/patients/${MISSING_ID}`,
        cookie: cookies[actor],
      });
      const malformed = await server.request({ url: '/api/patients/x', cookie: cookies[actor] });
      expect(missing.statusCode).toBe(404);
      expect(malformed.statusCode).toBe(404);
      expect(malformed.body).toBe(missing.body);
      if (actor !== 'admin') {
        const outside = await server.request({
          url: `/api/patients/${ids[outOfScopeOf(actor)]}`,
          cookie: cookies[actor],
        });
        expect(outside.statusCode).toBe(404);
        expect(outside.body).toBe(missing.body);
      }
    },
  );

  const writes = [
    {
      name: 'status',
      method: 'PATCH' as const,
      path: (id: string) => `/api/patients/${id}/status`,
      body: { treatmentStatus: 'Evaluated', version: 1 },
      canWrite: ['admin', 'clinic', 'clinic2'],
    },
    {
      name: 'status undo',
      method: 'POST' as const,
      path: (id: string) => `/api/patients/${id}/status/undo`,
      body: { changeId: MISSING_ID },
      canWrite: ['admin', 'clinic', 'clinic2'],
    },
    {
      name: 'demographics',
      method: 'PUT' as const,
      path: (id: string) => `/api/patients/${id}/demographics`,
      body: { fullName: 'Changed Name', dob: '1980-01-01', notify: false, version: 1 },
      canWrite: ['admin', 'clinic', 'clinic2'],
    },
  ];

  for (const write of writes) {
    it.each(Object.keys(EMAILS) as ActorKey[])(
      `%s: ${write.name} write is allowed only in scope and with the capability`,
      async (actor) => {
        const snapshot = async () => server.context.db.select().from(patients).orderBy(patients.id);
        const before = await snapshot();
        const missing = await server.request({
          method: write.method,
          url: write.path(MISSING_ID),
          cookie: cookies[actor],
          body: write.body,
        });
        if (!write.canWrite.includes(actor)) {
          expect(missing.statusCode).toBe(403);
          const inScope = await server.request({
            method: write.method,
            url: write.path(ids[inScopeOf(actor)]!),
            cookie: cookies[actor],
            body: write.body,
          });
          expect(inScope.statusCode).toBe(403);
          expect(await snapshot()).toEqual(before);
          return;
        }
        expect(missing.statusCode).toBe(404);
        if (actor !== 'admin') {
          const outside = await server.request({
            method: write.method,
            url: write.path(ids[outOfScopeOf(actor)]!),
            cookie: cookies[actor],
            body: write.body,
          });
          expect(outside.statusCode).toBe(404);
          expect(outside.body).toBe(missing.body);
          expect(await snapshot()).toEqual(before);
        }
      },
    );
  }

  // The routes under a patient share one guard (patient-access.ts requirePatientInScope): each
  // answers a malformed id, a missing patient and one outside the scope with the same 404.
  const childRoutes = [
    { method: 'GET' as const, path: (id: string) => `/api/patients/${id}/documents` },
    { method: 'GET' as const, path: (id: string) => `/api/patients/${id}/billing` },
    { method: 'GET' as const, path: (id: string) => `/api/patients/${id}/billing.csv` },
    {
      method: 'POST' as const,
      path: (id: string) => `/api/patients/${id}/billing`,
      body: { cptCode: '97110', sessionCount: 1, amount: '10.00' },
    },
    { method: 'GET' as const, path: (id: string) => `/api/patients/${id}/messages` },
    { method: 'GET' as const, path: (id: string) => `/api/patients/${id}/access-history` },
    {
      method: 'POST' as const,
      path: (id: string) => `/api/patients/${id}/messages`,
      body: { body: 'Out of scope?', notifyByEmail: false },
    },
    {
      method: 'POST' as const,
      path: (id: string) => `/api/patients/${id}/messages/read`,
      body: { messageIds: [MISSING_ID] },
    },
  ];

  it.each((Object.keys(EMAILS) as ActorKey[]).filter((actor) => actor !== 'admin'))(
    '%s: every route under a patient answers out of scope, missing and malformed alike',
    async (actor) => {
      const db = server.context.db;
      const snapshot = async () => ({
        billing: await db.select().from(billingEntries).orderBy(billingEntries.id),
        messages: await db.select().from(messages).orderBy(messages.id),
        reads: await db.select().from(messageReads),
      });
      const before = await snapshot();
      for (const route of childRoutes) {
        const send = (id: string) =>
          server.request({
            method: route.method,
            url: route.path(id),
            cookie: cookies[actor],
            ...(route.body ? { body: route.body } : {}),
          });
        const missing = await send(MISSING_ID);
        const label = `${route.method} ${route.path(':id')}`;
        // A role without the route's capability is refused before any patient is looked up.
        if (missing.statusCode === 403) continue;
        const malformed = await send('not-a-patient');
        const outside = await send(ids[outOfScopeOf(actor)]!);
        expect({
          label,
          status: missing.statusCode,
          malformed: malformed.body,
          outside: outside.body,
        }).toEqual({ label, status: 404, malformed: missing.body, outside: missing.body });
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it('signed out: every patient route answers 401 and changes nothing', async () => {
    const id = ids['Maria Delgado']!;
    const requests = [
      { method: 'GET' as const, url: '/api/patients' },
      { method: 'GET' as const, url: '/api/patients/stats' },
      { method: 'GET' as const, url: `/api/patients/${id}` },
      { method: 'POST' as const, url: '/api/patients', body: {} },
      {
        method: 'PATCH' as const,
        url: `/api/patients/${id}/status`,
        body: { treatmentStatus: 'Discharged' },
      },
      {
        method: 'PUT' as const,
        url: `/api/patients/${id}/demographics`,
        body: { fullName: 'X', dob: '1990-01-01' },
      },
    ];
    for (const request of requests) {
      const response = await server.request(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
    const [maria] = await server.context.db.select().from(patients).where(eq(patients.id, id));
    expect(maria?.treatmentStatus).toBe('Referred');
  });

  it('attorney and lienholder cannot create patients; the database is unchanged', async () => {
    const before = await server.context.db.select({ id: patients.id }).from(patients);
    for (const actor of ['attorney', 'lienholder'] as const) {
      const response = await server.request({
        method: 'POST',
        url: '/api/patients',
        cookie: cookies[actor],
        body: {
          fullName: 'Intruder',
          dob: '1990-01-01',
          clinicIds: [MISSING_ID],
          firmId: MISSING_ID,
        },
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await server.context.db.select({ id: patients.id }).from(patients)).toHaveLength(
      before.length,
    );
  });
});
