import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCESS_REQUEST_MESSAGES } from '@casebridge/domain/access-requests/access-request-review.schemas';
import { USER_MESSAGES } from '@casebridge/domain/users/user.schemas';
import { accessRequests, auditLogs, settings, users } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { getOrganizationId, readInvitationToken } from '#src/modules/users/user-test-support.ts';
import { formMessage } from '#src/test/form-message.ts';

describe('admin review of access requests', () => {
  let server: TestServer;
  let admin: string;
  let summitId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer();
    admin = await server.login('admin@demo.test');
    summitId = await getOrganizationId(server, 'Summit Spine & Pain Center');
    for (const [key, role] of [
      ['approve', 'other'],
      ['reject', 'attorney'],
      ['race', 'clinic'],
    ] as const) {
      const response = await server.request({
        method: 'POST',
        url: '/api/access-requests',
        body: {
          name: `Requester ${key}`,
          email: `${key}@request.example`,
          organization: 'Summit Spine',
          phone: '555-0199',
          role,
        },
      });
      ids[key] = response.json().id;
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists pending requests oldest first', async () => {
    const response = await server.request({ url: '/api/access-requests', cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((item: { email: string }) => item.email)).toEqual([
      'approve@request.example',
      'reject@request.example',
      'race@request.example',
    ]);
  });

  it('approving creates the user with the chosen role and organisation and invites them', async () => {
    // Approving is the admin approval: the approval setting does not hold this user back.
    await server.context.db
      .update(settings)
      .set({ requireUserApproval: true })
      .where(eq(settings.id, true));
    const missingOrg = await server.request({
      method: 'POST',
      url: `/api/access-requests/${ids.approve}/approve`,
      cookie: admin,
      body: { role: 'clinic' },
    });
    expect(formMessage(missingOrg)).toBe(USER_MESSAGES.organizationRequired);

    const response = await server.request({
      method: 'POST',
      url: `/api/access-requests/${ids.approve}/approve`,
      cookie: admin,
      body: { role: 'clinic', organizationId: summitId },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'approve@request.example',
      name: 'Requester approve',
      role: 'clinic',
      organization: { id: summitId },
      approved: true,
    });
    const [request] = await server.context.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.id, ids.approve!));
    expect(request).toMatchObject({ status: 'approved', createdUserId: response.json().id });

    const token = await readInvitationToken(server, 'approve@request.example');
    const accepted = await server.request({
      method: 'POST',
      url: '/api/invitations/accept',
      body: { token, password: 'approved-user-password' },
    });
    expect(accepted.statusCode).toBe(204);
    await expect(
      server.login('approve@request.example', 'approved-user-password'),
    ).resolves.toContain('casebridge');
    await server.context.db
      .update(settings)
      .set({ requireUserApproval: false })
      .where(eq(settings.id, true));

    const audit = await server.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'access_request_approved'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.userName).toBe('Avery Admin');
  });

  it('rejecting closes the request without creating a user', async () => {
    const response = await server.request({
      method: 'POST',
      url: `/api/access-requests/${ids.reject}/reject`,
      cookie: admin,
    });
    expect(response.statusCode).toBe(204);
    expect(
      await server.context.db.select().from(users).where(eq(users.email, 'reject@request.example')),
    ).toEqual([]);
    const rejected = await server.request({
      url: '/api/access-requests?status=rejected',
      cookie: admin,
    });
    expect(rejected.json().items).toEqual([
      expect.objectContaining({ email: 'reject@request.example', reviewedByName: 'Avery Admin' }),
    ]);
    const audit = await server.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'access_request_rejected'));
    expect(audit[0]?.details).toContain('reject@request.example');
  });

  it('a reviewed request cannot be reviewed again', async () => {
    for (const [id, action] of [
      [ids.approve, 'reject'],
      [ids.reject, 'approve'],
    ] as const) {
      const response = await server.request({
        method: 'POST',
        url: `/api/access-requests/${id}/${action}`,
        cookie: admin,
        body: action === 'approve' ? { role: 'admin' } : undefined,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(ACCESS_REQUEST_MESSAGES.alreadyReviewed);
    }
    const pending = await server.request({ url: '/api/access-requests', cookie: admin });
    expect(pending.json().items.map((item: { email: string }) => item.email)).toEqual([
      'race@request.example',
    ]);
  });

  it('approval fails whole when the e-mail already has an account', async () => {
    await server.context.db
      .update(accessRequests)
      .set({ email: 'clinic@demo.test' })
      .where(eq(accessRequests.id, ids.race!));
    const response = await server.request({
      method: 'POST',
      url: `/api/access-requests/${ids.race}/approve`,
      cookie: admin,
      body: { role: 'clinic', organizationId: summitId },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(USER_MESSAGES.emailTaken);
    const [request] = await server.context.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.id, ids.race!));
    expect(request?.status).toBe('pending');
  });

  it('answers 404 for a missing request', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/access-requests/00000000-0000-4000-8000-000000000000/reject',
      cookie: admin,
    });
    expect(response.statusCode).toBe(404);
  });
});
