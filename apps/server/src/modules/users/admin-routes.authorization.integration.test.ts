import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@casebridge/domain/settings/settings.schemas';
import {
  accessRequests,
  auditLogs,
  healthChecks,
  mailOutbox,
  messageTemplates,
  organizations,
  sessions,
  settings,
  userInvitations,
  users,
} from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { getOrganizationId } from './user-test-support.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
type AdminRoute = { method: Method; url: string; body?: unknown };

const NON_ADMINS = [
  'clinic@demo.test',
  'clinic2@demo.test',
  'attorney@demo.test',
  'attorney2@demo.test',
  'lienholder@demo.test',
] as const;

/** Paths whose every route (except those listed as open) is for administrators. */
const ADMIN_AREAS = [
  '/api/users',
  '/api/access-requests',
  '/api/audit-logs',
  '/api/settings',
  '/api/admin',
  '/api/templates',
  '/api/organizations',
];
const OPEN_ROUTES = new Set([
  'POST /api/access-requests',
  'GET /api/templates',
  'GET /api/organizations',
]);

describe('every admin route refuses every non-admin role', () => {
  let server: TestServer;
  let routes: AdminRoute[];

  beforeAll(async () => {
    server = await createTestServer();
    const db = server.context.db;
    const harborId = await getOrganizationId(server, 'Harbor Physical Therapy');
    const [user] = await db.select().from(users).limit(1);
    const [template] = await db.select().from(messageTemplates).limit(1);
    const [request] = await db
      .insert(accessRequests)
      .values({
        name: 'Req',
        email: 'req@example.test',
        organization: 'Org',
        phone: '1',
        role: 'clinic',
      })
      .returning();
    const [mail] = await db
      .insert(mailOutbox)
      // Failed, so a retry that slipped through would change it.
      .values({
        kind: 'test',
        toAddress: 'x@example.test',
        subject: 's',
        html: 'h',
        text: 't',
        status: 'failed',
      })
      .returning();
    const newUser = {
      name: 'Eve',
      email: 'eve@example.test',
      role: 'clinic',
      organizationId: harborId,
    };
    // Each write names the version it was made from (the seeded records' first), so only the
    // role stands between it and a change.
    routes = [
      { method: 'GET', url: '/api/users' },
      { method: 'POST', url: '/api/users', body: newUser },
      { method: 'PATCH', url: `/api/users/${user!.id}`, body: { active: false, version: 1 } },
      // Edit User: the same route with a name, role and organisation.
      {
        method: 'PATCH',
        url: `/api/users/${user!.id}`,
        body: { name: 'Renamed', role: 'clinic', organizationId: harborId, version: 1 },
      },
      { method: 'POST', url: `/api/users/${user!.id}/invitation` },
      { method: 'POST', url: `/api/users/${user!.id}/sessions/end` },
      { method: 'POST', url: `/api/users/${user!.id}/password-reset` },
      { method: 'POST', url: `/api/users/${user!.id}/mfa/reset` },
      { method: 'GET', url: '/api/access-requests' },
      {
        method: 'POST',
        url: `/api/access-requests/${request!.id}/approve`,
        body: { role: 'clinic', organizationId: harborId },
      },
      { method: 'POST', url: `/api/access-requests/${request!.id}/reject` },
      { method: 'GET', url: '/api/audit-logs' },
      { method: 'GET', url: '/api/audit-logs/export' },
      { method: 'POST', url: '/api/admin/audit/verify' },
      { method: 'GET', url: '/api/settings' },
      {
        method: 'PUT',
        url: '/api/settings',
        body: { ...DEFAULT_SETTINGS, maxUploadMb: 1, version: 1 },
      },
      { method: 'GET', url: '/api/admin/overview' },
      { method: 'GET', url: '/api/admin/tools' },
      { method: 'POST', url: '/api/admin/health-checks' },
      { method: 'POST', url: '/api/admin/demo-data' },
      { method: 'GET', url: '/api/admin/mail-outbox' },
      { method: 'GET', url: `/api/admin/mail-outbox/${mail!.id}` },
      { method: 'POST', url: `/api/admin/mail-outbox/${mail!.id}/retry` },
      { method: 'POST', url: '/api/admin/mail-outbox/retry-failed' },
      { method: 'GET', url: '/api/admin/jobs' },
      { method: 'POST', url: '/api/admin/jobs/1/retry' },
      { method: 'POST', url: '/api/admin/jobs/queues/mail.send/resume' },
      { method: 'GET', url: '/api/admin/system' },
      { method: 'GET', url: '/api/admin/api-tokens' },
      {
        method: 'POST',
        url: '/api/admin/api-tokens',
        body: {
          name: 'Sync',
          organizationId: harborId,
          capabilities: ['patients:read'],
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      },
      { method: 'POST', url: `/api/admin/api-tokens/${harborId}/revoke` },
      {
        method: 'POST',
        url: '/api/templates',
        body: { title: 't', body: 'b', templateType: 'message' },
      },
      {
        method: 'PATCH',
        url: `/api/templates/${template!.id}`,
        body: { active: false, version: 1 },
      },
      // Edit Template: the same route with a title, subject and body.
      {
        method: 'PATCH',
        url: `/api/templates/${template!.id}`,
        body: {
          title: 'Renamed',
          body: 'b',
          templateType: template!.templateType,
          subject: 'Renamed',
          version: 1,
        },
      },
      {
        method: 'POST',
        url: '/api/organizations',
        body: { kind: 'clinic', name: 'Sneaky Clinic' },
      },
      {
        method: 'PATCH',
        url: `/api/organizations/${harborId}`,
        body: { name: 'Renamed', version: 1 },
      },
    ];
  });
  afterAll(async () => {
    await server.close();
  });

  it('covers every admin route the API documents', async () => {
    const openapi = (await server.request({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented: string[] = [];
    for (const [path, operations] of Object.entries(openapi.paths)) {
      const url = `/api${path.replace(/^\/api/, '')}`;
      if (!ADMIN_AREAS.some((area) => url.startsWith(area))) continue;
      for (const method of Object.keys(operations)) {
        const key = `${method.toUpperCase()} ${url}`;
        if (!OPEN_ROUTES.has(key)) documented.push(key.replace(/\{[^}]+\}/g, ':id'));
      }
    }
    const tested = routes.map(
      (route) =>
        `${route.method} ${route.url.replace(/[0-9a-f-]{36}|(?<=users\/)[^/]+|(?<=jobs\/)\d+|(?<=queues\/)[^/]+/g, ':id')}`,
    );
    // A route may be tested with several bodies (PATCH a user: flags, or an edit).
    expect(documented.length).toBeGreaterThanOrEqual(new Set(tested).size);
    expect(new Set(tested)).toEqual(new Set(documented));
  });

  it('answers 403 to each non-admin role and 401 signed out, and changes nothing', async () => {
    const cookies = await Promise.all(NON_ADMINS.map((email) => server.login(email)));
    const db = server.context.db;
    const snapshot = async () => ({
      users: await db.select().from(users),
      sessions: (await db.select().from(sessions)).length,
      invitations: await db.select().from(userInvitations),
      templates: await db.select().from(messageTemplates),
      organizations: await db.select().from(organizations),
      settings: await db.select().from(settings),
      accessRequests: await db.select().from(accessRequests),
      mail: await db.select().from(mailOutbox),
      healthChecks: await db.select().from(healthChecks),
      audit: (await db.select().from(auditLogs)).length,
    });
    const before = await snapshot();
    for (const route of routes) {
      for (const [index, cookie] of cookies.entries()) {
        const response = await server.request({ ...route, cookie });
        expect(response.statusCode, `${NON_ADMINS[index]} ${route.method} ${route.url}`).toBe(403);
      }
      const signedOut = await server.request(route);
      expect(signedOut.statusCode, `signed out ${route.method} ${route.url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });
});
