import { eq } from 'drizzle-orm';
import { MESSAGES } from '@casebridge/domain/errors';
import type { TLoginRequest, TSessionResponse } from '@casebridge/domain/auth/auth.schemas';
import type { SecondFactorState } from '@casebridge/domain/mfa/mfa.schemas';
import type { Db } from '#src/db/client.ts';
import { sessions, users } from '#src/db/schema/index.ts';
import type { AppContext } from '#src/app-context.ts';
import { hasSessionCookie, type Auth } from '#src/auth/auth.ts';
import { resolveActor } from '#src/auth/session.ts';
import { inChange } from '#src/change/change.ts';
import { throttleGroupOf } from '#src/lib/address-group.ts';
import { AppError } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { getSignInSecondFactorState } from '#src/modules/mfa/mfa.service.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import { getSessionUser, toSessionResponse, toSessionUser } from './auth.queries.ts';
import { claimAttempt, clearFailures, toThrottledError } from './login-throttle.ts';
import { alertOwnerOfFailures } from './sign-in-alert.ts';

/**
 * The session as GET /api/auth/session answers it, and as the server puts it in a page it sends
 * (web-pages.ts): null without a session cookie; for a cookie that no longer opens a session, the
 * error that says why (UNAUTHENTICATED, or SESSION_EXPIRED after the idle timeout). Any
 * second-factor state: this is how the app learns to ask for the code or to enrol.
 */
export async function readSession(
  { db, auth, sessionCache }: Pick<AppContext, 'db' | 'auth' | 'sessionCache'>,
  headers: Headers,
): Promise<TSessionResponse | null> {
  if (!hasSessionCookie(headers)) return null;
  const settings = await sessionCache.getSettings(() => getSettings(db));
  const actor = await resolveActor(db, auth, headers, settings.sessionTimeoutMinutes, {
    secondFactorStep: 'any',
    cache: sessionCache,
  });
  if (!actor) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return toSessionResponse(toSessionUser(actor), settings, actor.secondFactor ?? 'complete');
}

export type SignInResult = {
  setCookies: string[];
  userId: string;
  /** Whether the new session must still give a second factor or enrol (modules/mfa). */
  secondFactor: SecondFactorState;
};

/**
 * Signs in with e-mail and password. Unknown e-mail and wrong password answer the same; an
 * attempt the throttle refuses (login-throttle.ts) is answered 429 before the password is checked.
 */
export async function signIn(
  db: Db,
  auth: Auth,
  input: TLoginRequest,
  context: RequestContext & { headers: Headers },
): Promise<SignInResult> {
  // Nobody is signed in yet: the audit rows name the user only once the password is right.
  const author = { actor: null, context };
  const attempt = await claimAttempt(db, input.email, throttleGroupOf(context.ip));
  if (attempt.isThrottled) {
    await inChange(db, author, async (change) => {
      change.audit({ action: 'login_failed', details: `throttled: ${input.email}` });
    });
    throw toThrottledError(attempt.retryAfterSeconds);
  }

  let result: Awaited<ReturnType<typeof callSignIn>>;
  try {
    result = await callSignIn(auth, input, context.headers);
  } catch {
    // The attempt row claimed above stays: it is this failure's record.
    await inChange(db, author, async (change) => {
      change.audit({ action: 'login_failed', details: input.email });
    });
    await alertOwnerOfFailures(db, input.email, context);
    throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  }

  const userId = result.response.user.id;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  // A service account (an API token's) has no password; should one ever get a session, refuse it.
  if (!user || !user.active || !user.approved || user.kind !== 'person') {
    await inChange(db, author, async (change) => {
      await change.tx.delete(sessions).where(eq(sessions.userId, userId));
      change.audit({ action: 'login_failed', details: `${input.email}: account not usable` });
    });
    throw new AppError(
      'FORBIDDEN',
      user && !user.active ? MESSAGES.accountInactive : MESSAGES.accountPendingApproval,
    );
  }

  // The address the Security page shows: the one the server trusts (TRUST_PROXY), not
  // better-auth's reading of forwarding headers, which a client without a proxy could write.
  // A user with a second factor gets a session that opens nothing until the code is given.
  const secondFactor = await getSignInSecondFactorState(db, user);
  await db
    .update(sessions)
    .set({ ipAddress: context.ip, secondFactorPending: secondFactor === 'pending' })
    .where(eq(sessions.token, result.response.token));
  await clearFailures(db, input.email, throttleGroupOf(context.ip));
  await inChange(db, author, async (change) => {
    change.audit({
      action: 'login',
      actor: { userId: user.id, name: user.name, role: user.role as never },
    });
  });
  return { setCookies: result.headers.getSetCookie(), userId, secondFactor };
}

function callSignIn(auth: Auth, input: TLoginRequest, headers: Headers) {
  return auth.api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: false },
    headers,
    returnHeaders: true,
  });
}

export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  const result = await auth.api.signOut({ headers, returnHeaders: true });
  return result.headers.getSetCookie();
}

/** The answer to a sign-in: the user's profile, the settings the app needs and the second factor. */
export async function getSignInResponse(
  db: Db,
  userId: string,
  secondFactor: SecondFactorState,
): Promise<TSessionResponse> {
  return toSessionResponse(await getSessionUser(db, userId), await getSettings(db), secondFactor);
}
