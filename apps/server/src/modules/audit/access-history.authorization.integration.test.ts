import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneAuditRow, patientIdByName } from '#src/test/audit-rows.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

type Patient = 'James Whitfield' | 'Daniel Okafor';

/**
 * `GET /api/patients/:id/access-history` × every role × {each demo patient, missing, malformed}.
 * James Whitfield: Harbor + Riverside, Morgan Hale, MedLien, a contact. Daniel Okafor: Summit,
 * Castillo, Keystone. Admins and the patient's clinics open it; every other party, including
 * those who see the patient (its firm, lienholder, contact), gets the missing record's 404, and
 * each refusal is audited once with the id asked for.
 */
const OPENS: Record<string, readonly Patient[]> = {
  'admin@demo.test': ['James Whitfield', 'Daniel Okafor'],
  'clinic@demo.test': ['James Whitfield'],
  'imaging@demo.test': ['James Whitfield'],
  'clinic2@demo.test': ['Daniel Okafor'],
  'attorney@demo.test': [],
  'attorney2@demo.test': [],
  'lienholder@demo.test': [],
  'keystone@demo.test': [],
  'contact@demo.test': [],
};
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('access history: authorization per role', () => {
  let server: TestServer;
  const ids = new Map<Patient, string>();
  let missingBody: string;

  beforeAll(async () => {
    server = await createTestServer();
    await createContactOf(server, 'James Whitfield');
    for (const name of ['James Whitfield', 'Daniel Okafor'] as const)
      ids.set(name, await patientIdByName(server, name));
    const admin = await server.login('admin@demo.test');
    missingBody = (
      await server.request({ url: `/api/patients/${MISSING_ID}/access-history`, cookie: admin })
    ).body;
  });
  afterAll(async () => {
    await server.close();
  });

  const open = (cookie: string, id: string) =>
    server.request({ url: `/api/patients/${id}/access-history`, cookie });

  for (const [email, allowed] of Object.entries(OPENS)) {
    it(`${email}: ${allowed.length > 0 ? allowed.join(' and ') : 'none'}; the rest answer as missing`, async () => {
      const cookie = await server.login(email);
      for (const name of ['James Whitfield', 'Daniel Okafor'] as const) {
        const id = ids.get(name)!;
        if (allowed.includes(name)) {
          const response = await open(cookie, id);
          expect(response.statusCode).toBe(200);
          expect(response.json().timeZone).toBe('UTC');
          continue;
        }
        const { response, row } = await expectOneAuditRow(
          server,
          { email, action: 'access_denied', patientId: id },
          () => open(cookie, id),
        );
        expect(response.statusCode).toBe(404);
        expect(response.body).toBe(missingBody);
        expect(row.details).toContain('GET /api/patients/:patientId/access-history');
      }
      for (const id of [MISSING_ID, 'not-a-uuid']) {
        const response = await open(cookie, id);
        expect(response.statusCode).toBe(404);
        expect(response.body).toBe(missingBody);
      }
    });
  }

  it('answers 401 without a session', async () => {
    const response = await server.request({
      url: `/api/patients/${ids.get('James Whitfield')!}/access-history`,
    });
    expect(response.statusCode).toBe(401);
  });
});
