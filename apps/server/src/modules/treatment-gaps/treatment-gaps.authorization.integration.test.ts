import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs } from '#src/db/schema/index.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { DEMO_ACTOR_EMAILS, type DemoActorKey } from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { getClinicThreshold, organizationOf } from './treatment-gaps-test-support.ts';

/**
 * The clinic gap setting's routes × every role × {own clinic, another clinic, a firm's id, a
 * missing id}. A clinic user configures only their own clinic (another answers 404 like a
 * missing one), an admin any clinic; the other roles lack gaps:configure (403); an id that is
 * no clinic is missing; a refused write changes nothing.
 */
type Target = 'own' | 'other' | 'firm' | 'missing';
type Expected = Record<Target, number>;

const ALLOWED_OWN: Expected = { own: 200, other: 404, firm: 404, missing: 404 };
const ADMIN: Expected = { own: 200, other: 200, firm: 404, missing: 404 };
const NO_CAPABILITY: Expected = { own: 403, other: 403, firm: 403, missing: 403 };

/** Each actor's 'own' clinic (for non-clinic roles, just a clinic to ask about) and the other. */
const ACTORS: Record<DemoActorKey, { own: string; other: string; expected: Expected }> = {
  admin: { own: 'clinic', other: 'clinic2', expected: ADMIN },
  clinic: { own: 'clinic', other: 'clinic2', expected: ALLOWED_OWN },
  imaging: { own: 'imaging', other: 'clinic', expected: ALLOWED_OWN },
  clinic2: { own: 'clinic2', other: 'clinic', expected: ALLOWED_OWN },
  attorney: { own: 'clinic', other: 'clinic2', expected: NO_CAPABILITY },
  attorney2: { own: 'clinic2', other: 'clinic', expected: NO_CAPABILITY },
  lienholder: { own: 'clinic', other: 'clinic2', expected: NO_CAPABILITY },
  keystone: { own: 'clinic2', other: 'clinic', expected: NO_CAPABILITY },
  contact: { own: 'clinic', other: 'clinic2', expected: NO_CAPABILITY },
};
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const TARGETS: Target[] = ['own', 'other', 'firm', 'missing'];

describe('clinic gap setting routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<DemoActorKey, string>;
  const orgIds = {} as Record<string, string>;

  beforeAll(async () => {
    server = await createTestServer();
    const contactEmail = await createContactOf(server, 'James Whitfield');
    for (const [key, email] of Object.entries(DEMO_ACTOR_EMAILS)) {
      cookies[key as DemoActorKey] = await server.login(email);
      if (key !== 'admin') orgIds[key] = await organizationOf(server, email);
    }
    cookies.contact = await server.login(contactEmail);
  });
  afterAll(async () => {
    await server.close();
  });

  const idOf = (actor: DemoActorKey, target: Target) => {
    const { own, other } = ACTORS[actor];
    if (target === 'missing') return MISSING_ID;
    if (target === 'firm') return orgIds.attorney!;
    return orgIds[target === 'own' ? own : other]!;
  };

  it('refuses a signed-out caller', async () => {
    const clinicId = orgIds.clinic!;
    const read = await server.request({ url: `/api/clinics/${clinicId}/gap-setting` });
    expect(read.statusCode).toBe(401);
    const write = await server.request({
      method: 'PUT',
      url: `/api/clinics/${clinicId}/gap-setting`,
      body: { thresholdDays: 5, version: 1 },
    });
    expect(write.statusCode).toBe(401);
  });

  describe.each(Object.keys(ACTORS) as DemoActorKey[])('%s', (actor) => {
    it.each(TARGETS)('reads the setting of the %s clinic as expected', async (target) => {
      const response = await server.request({
        url: `/api/clinics/${idOf(actor, target)}/gap-setting`,
        cookie: cookies[actor],
      });
      expect(response.statusCode).toBe(ACTORS[actor].expected[target]);
      if (response.statusCode === 200) {
        expect(response.json()).toMatchObject({ clinicId: idOf(actor, target), thresholdDays: 14 });
      }
    });

    it.each(TARGETS)('writes the setting of the %s clinic only when allowed', async (target) => {
      const clinicId = idOf(actor, target);
      const isClinic = target === 'own' || target === 'other';
      const before = isClinic ? await getClinicThreshold(server, clinicId) : null;
      const auditsBefore = await server.context.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(eq(auditLogs.action, 'gap_setting_updated'));
      const response = await server.request({
        method: 'PUT',
        url: `/api/clinics/${clinicId}/gap-setting`,
        cookie: cookies[actor],
        body: { thresholdDays: 14, version: before?.version ?? 1 },
      });
      expect(response.statusCode).toBe(ACTORS[actor].expected[target]);
      const auditsAfter = await server.context.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(eq(auditLogs.action, 'gap_setting_updated'));
      if (response.statusCode === 200) {
        expect(response.json().version).toBe((before?.version ?? 0) + 1);
        expect(auditsAfter).toHaveLength(auditsBefore.length + 1);
      } else {
        expect(auditsAfter).toHaveLength(auditsBefore.length);
        if (before) expect(await getClinicThreshold(server, clinicId)).toEqual(before);
      }
    });
  });

  it('refuses a value outside 1–365 days and a write without a version', async () => {
    const clinicId = orgIds.clinic!;
    const url = `/api/clinics/${clinicId}/gap-setting`;
    const { version } = await getClinicThreshold(server, clinicId);
    for (const thresholdDays of [0, 366]) {
      const refused = await server.request({
        method: 'PUT',
        url,
        cookie: cookies.clinic,
        body: { thresholdDays, version },
      });
      expect(refused.statusCode).toBe(400);
    }
    const unversioned = await server.request({
      method: 'PUT',
      url,
      cookie: cookies.clinic,
      body: { thresholdDays: 10 },
    });
    expect(unversioned.statusCode).toBe(428);
    const stale = await server.request({
      method: 'PUT',
      url,
      cookie: cookies.clinic,
      body: { thresholdDays: 10, version: version - 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ clinicId, version });
  });
});
