import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, isNotNull } from 'drizzle-orm';
import { accessGrants } from '#src/db/schema/index.ts';
import { getPatientId, getUserId } from '#src/modules/documents/document-test-support.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { DEMO_ACTOR_EMAILS, type DemoActorKey } from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { grantAs } from './access-grant-test-support.ts';

/**
 * Every access-grant route × every role × {in scope, out of scope, missing}. James Whitfield:
 * Harbor + Riverside, Morgan Hale, MedLien; Summit and Keystone do not see him, Castillo's
 * attorney only through a grant. Only
 * admins grant, list candidates and revoke (403 for everyone else, before any lookup); the grant
 * list is for whoever sees the patient, and answers a patient out of scope exactly like a
 * missing one (404, same body). A refused write changes nothing.
 */
const EMAILS = DEMO_ACTOR_EMAILS;
type ActorKey = DemoActorKey;
const SEES_JAMES: Record<ActorKey, boolean> = {
  admin: true,
  clinic: true,
  imaging: true,
  clinic2: false,
  attorney: true,
  // The grantee: the admin gave Castillo's attorney temporary access in beforeAll.
  attorney2: true,
  lienholder: true,
  keystone: false,
  contact: true,
};
const ACTORS = Object.keys(SEES_JAMES) as ActorKey[];
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('access grant routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<ActorKey, string>;
  let james: string;
  let grantId: string;
  let keystoneId: string;

  beforeAll(async () => {
    server = await createTestServer();
    james = await getPatientId(server, 'James Whitfield');
    keystoneId = await getUserId(server, EMAILS.keystone);
    for (const [key, email] of Object.entries(EMAILS))
      cookies[key as ActorKey] = await server.login(email);
    cookies.contact = await server.login(
      await createContactOf(server, 'James Whitfield', 'contact@example.test'),
    );
    grantId = (await grantAs(server, cookies.admin, james, EMAILS.attorney2)).json<{ id: string }>()
      .id;
  });
  afterAll(async () => server.close());

  const grantCount = async () =>
    (await server.context.db.select({ n: count() }).from(accessGrants))[0]!.n;
  const revokedCount = async () =>
    (
      await server.context.db
        .select({ n: count() })
        .from(accessGrants)
        .where(isNotNull(accessGrants.revokedAt))
    )[0]!.n;

  const routes = (patientId: string) => [
    {
      name: 'candidates',
      method: 'GET' as const,
      url: `/api/patients/${patientId}/access-grants/candidates`,
    },
    {
      name: 'grant',
      method: 'POST' as const,
      url: `/api/patients/${patientId}/access-grants`,
      body: { userId: keystoneId, durationHours: 1, reason: 'Matrix' },
    },
    {
      name: 'revoke',
      method: 'POST' as const,
      url: `/api/patients/${patientId}/access-grants/${grantId}/revoke`,
    },
  ];

  for (const actor of ACTORS) {
    it(`${actor}: lists grants of a patient it sees, 404 otherwise`, async () => {
      const list = (patientId: string) =>
        server.request({ url: `/api/patients/${patientId}/access-grants`, cookie: cookies[actor] });
      const missing = await list(MISSING_ID);
      expect(missing.statusCode).toBe(404);
      const ofJames = await list(james);
      if (SEES_JAMES[actor]) expect(ofJames.statusCode).toBe(200);
      else expect(ofJames.body).toBe(missing.body);
      expect((await list('not-a-uuid')).body).toBe(missing.body);
    });

    if (actor === 'admin') continue;
    it(`${actor}: may not grant, list candidates or revoke (403), and changes nothing`, async () => {
      const before = await grantCount();
      for (const route of [...routes(james), ...routes(MISSING_ID)]) {
        const response = await server.request({ ...route, cookie: cookies[actor] });
        expect({ route: route.name, status: response.statusCode }).toEqual({
          route: route.name,
          status: 403,
        });
      }
      expect(await grantCount()).toBe(before);
      expect(await revokedCount()).toBe(0);
    });
  }

  it('admin: a missing patient or grant is 404 for every admin route', async () => {
    for (const route of routes(MISSING_ID)) {
      const response = await server.request({ ...route, cookie: cookies.admin });
      expect(response.statusCode).toBe(404);
    }
    const wrongGrant = await server.request({
      method: 'POST',
      url: `/api/patients/${james}/access-grants/${MISSING_ID}/revoke`,
      cookie: cookies.admin,
    });
    expect(wrongGrant.statusCode).toBe(404);
    expect((await server.request({ ...routes(james)[0]!, cookie: cookies.admin })).statusCode).toBe(
      200,
    );
  });
});
