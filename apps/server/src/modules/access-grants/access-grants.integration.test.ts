import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACCESS_GRANT_TEXTS } from '@casebridge/domain/access-grants/access-grant.schemas';
import { accessGrants, notifications } from '#src/db/schema/index.ts';
import { getPatientId, getUserId } from '#src/modules/documents/document-test-support.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { auditRowsOf, expireGrant, GRANT_REASON, grantAs } from './access-grant-test-support.ts';
import { formMessage } from '#src/test/form-message.ts';

/**
 * Emergency and temporary access. James Whitfield's parties are Harbor and
 * Riverside (clinic, imaging), Morgan Hale (attorney) and MedLien (lienholder); Summit
 * (clinic2), Castillo (attorney2) and Keystone do not see him.
 */
describe('temporary access grants', () => {
  let server: TestServer;
  let admin: string;
  let patientId: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer();
    admin = await server.login('admin@demo.test');
    patientId = await getPatientId(server, 'James Whitfield');
    for (const email of [
      'clinic@demo.test',
      'clinic2@demo.test',
      'attorney2@demo.test',
      'keystone@demo.test',
    ])
      cookies[email] = await server.login(email);
  });
  afterAll(async () => server.close());

  const get = (email: string, url: string) => server.request({ url, cookie: cookies[email] });

  it('lets the grantee read the patient, says so in the audit and notifies everyone', async () => {
    expect((await get('clinic2@demo.test', `/api/patients/${patientId}`)).statusCode).toBe(404);
    const granted = await grantAs(server, admin, patientId, 'clinic2@demo.test');
    expect(granted.statusCode).toBe(201);
    const grant = granted.json<{ id: string; expiresAt: string; userName: string }>();
    expect(grant.userName).toBe('Sam Summit');
    const hours = (Date.parse(grant.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    expect((await get('clinic2@demo.test', `/api/patients/${patientId}`)).statusCode).toBe(200);
    // Every case, closed ones included, as the counters count them.
    const list = await get('clinic2@demo.test', '/api/patients?limit=100&closed=all');
    type Page = { items: Array<{ id: string; treatmentStatus: string }>; total: number };
    const { items, total } = list.json<Page>();
    expect(items.map((p) => p.id)).toContain(patientId);
    const viewed = await auditRowsOf(server, {
      email: 'clinic2@demo.test',
      patientId,
      action: 'patient_viewed',
    });
    expect(viewed).toHaveLength(1);
    expect(viewed[0]!.details).toContain(`via emergency access grant ${grant.id}: ${GRANT_REASON}`);
    const listed = await auditRowsOf(server, {
      email: 'clinic2@demo.test',
      patientId: null,
      action: 'patients_listed',
      detailsLike: `%patient ${patientId} via emergency access grant ${grant.id}: %`,
    });
    expect(listed).toHaveLength(1);
    // The totals count the granted patient with the party's own, in the list and the counters.
    expect(total).toBe(items.length);
    const stats = await get('clinic2@demo.test', '/api/patients/stats');
    expect(stats.json<{ total: number }>().total).toBe(total);
    const status = items.find((p) => p.id === patientId)!.treatmentStatus;
    const ofStatus = await get(
      'clinic2@demo.test',
      `/api/patients?limit=100&closed=all&status=${encodeURIComponent(status)}`,
    );
    expect(ofStatus.json<Page>().total).toBe(
      items.filter((p) => p.treatmentStatus === status).length,
    );
    const audited = await auditRowsOf(server, {
      email: 'admin@demo.test',
      patientId,
      action: 'access_granted',
    });
    expect(audited[0]!.details).toContain(`grant ${grant.id} to Sam Summit`);

    for (const email of [
      'clinic@demo.test',
      'imaging@demo.test',
      'attorney@demo.test',
      'lienholder@demo.test',
      'clinic2@demo.test',
    ]) {
      const rows = await server.context.db
        .select({ content: notifications.content, type: notifications.type })
        .from(notifications)
        .where(
          and(
            eq(notifications.recipientUserId, await getUserId(server, email)),
            eq(notifications.patientId, patientId),
          ),
        );
      const told = rows.filter((row) => row.content.includes(GRANT_REASON));
      expect(told.map((row) => row.type)).toEqual(['access_granted']);
    }
    const own = await get('clinic2@demo.test', '/api/notifications?limit=50');
    expect(JSON.stringify(own.json())).toContain('You have temporary access to James Whitfield');
    expect((await get('keystone@demo.test', '/api/notifications?limit=50')).body).not.toContain(
      GRANT_REASON,
    );
  });

  it('annotates the first read after a grant written past the routes', async () => {
    // Keystone's session check is cached, saying it holds no grant (auth/session-cache.ts).
    expect((await get('keystone@demo.test', `/api/patients/${patientId}`)).statusCode).toBe(404);
    const [grant] = await server.context.db
      .insert(accessGrants)
      .values({
        patientId,
        userId: await getUserId(server, 'keystone@demo.test'),
        reason: GRANT_REASON,
        expiresAt: new Date(Date.now() + 3_600_000),
        grantedBy: await getUserId(server, 'admin@demo.test'),
        grantedByName: 'Admin',
      })
      .returning({ id: accessGrants.id });
    // Migration 0015's trigger drops the cached check; on PostgreSQL the NOTIFY may take a moment.
    await expect
      .poll(
        async () => (await get('keystone@demo.test', `/api/patients/${patientId}`)).statusCode,
        {
          timeout: 1_000,
          interval: 20,
        },
      )
      .toBe(200);
    const viewed = await auditRowsOf(server, {
      email: 'keystone@demo.test',
      patientId,
      action: 'patient_viewed',
    });
    expect(viewed.length).toBeGreaterThan(0);
    for (const row of viewed)
      expect(row.details).toContain(`via emergency access grant ${grant!.id}`);
    await expireGrant(server, grant!.id);
  });

  it('shows the grants to the parties, their own to the grantee, and nothing to outsiders', async () => {
    const items = (email: string | null) =>
      server
        .request({
          url: `/api/patients/${patientId}/access-grants`,
          cookie: email ? cookies[email] : admin,
        })
        .then((response) => response.json<{ items: Array<{ userName: string }> }>().items);
    await grantAs(server, admin, patientId, 'attorney2@demo.test');
    expect((await items(null)).map((grant) => grant.userName)).toEqual([
      'Sam Summit',
      'Lucia Castillo',
    ]);
    expect(await items('clinic@demo.test')).toHaveLength(2);
    expect((await items('clinic2@demo.test')).map((grant) => grant.userName)).toEqual([
      'Sam Summit',
    ]);
    const outsider = await get('keystone@demo.test', `/api/patients/${patientId}/access-grants`);
    expect(outsider.statusCode).toBe(404);
  });

  it('gives the grantee their role’s own rights, each change audited as through the grant', async () => {
    const sent = await server.request({
      method: 'POST',
      url: `/api/patients/${patientId}/messages`,
      cookie: cookies['clinic2@demo.test'],
      body: { body: 'Covering clinic here: seen today.' },
    });
    expect(sent.statusCode).toBe(201);
    const rows = await auditRowsOf(server, {
      email: 'clinic2@demo.test',
      patientId,
      action: 'message_sent',
      detailsLike: '%via emergency access grant%',
    });
    expect(rows).toHaveLength(1);
  });

  it('ends by itself: an expired grant answers 404 like a missing patient', async () => {
    const [grant] = await server.context.db
      .select({ id: accessGrants.id })
      .from(accessGrants)
      .where(eq(accessGrants.userId, await getUserId(server, 'clinic2@demo.test')));
    await expireGrant(server, grant!.id);
    const missing = await get(
      'clinic2@demo.test',
      '/api/patients/00000000-0000-4000-8000-000000000000',
    );
    const expired = await get('clinic2@demo.test', `/api/patients/${patientId}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toBe(missing.body);
    expect(
      (await get('clinic2@demo.test', `/api/patients/${patientId}/access-grants`)).statusCode,
    ).toBe(404);
  });

  it('ends when revoked, once', async () => {
    const [grant] = await server.context.db
      .select({ id: accessGrants.id })
      .from(accessGrants)
      .where(eq(accessGrants.userId, await getUserId(server, 'attorney2@demo.test')));
    expect((await get('attorney2@demo.test', `/api/patients/${patientId}`)).statusCode).toBe(200);
    const revoke = () =>
      server.request({
        method: 'POST',
        url: `/api/patients/${patientId}/access-grants/${grant!.id}/revoke`,
        cookie: admin,
      });
    expect((await revoke()).statusCode).toBe(204);
    expect((await get('attorney2@demo.test', `/api/patients/${patientId}`)).statusCode).toBe(404);
    expect((await revoke()).json()).toEqual({
      error: { code: 'NOT_FOUND', message: ACCESS_GRANT_TEXTS.alreadyEnded },
    });
    const audited = await auditRowsOf(server, {
      email: 'admin@demo.test',
      patientId,
      action: 'access_revoked',
    });
    expect(audited[0]!.details).toContain(`grant ${grant!.id} of Lucia Castillo revoked`);
  });

  it('refuses a grant without a reason, an unoffered duration or an ineligible user', async () => {
    const refused = async (email: string, body: Record<string, unknown>) =>
      formMessage(await grantAs(server, admin, patientId, email, body));
    expect(await refused('keystone@demo.test', { reason: '   ' })).toBe('Please give a reason');
    expect(await refused('keystone@demo.test', { durationHours: 0 })).toBe(
      ACCESS_GRANT_TEXTS.chooseDuration,
    );
    expect(await refused('keystone@demo.test', { durationHours: 169 })).toBe(
      ACCESS_GRANT_TEXTS.chooseDuration,
    );
    expect(await refused('admin@demo.test', {})).toBe(ACCESS_GRANT_TEXTS.notEligible);
    expect(await refused('clinic@demo.test', {})).toBe(ACCESS_GRANT_TEXTS.alreadyInScope);
    expect((await grantAs(server, admin, patientId, 'keystone@demo.test')).statusCode).toBe(201);
    expect(await refused('keystone@demo.test', {})).toBe(ACCESS_GRANT_TEXTS.alreadyGranted);
  });

  it('offers the admin only users who do not see the patient and hold no grant', async () => {
    const response = await server.request({
      url: `/api/patients/${patientId}/access-grants/candidates`,
      cookie: admin,
    });
    const emails = response.json<{ items: Array<{ email: string }> }>().items.map((u) => u.email);
    expect(emails).toContain('clinic2@demo.test');
    expect(emails).not.toContain('clinic@demo.test');
    expect(emails).not.toContain('keystone@demo.test');
    expect(emails).not.toContain('admin@demo.test');
  });
});
