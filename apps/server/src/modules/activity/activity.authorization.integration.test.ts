import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PATIENTS } from '#src/db/seed/demo-data.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { DEMO_ACTOR_EMAILS, type DemoActorKey } from '#src/test/demo-actors.ts';
import { listVisibleDemoPatients } from '#src/test/demo-scope.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * GET /api/patients/:id/activity × every role × every demo patient: 200 in scope; outside the
 * scope exactly like a missing or malformed id (404, same body). The contact sees only the
 * patient it is associated with (James Whitfield). The capability is patients:read, which every
 * role holds, so no role is refused before its scope.
 */
const CONTACT_PATIENT = 'James Whitfield';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('patient activity route authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<DemoActorKey, string>;
  const patientIds: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer();
    for (const patient of DEMO_PATIENTS)
      patientIds[patient.fullName] = await getPatientId(server, patient.fullName);
    for (const [key, email] of Object.entries(DEMO_ACTOR_EMAILS))
      cookies[key as DemoActorKey] = await server.login(email);
    cookies.contact = await server.login(await createContactOf(server, CONTACT_PATIENT));
  });
  afterAll(async () => server.close());

  const visibleTo = (actor: DemoActorKey): Set<string> =>
    new Set(
      actor === 'contact'
        ? [CONTACT_PATIENT]
        : listVisibleDemoPatients(DEMO_ACTOR_EMAILS[actor]).map((patient) => patient.fullName),
    );
  const feedOf = (actor: DemoActorKey, patientId: string) =>
    server.request({ url: `/api/patients/${patientId}/activity`, cookie: cookies[actor] });

  it.each([...Object.keys(DEMO_ACTOR_EMAILS), 'contact'] as DemoActorKey[])(
    '%s: reads the feed of its patients only; any other answers like a missing one',
    async (actor) => {
      const missing = await feedOf(actor, MISSING_ID);
      expect(missing.statusCode).toBe(404);
      expect((await feedOf(actor, 'not-a-patient')).body).toBe(missing.body);
      const visible = visibleTo(actor);
      for (const patient of DEMO_PATIENTS) {
        const response = await feedOf(actor, patientIds[patient.fullName]!);
        if (visible.has(patient.fullName)) {
          expect(response.statusCode).toBe(200);
          expect(Array.isArray(response.json().items)).toBe(true);
        } else {
          expect(response.statusCode).toBe(404);
          expect(response.body).toBe(missing.body);
        }
      }
    },
  );

  it('refuses a request without a session', async () => {
    const response = await server.request({
      url: `/api/patients/${patientIds[CONTACT_PATIENT]}/activity`,
    });
    expect(response.statusCode).toBe(401);
  });
});
