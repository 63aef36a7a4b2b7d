import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  API_TOKEN_SECRET_PATTERN,
  type TApiToken,
  type TApiTokenPage,
} from '@casebridge/domain/api-tokens/api-token.schemas';
import { MESSAGES } from '@casebridge/domain/errors';
import { accounts, apiTokens, auditLogs, mailOutbox, users } from '#src/db/schema/index.ts';
import {
  getPatientId,
  setPatientStatus,
  upload,
} from '#src/modules/documents/document-test-support.ts';
import { samplePng } from '#src/modules/documents/document-test-files.ts';
import { listPatientAudience } from '#src/test/patient-audience.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  createTokenAs,
  expiryInDays,
  organizationOf,
  postToken,
  requestWithToken,
} from './api-token-test-support.ts';

const UNAUTHENTICATED = { error: { code: 'UNAUTHENTICATED', message: MESSAGES.unauthenticated } };

/** A token's service account, as the users table holds it. */
async function serviceUserOf(server: TestServer, tokenId: string) {
  const [row] = await server.context.db
    .select({ user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, tokenId));
  if (!row) throw new Error(`no token ${tokenId}`);
  return row.user;
}

async function tokenUseRows(server: TestServer, userId: string) {
  return server.context.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, 'api_token_used')))
    .orderBy(desc(auditLogs.id));
}

describe('API tokens', () => {
  let server: TestServer;
  let admin: string;
  let clinicCookie: string;
  let harbor: string;
  let morgan: string;
  let maria: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = await server.login('admin@demo.test');
    clinicCookie = await server.login('clinic@demo.test');
    harbor = await organizationOf(server, 'clinic@demo.test');
    morgan = await organizationOf(server, 'attorney@demo.test');
    maria = await getPatientId(server, 'Maria Delgado');
  });
  afterAll(async () => server.close());

  describe('creating and listing', () => {
    it('returns the secret once; the list shows its prefix, never the secret or its hash', async () => {
      const { token, secret } = await createTokenAs(server, admin, {
        name: 'Practice sync',
        organizationId: harbor,
        capabilities: ['billing:create', 'patients:read'],
      });
      expect(secret).toMatch(API_TOKEN_SECRET_PATTERN);
      expect(token).toMatchObject({
        name: 'Practice sync',
        organizationId: harbor,
        organizationName: 'Harbor Physical Therapy',
        role: 'clinic',
        // Kept in the order of the capability table, whatever order they were sent in.
        capabilities: ['patients:read', 'billing:create'],
        prefix: secret.slice(0, 8),
        createdByName: expect.any(String),
        lastUsedAt: null,
        revokedAt: null,
        status: 'active',
      });
      const [stored] = await server.context.db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.id, token.id));
      expect(stored!.secretHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.toContain(secret);

      const list = await server.request({ url: '/api/admin/api-tokens', cookie: admin });
      expect(list.statusCode).toBe(200);
      const page = list.json<TApiTokenPage>();
      expect(page.items[0]).toEqual(token);
      expect(list.body).not.toContain(secret);
      expect(list.body).not.toContain(stored!.secretHash);
      expect(list.body).not.toContain('secret');
    });

    it('makes a service account that can never sign in, in the same transaction', async () => {
      const { token, secret } = await createTokenAs(server, admin, {
        name: 'Firm CMS',
        organizationId: morgan,
        capabilities: ['patients:read'],
      });
      const account = await serviceUserOf(server, token.id);
      expect(account).toMatchObject({
        kind: 'service',
        name: 'Firm CMS (API token)',
        email: `token-${account.id}@api-tokens.invalid`,
        role: 'attorney',
        organizationId: morgan,
        active: true,
        approved: true,
      });
      const credentials = await server.context.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, account.id));
      expect(credentials).toEqual([]);
      const login = await server.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: account.email, password: secret },
      });
      expect(login.statusCode).toBe(401);
      const reset = await server.request({
        method: 'POST',
        url: '/api/auth/password-reset/request',
        body: { email: account.email },
      });
      expect(reset.statusCode).toBe(202);
      const mails = await server.context.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, account.email));
      expect(mails).toEqual([]);
      const adminReset = await server.request({
        method: 'POST',
        url: `/api/users/${account.id}/password-reset`,
        cookie: admin,
      });
      expect(adminReset.statusCode).toBe(404);
    });

    it('audits the create and the revoke, naming the token', async () => {
      const { token } = await createTokenAs(server, admin, {
        name: 'Audited token',
        organizationId: null,
        capabilities: ['admin:audit'],
      });
      await server.request({
        method: 'POST',
        url: `/api/admin/api-tokens/${token.id}/revoke`,
        cookie: admin,
      });
      const rows = await server.context.db
        .select({ action: auditLogs.action, details: auditLogs.details })
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.userName, 'Avery Admin'),
            inArray(auditLogs.action, ['api_token_created', 'api_token_revoked']),
          ),
        )
        .orderBy(desc(auditLogs.id))
        .limit(2);
      expect(rows.map((row) => row.action)).toEqual(['api_token_revoked', 'api_token_created']);
      for (const row of rows) expect(row.details).toContain(`"Audited token" ${token.id}`);
      expect(rows[1]!.details).toContain('Administrators (Admin), capabilities admin:audit');
    });

    it.each([
      [
        'a capability the role does not have',
        { organizationId: 'clinic', capabilities: ['liens:record-payment'] },
        'A token for Clinic cannot hold "liens:record-payment"',
      ],
      [
        'a capability no token may hold',
        { organizationId: null, capabilities: ['admin:api-tokens'] },
        'A token for Admin cannot hold "admin:api-tokens"',
      ],
      [
        'the power to make people',
        { organizationId: null, capabilities: ['admin:users'] },
        'A token for Admin cannot hold "admin:users"',
      ],
      [
        'a session-only capability',
        { organizationId: 'clinic', capabilities: ['notifications:own'] },
        'A token for Clinic cannot hold "notifications:own"',
      ],
      [
        'no capability',
        { organizationId: null, capabilities: [] },
        'Choose at least one capability',
      ],
      [
        'an unknown organisation',
        { organizationId: '00000000-0000-4000-8000-000000000000', capabilities: ['patients:read'] },
        'This organisation does not exist',
      ],
      [
        'an expiry in the past',
        { organizationId: null, capabilities: ['patients:read'], expiresAt: expiryInDays(-1) },
        'Expiry must be in the future',
      ],
      [
        'an expiry more than a year away',
        { organizationId: null, capabilities: ['patients:read'], expiresAt: expiryInDays(366) },
        'Expiry must be at most 365 days from now',
      ],
      [
        'a blank name',
        { name: '   ', organizationId: null, capabilities: ['patients:read'] },
        'Token name is required (at most 100 characters)',
      ],
    ] as const)('refuses %s with 400 and creates nothing', async (_case, spec, message) => {
      const before = await server.context.db.$count(apiTokens);
      const response = await postToken(server, admin, {
        name: 'Refused',
        ...spec,
        organizationId: spec.organizationId === 'clinic' ? harbor : spec.organizationId,
        capabilities: [...spec.capabilities],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(await server.context.db.$count(apiTokens)).toBe(before);
    });

    it('pages newest first with a cursor', async () => {
      for (const name of ['Page one', 'Page two', 'Page three'])
        await createTokenAs(server, admin, {
          name,
          organizationId: null,
          capabilities: ['patients:read'],
        });
      const first = (
        await server.request({ url: '/api/admin/api-tokens?limit=2', cookie: admin })
      ).json<TApiTokenPage>();
      expect(first.items.map((item) => item.name)).toEqual(['Page three', 'Page two']);
      expect(first.nextCursor).toBe(first.items[1]!.id);
      const second = (
        await server.request({
          url: `/api/admin/api-tokens?limit=2&cursor=${first.nextCursor}`,
          cookie: admin,
        })
      ).json<TApiTokenPage>();
      expect(second.items[0]!.name).toBe('Page one');
      expect(second.total).toBe(first.total);
    });
  });

  describe('using a token', () => {
    it('a read-only token reads, gets 403 on a write, and a write token writes with no Origin', async () => {
      const reader = await createTokenAs(server, admin, {
        name: 'Reader',
        organizationId: harbor,
        capabilities: ['patients:read'],
      });
      const writer = await createTokenAs(server, admin, {
        name: 'Writer',
        organizationId: harbor,
        capabilities: ['patients:read', 'messages:send'],
      });
      const read = await requestWithToken(server, reader.secret, { url: `/api/patients/${maria}` });
      expect(read.statusCode).toBe(200);
      const message = { method: 'POST' as const, url: `/api/patients/${maria}/messages` };
      const refused = await requestWithToken(server, reader.secret, {
        ...message,
        body: { body: 'From the reader' },
      });
      expect(refused.statusCode).toBe(403);
      const written = await requestWithToken(server, writer.secret, {
        ...message,
        body: { body: 'From the practice system' },
      });
      expect(written.statusCode).toBe(201);
      expect(written.json().message).toMatchObject({ senderName: 'Writer (API token)' });
    });

    it('a clinic token sees exactly the patients a user of that clinic sees', async () => {
      const { secret } = await createTokenAs(server, admin, {
        name: 'Harbor list',
        organizationId: harbor,
        capabilities: ['patients:read'],
      });
      const asUser = await server.request({ url: '/api/patients', cookie: clinicCookie });
      const asToken = await requestWithToken(server, secret, { url: '/api/patients' });
      expect(asToken.statusCode).toBe(200);
      const ids = (response: typeof asUser) =>
        response.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id);
      expect(ids(asToken)).toEqual(ids(asUser));
      expect(ids(asToken).length).toBeGreaterThan(0);
      const summit = await getPatientId(server, 'Daniel Okafor');
      const outside = await requestWithToken(server, secret, { url: `/api/patients/${summit}` });
      expect(outside.statusCode).toBe(404);
    });

    it('an attorney token does not see Intake documents of an open case', async () => {
      await setPatientStatus(server, maria, 'Referred');
      const ids: Record<string, string> = {};
      for (const category of ['Intake', 'MRI']) {
        const uploaded = await upload(server, {
          patientId: maria,
          cookie: clinicCookie,
          category,
          file: { fileName: `${category}.png`, data: samplePng() },
        });
        ids[category] = uploaded.json().id;
      }
      const { secret } = await createTokenAs(server, admin, {
        name: 'Firm documents',
        organizationId: morgan,
        capabilities: ['patients:read'],
      });
      const list = await requestWithToken(server, secret, {
        url: `/api/patients/${maria}/documents`,
      });
      expect(list.statusCode).toBe(200);
      const seen = list.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id);
      expect(seen).toContain(ids.MRI);
      expect(seen).not.toContain(ids.Intake);
      const intake = await requestWithToken(server, secret, {
        url: `/api/documents/${ids.Intake}/download`,
      });
      expect(intake.statusCode).toBe(404);
    });

    it('audits every use with the token name, method, path and status, errors included', async () => {
      const { token, secret } = await createTokenAs(server, admin, {
        name: 'Audit me',
        organizationId: harbor,
        capabilities: ['patients:read'],
      });
      const account = await serviceUserOf(server, token.id);
      await requestWithToken(server, secret, { url: '/api/patients?search=Maria' });
      await requestWithToken(server, secret, {
        url: '/api/patients/00000000-0000-4000-8000-000000000000',
      });
      await requestWithToken(server, secret, {
        method: 'POST',
        url: `/api/patients/${maria}/messages`,
        body: { body: 'refused' },
      });
      const rows = await tokenUseRows(server, account.id);
      expect(rows.map((row) => row.details)).toEqual([
        `token "Audit me": POST /api/patients/${maria}/messages -> 403`,
        'token "Audit me": GET /api/patients/00000000-0000-4000-8000-000000000000 -> 404',
        'token "Audit me": GET /api/patients -> 200',
      ]);
      for (const row of rows) {
        expect(row.userName).toBe('Audit me (API token)');
        expect(row.userRole).toBe('clinic');
      }
      // The read itself is audited per actor as always, naming the service account.
      const [read] = await server.context.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.userId, account.id), eq(auditLogs.action, 'patients_listed')));
      expect(read?.userName).toBe('Audit me (API token)');
    });

    it('records the last use at most every 30 seconds', async () => {
      const { token, secret } = await createTokenAs(server, admin, {
        name: 'Last use',
        organizationId: null,
        capabilities: ['patients:read'],
      });
      await requestWithToken(server, secret, { url: '/api/patients/stats' });
      const read = async () =>
        (
          await server.context.db
            .select({ at: apiTokens.lastUsedAt, ip: apiTokens.lastUsedIp })
            .from(apiTokens)
            .where(eq(apiTokens.id, token.id))
        )[0]!;
      const first = await read();
      expect(first.at).toBeInstanceOf(Date);
      expect(first.ip).toBe('127.0.0.1');
      await requestWithToken(server, secret, { url: '/api/patients/stats' });
      expect((await read()).at).toEqual(first.at);
      await server.context.db
        .update(apiTokens)
        .set({ lastUsedAt: new Date(Date.now() - 31_000) })
        .where(eq(apiTokens.id, token.id));
      await requestWithToken(server, secret, { url: '/api/patients/stats' });
      expect((await read()).at!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    });
  });

  describe('refusals', () => {
    it('a revoked token is refused on the very next request', async () => {
      const { token, secret } = await createTokenAs(server, admin, {
        name: 'Revoke me',
        organizationId: harbor,
        capabilities: ['patients:read'],
      });
      expect((await requestWithToken(server, secret, { url: '/api/patients' })).statusCode).toBe(
        200,
      );
      const revoked = await server.request({
        method: 'POST',
        url: `/api/admin/api-tokens/${token.id}/revoke`,
        cookie: admin,
      });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json<TApiToken>()).toMatchObject({
        status: 'revoked',
        revokedByName: 'Avery Admin',
      });
      const after = await requestWithToken(server, secret, { url: '/api/patients' });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual(UNAUTHENTICATED);
      expect((await serviceUserOf(server, token.id)).active).toBe(false);
      const again = await server.request({
        method: 'POST',
        url: `/api/admin/api-tokens/${token.id}/revoke`,
        cookie: admin,
      });
      expect(again.statusCode).toBe(409);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const missing = await server.request({
          method: 'POST',
          url: `/api/admin/api-tokens/${id}/revoke`,
          cookie: admin,
        });
        expect(missing.statusCode).toBe(404);
      }
    });

    it('an expired token is refused and listed as Expired', async () => {
      const { token, secret } = await createTokenAs(server, admin, {
        name: 'Expire me',
        organizationId: harbor,
        capabilities: ['patients:read'],
      });
      await server.context.db
        .update(apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiTokens.id, token.id));
      const response = await requestWithToken(server, secret, { url: '/api/patients' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHENTICATED);
      const list = (
        await server.request({ url: '/api/admin/api-tokens?limit=100', cookie: admin })
      ).json<TApiTokenPage>();
      expect(list.items.find((item) => item.id === token.id)?.status).toBe('expired');
    });

    it('a token whose service account was deactivated is refused', async () => {
      const { token, secret } = await createTokenAs(server, admin, {
        name: 'Inactive account',
        organizationId: harbor,
        capabilities: ['patients:read'],
      });
      const account = await serviceUserOf(server, token.id);
      await server.context.db.update(users).set({ active: false }).where(eq(users.id, account.id));
      expect((await requestWithToken(server, secret, { url: '/api/patients' })).statusCode).toBe(
        401,
      );
    });

    it('a bad bearer token is 401 even with a valid session cookie alongside', async () => {
      const { secret } = await createTokenAs(server, admin, {
        name: 'Almost',
        organizationId: harbor,
        capabilities: ['patients:read'],
      });
      const unknown = `${secret.slice(0, -4)}AAAA`;
      for (const authorization of [
        `Bearer ${unknown}`,
        'Bearer not-a-token',
        'Bearer',
        `Basic ${Buffer.from('admin@demo.test:x').toString('base64')}`,
      ]) {
        const response = await server.request({
          url: '/api/patients',
          cookie: admin,
          headers: { authorization },
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(UNAUTHENTICATED);
      }
    });

    it('a token cannot manage tokens nor reach session-only routes, even an admin one', async () => {
      const { secret } = await createTokenAs(server, admin, {
        name: 'Admin machine',
        organizationId: null,
        capabilities: ['patients:read', 'admin:audit', 'admin:tools'],
      });
      const list = await requestWithToken(server, secret, { url: '/api/admin/api-tokens' });
      expect(list.statusCode).toBe(403);
      const create = await requestWithToken(server, secret, {
        method: 'POST',
        url: '/api/admin/api-tokens',
        body: {
          name: 'Minted',
          organizationId: null,
          capabilities: ['patients:read'],
          expiresAt: expiryInDays(1),
        },
      });
      expect(create.statusCode).toBe(403);
      expect((await requestWithToken(server, secret, { url: '/api/sessions' })).statusCode).toBe(
        403,
      );
      expect(
        (await requestWithToken(server, secret, { url: '/api/notifications' })).statusCode,
      ).toBe(403);
      // Not among its capabilities, though admins have it.
      expect((await requestWithToken(server, secret, { url: '/api/users' })).statusCode).toBe(403);
      expect((await requestWithToken(server, secret, { url: '/api/audit-logs' })).statusCode).toBe(
        200,
      );
    });
  });

  describe('service accounts stay out of what people see', () => {
    it('are absent from the Users list, its count, the overview and a patient audience', async () => {
      const overviewBefore = (
        await server.request({ url: '/api/admin/overview', cookie: admin })
      ).json();
      const usersBefore = (await server.request({ url: '/api/users', cookie: admin })).json();
      const { token } = await createTokenAs(server, admin, {
        name: 'Invisible',
        organizationId: harbor,
        capabilities: ['patients:read'],
      });
      const account = await serviceUserOf(server, token.id);
      const search = await server.request({
        url: '/api/users?search=Invisible',
        cookie: admin,
      });
      expect(search.json().items).toEqual([]);
      const usersAfter = (await server.request({ url: '/api/users', cookie: admin })).json();
      expect(usersAfter.total).toBe(usersBefore.total);
      expect(JSON.stringify(usersAfter.items)).not.toContain(account.id);
      const overviewAfter = (
        await server.request({ url: '/api/admin/overview', cookie: admin })
      ).json();
      expect(overviewAfter.totalUsers).toBe(overviewBefore.totalUsers);
      expect(overviewAfter.activeUsers).toBe(overviewBefore.activeUsers);
      const directory = await server.request({ url: '/api/organizations', cookie: clinicCookie });
      expect(directory.body).not.toContain('Invisible');
      const audience = await listPatientAudience(server.context.db, maria as never);
      expect(audience.map((member) => member.id)).not.toContain(account.id);
      expect(audience.length).toBeGreaterThan(0);
      const edit = await server.request({
        method: 'PATCH',
        url: `/api/users/${account.id}`,
        cookie: admin,
        body: { active: false, version: 1 },
      });
      expect(edit.statusCode).toBe(404);
    });
  });
});

/** Revocation without a cache: another instance on the same PostgreSQL database refuses at once. */
it.runIf(inject('testTemplate').kind === 'postgres')(
  'a token revoked on one instance is refused by the other on the next request',
  async () => {
    const instances: TestServer[] = [await createTestServer()];
    try {
      const [first] = instances as [TestServer];
      instances.push(await createTestServer({}, { joinDatabaseUrl: first.databaseUrl }));
      const second = instances[1]!;
      const admin = await first.login('admin@demo.test');
      const { token, secret } = await createTokenAs(first, admin, {
        name: 'Two instances',
        organizationId: null,
        capabilities: ['patients:read'],
      });
      const listWithToken = async () =>
        (await requestWithToken(second, secret, { url: '/api/patients' })).statusCode;
      expect(await listWithToken()).toBe(200);
      await first.request({
        method: 'POST',
        url: `/api/admin/api-tokens/${token.id}/revoke`,
        cookie: admin,
      });
      expect(await listWithToken()).toBe(401);
    } finally {
      for (const instance of instances.toReversed()) await instance.close();
    }
  },
);
