import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { getSessionCookie } from 'better-auth/cookies';
import { MIN_PASSWORD_LENGTH } from '@casebridge/domain/constants';
import type { Db } from '#src/db/client.ts';
import { accounts, sessions, users, verifications } from '#src/db/schema/index.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const SESSION_COOKIE_PREFIX = 'casebridge';

/** Whether the request carries a session cookie at all, not whether it still opens a session. */
export function hasSessionCookie(headers: Headers): boolean {
  return Boolean(getSessionCookie(headers, { cookiePrefix: SESSION_COOKIE_PREFIX }));
}
/** Absolute session lifetime; the idle timeout from settings ends most sessions much sooner. */
const SESSION_LIFETIME_SECONDS = 60 * 60 * 12;

export type AuthOptions = { secret: string; appUrl: string };

/**
 * better-auth runs sign-in, sign-out and session lookup. Its own HTTP handler is not mounted:
 * CaseBridge's routes call `auth.api` so that every route stays in the route table, and it adds
 * throttling, auditing and the idle timeout around it.
 */
export function createAuth(db: Db, options: AuthOptions) {
  const isLocalhost = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(options.appUrl);
  return betterAuth({
    secret: options.secret,
    baseURL: options.appUrl,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are created by administrators, never by a public sign-up.
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', input: false, required: true },
        active: { type: 'boolean', input: false, required: false },
      },
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_LIFETIME_SECONDS,
      cookieCache: { enabled: false },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: true },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: !isLocalhost,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
