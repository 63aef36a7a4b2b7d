import { eq } from 'drizzle-orm';
import type { TCreateApiTokenResult } from '@casebridge/domain/api-tokens/api-token.schemas';
import type { Capability } from '@casebridge/domain/capabilities';
import { users } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';

const DAY_MS = 86_400_000;

/** An expiry `days` from now, as the create request takes it. */
export function expiryInDays(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString();
}

/** The organisation a demo user belongs to (the one a token for that party is made for). */
export async function organizationOf(server: TestServer, email: string): Promise<string> {
  const [row] = await server.context.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.email, email));
  if (!row?.organizationId) throw new Error(`${email} has no organisation`);
  return row.organizationId;
}

export type TokenSpec = {
  name: string;
  organizationId: string | null;
  capabilities: Capability[];
  expiresAt?: string;
};

/** POST /api/admin/api-tokens as `cookie`: the raw answer. */
export function postToken(server: TestServer, cookie: string, spec: TokenSpec) {
  return server.request({
    method: 'POST',
    url: '/api/admin/api-tokens',
    cookie,
    body: { expiresAt: expiryInDays(90), ...spec },
  });
}

/** Creates a token as the admin `cookie` and returns it with its secret. */
export async function createTokenAs(
  server: TestServer,
  cookie: string,
  spec: TokenSpec,
): Promise<TCreateApiTokenResult> {
  const response = await postToken(server, cookie, spec);
  if (response.statusCode !== 201)
    throw new Error(`token create failed: ${response.statusCode} ${response.body}`);
  return response.json<TCreateApiTokenResult>();
}

/** A request authenticated by the token `secret` (no cookie, no Origin: a machine client). */
export function requestWithToken(
  server: TestServer,
  secret: string,
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    body?: unknown;
    cookie?: string;
  },
) {
  return server.request({ ...options, headers: { authorization: `Bearer ${secret}` } });
}
