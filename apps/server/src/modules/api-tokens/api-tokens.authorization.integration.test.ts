import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotNull } from 'drizzle-orm';
import { apiTokens } from '#src/db/schema/index.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { DEMO_ACTOR_EMAILS, type DemoActorKey } from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { createTokenAs, expiryInDays } from './api-token-test-support.ts';

/**
 * Every API-token route × every role: only administrators list, create and revoke tokens
 * (admin:api-tokens); everyone else gets 403 before anything is read or changed, and a caller
 * with no session 401.
 */
const ACTORS = [...Object.keys(DEMO_ACTOR_EMAILS), 'contact'] as DemoActorKey[];

describe('API token routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<DemoActorKey, string>;
  let tokenId: string;

  beforeAll(async () => {
    server = await createTestServer();
    for (const [key, email] of Object.entries(DEMO_ACTOR_EMAILS))
      cookies[key as DemoActorKey] = await server.login(email);
    cookies.contact = await server.login(
      await createContactOf(server, 'James Whitfield', 'contact@example.test'),
    );
    tokenId = (
      await createTokenAs(server, cookies.admin, {
        name: 'Matrix',
        organizationId: null,
        capabilities: ['patients:read'],
      })
    ).token.id;
  });
  afterAll(async () => server.close());

  const routes = () => [
    { name: 'list', method: 'GET' as const, url: '/api/admin/api-tokens', ok: 200 },
    {
      name: 'create',
      method: 'POST' as const,
      url: '/api/admin/api-tokens',
      body: {
        name: 'Matrix create',
        organizationId: null,
        capabilities: ['patients:read'],
        expiresAt: expiryInDays(30),
      },
      ok: 201,
    },
    { name: 'revoke', method: 'POST' as const, url: `/api/admin/api-tokens/${tokenId}/revoke` },
  ];
  const counts = async () => ({
    tokens: await server.context.db.$count(apiTokens),
    revoked: await server.context.db.$count(apiTokens, isNotNull(apiTokens.revokedAt)),
  });

  for (const actor of ACTORS.filter((key) => key !== 'admin')) {
    it(`${actor}: 403 on every route, nothing changes`, async () => {
      const before = await counts();
      for (const route of routes()) {
        const response = await server.request({ ...route, cookie: cookies[actor] });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      expect(await counts()).toEqual(before);
    });
  }

  it('no session: 401 on every route', async () => {
    for (const route of routes()) {
      const response = await server.request(route);
      expect(response.statusCode).toBe(401);
    }
  });

  it('admin: lists, creates and revokes', async () => {
    const before = await counts();
    const answers = [];
    for (const route of routes())
      answers.push((await server.request({ ...route, cookie: cookies.admin })).statusCode);
    expect(answers).toEqual([200, 201, 200]);
    expect(await counts()).toEqual({ tokens: before.tokens + 1, revoked: before.revoked + 1 });
  });
});
