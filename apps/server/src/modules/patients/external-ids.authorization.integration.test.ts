import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_ID_MESSAGES } from '@casebridge/domain/patients/patient.schemas';
import { organizations, patients } from '#src/db/schema/index.ts';
import { countAuditRows } from '#src/test/audit-rows.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { createTestServer, type DemoEmail, type TestServer } from '#src/test/test-server.ts';

/**
 * An organisation's own reference for a patient: set and cleared by that
 * organisation's users (and admins naming it) for patients they can see, unique within the
 * organisation, and shown to nobody else.
 */
type Actor = 'admin' | 'clinic' | 'clinic2' | 'attorney' | 'attorney2' | 'lienholder' | 'contact';
const EMAILS: Record<Exclude<Actor, 'contact'>, DemoEmail> = {
  admin: 'admin@demo.test',
  clinic: 'clinic@demo.test',
  clinic2: 'clinic2@demo.test',
  attorney: 'attorney@demo.test',
  attorney2: 'attorney2@demo.test',
  lienholder: 'lienholder@demo.test',
};
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('patient external ids', () => {
  let server: TestServer;
  const cookies = {} as Record<Actor, string>;
  const ids = new Map<string, string>();
  const orgIds = new Map<string, string>();
  const patientId = (name: string) => ids.get(name)!;

  const path = (name: string, query = '') => `/api/patients/${patientId(name)}/external-id${query}`;
  function put(actor: Actor, name: string, externalId: unknown, query = '') {
    return server.request({
      method: 'PUT',
      url: path(name, query),
      cookie: cookies[actor],
      body: { externalId },
    });
  }
  function remove(actor: Actor, name: string, query = '') {
    return server.request({ method: 'DELETE', url: path(name, query), cookie: cookies[actor] });
  }
  async function read(actor: Actor, url: string) {
    const response = await server.request({ url, cookie: cookies[actor] });
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  const externalIdOf = async (actor: Actor, name: string, query = '') =>
    (await read(actor, `/api/patients/${patientId(name)}${query}`)).externalId;
  const lookup = async (actor: Actor, externalId: string, query = '') =>
    (
      (await read(actor, `/api/patients?externalId=${encodeURIComponent(externalId)}${query}`))
        .items as Array<{ fullName: string; externalId: string | null }>
    ).map((item) => [item.fullName, item.externalId]);

  beforeAll(async () => {
    server = await createTestServer();
    for (const [actor, email] of Object.entries(EMAILS))
      cookies[actor as Actor] = await server.login(email);
    cookies.contact = await server.login(await createContactOf(server, 'Maria Delgado'));
    for (const row of await server.context.db
      .select({ id: patients.id, fullName: patients.fullName })
      .from(patients))
      ids.set(row.fullName, row.id);
    for (const row of await server.context.db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations))
      orgIds.set(row.name, row.id);
  });
  afterAll(async () => {
    await server.close();
  });

  it('an organisation sets its reference, sees it on the patient and in its list, and finds by it', async () => {
    const filter = { email: EMAILS.clinic, action: 'patient_external_id_set' as const };
    const before = await countAuditRows(server, filter);
    const saved = await put('clinic', 'Maria Delgado', '  HPT-0001 ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      patientId: patientId('Maria Delgado'),
      organizationId: orgIds.get('Harbor Physical Therapy'),
      externalId: 'HPT-0001',
    });
    expect(await countAuditRows(server, filter)).toBe(before + 1);
    expect(await externalIdOf('clinic', 'Maria Delgado')).toBe('HPT-0001');
    expect(await lookup('clinic', 'HPT-0001')).toEqual([['Maria Delgado', 'HPT-0001']]);
    const list = await read('clinic', '/api/patients?sort=name&limit=100');
    const maria = list.items.find(
      (item: { fullName: string }) => item.fullName === 'Maria Delgado',
    );
    expect(maria.externalId).toBe('HPT-0001');
    // Setting it again replaces it.
    expect((await put('clinic', 'Maria Delgado', 'HPT-0002')).statusCode).toBe(200);
    expect(await lookup('clinic', 'HPT-0001')).toEqual([]);
    expect(await lookup('clinic', 'HPT-0002')).toEqual([['Maria Delgado', 'HPT-0002']]);
  });

  it('is invisible to the other parties of the patient, who keep their own', async () => {
    // Maria carries Harbor's HPT-0002 (above); her firm, lienholder and contact see none.
    for (const actor of ['attorney', 'lienholder', 'contact'] as const) {
      expect(await externalIdOf(actor, 'Maria Delgado')).toBeNull();
    }
    expect(await lookup('attorney', 'HPT-0002')).toEqual([]);
    expect((await put('clinic', 'Robert Alvarez', 'SHARED-1')).statusCode).toBe(200);
    expect(await lookup('attorney', 'SHARED-1')).toEqual([]);
    // The firm gives the same text to the same patient: its own, separate reference.
    expect((await put('attorney', 'Robert Alvarez', 'SHARED-1')).statusCode).toBe(200);
    expect(await lookup('attorney', 'SHARED-1')).toEqual([['Robert Alvarez', 'SHARED-1']]);
    expect((await remove('attorney', 'Robert Alvarez')).statusCode).toBe(204);
    expect(await lookup('clinic', 'SHARED-1')).toEqual([['Robert Alvarez', 'SHARED-1']]);
  });

  it('is unique within the organisation: a second patient with the same reference is a clear 409', async () => {
    expect((await put('clinic', 'Thomas Becker', 'UNIQUE-1')).statusCode).toBe(200);
    const clash = await put('clinic', 'Marcus Johnson', 'UNIQUE-1');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toEqual({
      code: 'CONFLICT',
      message: EXTERNAL_ID_MESSAGES.taken('UNIQUE-1'),
    });
    expect(await externalIdOf('clinic', 'Marcus Johnson')).toBeNull();
    // Another organisation may use the same text for its own patient.
    expect((await put('clinic2', 'Sofia Rossi', 'UNIQUE-1')).statusCode).toBe(200);
  });

  it('only for a patient the user can see: others answer 404 and change nothing', async () => {
    expect((await put('clinic', 'Sofia Rossi', 'OUT-1')).statusCode).toBe(404);
    expect((await put('attorney2', 'Maria Delgado', 'OUT-1')).statusCode).toBe(404);
    expect((await remove('clinic', 'Sofia Rossi')).statusCode).toBe(404);
    const missing = await server.request({
      method: 'PUT',
      url: `/api/patients/${MISSING_ID}/external-id`,
      cookie: cookies.clinic,
      body: { externalId: 'OUT-1' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await lookup('clinic', 'OUT-1')).toEqual([]);
  });

  it("refuses a patient's contact (403), another organisation's id (403) and bad input (400)", async () => {
    expect((await put('contact', 'Maria Delgado', 'C-1')).statusCode).toBe(403);
    const summit = orgIds.get('Summit Spine & Pain Center')!;
    expect(
      (await put('clinic', 'Maria Delgado', 'X-1', `?organizationId=${summit}`)).statusCode,
    ).toBe(403);
    for (const value of ['   ', '', 'x'.repeat(101), 42, null]) {
      const response = await put('clinic', 'Maria Delgado', value);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const extra = await server.request({
      method: 'PUT',
      url: path('Maria Delgado'),
      cookie: cookies.clinic,
      body: { externalId: 'X-2', organizationId: summit },
    });
    expect(extra.statusCode).toBe(400);
    expect(await externalIdOf('clinic', 'Maria Delgado')).toBe('HPT-0002');
  });

  it('an admin names the organisation: sees none without it, sets and clears any', async () => {
    const harbor = orgIds.get('Harbor Physical Therapy')!;
    expect(await externalIdOf('admin', 'Maria Delgado')).toBeNull();
    expect(await externalIdOf('admin', 'Maria Delgado', `?organizationId=${harbor}`)).toBe(
      'HPT-0002',
    );
    const unnamed = await put('admin', 'Maria Delgado', 'A-1');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.message).toContain('organizationId');
    const noLookup = await server.request({
      url: '/api/patients?externalId=HPT-0002',
      cookie: cookies.admin,
    });
    expect(noLookup.statusCode).toBe(400);
    expect(await lookup('admin', 'HPT-0002', `&organizationId=${harbor}`)).toEqual([
      ['Maria Delgado', 'HPT-0002'],
    ]);
    expect(
      (await put('admin', 'Maria Delgado', 'A-1', `?organizationId=${harbor}`)).statusCode,
    ).toBe(200);
    expect(await externalIdOf('clinic', 'Maria Delgado')).toBe('A-1');
    expect(
      (await put('admin', 'Maria Delgado', 'A-1', `?organizationId=${MISSING_ID}`)).statusCode,
    ).toBe(400);
    expect((await remove('admin', 'Maria Delgado', `?organizationId=${harbor}`)).statusCode).toBe(
      204,
    );
    expect(await externalIdOf('clinic', 'Maria Delgado')).toBeNull();
  });

  it('clears: audited, then nothing to clear answers 404', async () => {
    expect((await put('lienholder', 'Maria Delgado', 'ML-9')).statusCode).toBe(200);
    const filter = { email: EMAILS.lienholder, action: 'patient_external_id_cleared' as const };
    const before = await countAuditRows(server, filter);
    expect((await remove('lienholder', 'Maria Delgado')).statusCode).toBe(204);
    expect(await countAuditRows(server, filter)).toBe(before + 1);
    expect(await lookup('lienholder', 'ML-9')).toEqual([]);
    expect((await remove('lienholder', 'Maria Delgado')).statusCode).toBe(404);
  });

  it('signed out: 401', async () => {
    const response = await server.request({
      method: 'PUT',
      url: path('Maria Delgado'),
      body: { externalId: 'Z' },
    });
    expect(response.statusCode).toBe(401);
  });
});
