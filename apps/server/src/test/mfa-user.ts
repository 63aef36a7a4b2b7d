import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import type { TRecoveryCodes, TTotpEnrolment } from '@casebridge/domain/mfa/mfa.schemas';
import type { Role } from '@casebridge/domain/roles';
import type { TSettingsRecord } from '@casebridge/domain/settings/settings.schemas';
import { totpFactors, users } from '#src/db/schema/index.ts';
import { insertUser } from '#src/modules/users/users.queries.ts';
import { toCookieHeader, type TestServer } from './test-server.ts';

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
export function totpCodeOf(secret: string, stepsAhead = 0): string {
  return authenticator.clone({ epoch: Date.now() + stepsAhead * 30_000 }).generate(secret);
}

/** A new user of `role`, in the same organisation as the demo user of that role. */
export async function createUserOf(server: TestServer, role: Role, email: string) {
  const { db } = server.context;
  const [demo] = await db
    .select()
    .from(users)
    .where(eq(users.email, `${role}@demo.test`));
  return insertUser(db, {
    email,
    name: `Test ${role} ${email.split('@')[0]}`,
    role,
    organizationId: demo?.organizationId ?? null,
    password: DEMO_PASSWORD,
  });
}

/** Signs in with the password only; the answer tells the session's second-factor state. */
export async function signInWithPassword(server: TestServer, email: string) {
  const response = await server.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email, password: DEMO_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.body}`);
  return {
    cookie: toCookieHeader(response),
    secondFactor: response.json<{ secondFactor: string }>().secondFactor,
  };
}

export async function postCode(server: TestServer, cookie: string, url: string, code: string) {
  return server.request({ method: 'POST', url, cookie, body: { code } });
}

/** Sets up TOTP for the signed-in user: the secret and the recovery codes. */
export async function enrolTotp(server: TestServer, cookie: string) {
  const started = await server.request({ method: 'POST', url: '/api/mfa/totp/start', cookie });
  if (started.statusCode !== 200) throw new Error(`start: ${started.body}`);
  const { secret } = started.json<TTotpEnrolment>();
  const confirmed = await postCode(server, cookie, '/api/mfa/totp/confirm', totpCodeOf(secret));
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
  return { secret, recoveryCodes: confirmed.json<TRecoveryCodes>().codes };
}

/** Lets the current time step's code be used again (tests sign in more often than every 30 s). */
export async function forgetUsedTotpStep(server: TestServer, userId: string) {
  await server.context.db
    .update(totpFactors)
    .set({ lastUsedStep: null })
    .where(eq(totpFactors.userId, userId));
}

/** Saves 'Require MFA' as an admin would, through the settings' version (If-Match) flow. */
export async function setRequiredMfaRoles(server: TestServer, adminCookie: string, roles: Role[]) {
  const current = await server.request({ url: '/api/settings', cookie: adminCookie });
  const {
    version,
    updatedAt: _at,
    updatedByName: _by,
    ...values
  } = current.json<TSettingsRecord>();
  const saved = await server.request({
    method: 'PUT',
    url: '/api/settings',
    cookie: adminCookie,
    headers: { 'if-match': `"${version}"` },
    body: { ...values, requireMfaRoles: roles },
  });
  if (saved.statusCode !== 200) throw new Error(`settings: ${saved.body}`);
}
