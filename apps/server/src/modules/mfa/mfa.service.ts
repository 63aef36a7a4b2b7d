import type { Role } from '@casebridge/domain/roles';
import {
  MFA_MESSAGES,
  SECOND_FACTOR_THROTTLE,
  type SecondFactorState,
  type TMfaStatus,
  type TRecoveryCodes,
  type TTotpEnrolment,
} from '@casebridge/domain/mfa/mfa.schemas';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound, RateLimitedError } from '#src/lib/app-error.ts';
import { inChange } from '#src/change/change.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import {
  deleteSessionsExcept,
  publishSessionsEnded,
} from '#src/modules/sessions/sessions.service.ts';
import {
  clearSecondFactorFailures,
  consumeRecoveryCode,
  countSecondFactorFailures,
  countUnusedRecoveryCodes,
  deletePendingSessions,
  deleteSecondFactor,
  findTotpFactor,
  findUserEmail,
  hasConfirmedTotpFactor,
  insertSecondFactorFailure,
  markSessionVerified,
  recordTotpStep,
  replaceRecoveryCodes,
  savePendingTotpFactor,
} from './mfa.queries.ts';
import {
  createRecoveryCodes,
  createTotpSecret,
  decryptTotpSecret,
  describeTotpSecret,
  encryptTotpSecret,
  hashRecoveryCode,
  isTotpCodeShape,
  matchTotpStep,
} from './totp.ts';

/** What every second-factor operation needs besides its input. */
export type MfaContext = RequestContext & { db: Db; totpKey: Buffer };

/** The factor's secret; one encrypted under another auth secret (rotated) cannot be checked. */
function readSecret(context: MfaContext, userId: string, ciphertext: string): string {
  try {
    return decryptTotpSecret(context.totpKey, userId, ciphertext);
  } catch {
    throw new AppError('CONFLICT', MFA_MESSAGES.unreadableFactor);
  }
}

type CodeCheck =
  | { outcome: 'totp' | 'recovery' }
  | { outcome: 'failed' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * Checks a code against the user's factor: a TOTP code of a step not used before, or (when
 * `allowRecovery`) an unused recovery code, which is used up. The factor row is locked so that one
 * user's attempts take turns: a code cannot be accepted twice, and the failure count is exact.
 * A failure is recorded and audited in the same transaction, which commits: the caller throws.
 */
async function checkCode(
  context: MfaContext,
  actor: Actor,
  code: string,
  { allowRecovery, confirm }: { allowRecovery: boolean; confirm: boolean },
): Promise<CodeCheck> {
  return inChange(context.db, { actor, context }, async (change) => {
    const { tx } = change;
    const factor = await findTotpFactor(tx, actor.userId, { forUpdate: true });
    if (!factor || (factor.confirmedAt === null) !== confirm) {
      throw new AppError(
        'CONFLICT',
        confirm ? MFA_MESSAGES.enrolmentNotStarted : MFA_MESSAGES.notEnrolled,
      );
    }
    const windowStart = new Date(Date.now() - SECOND_FACTOR_THROTTLE.windowMinutes * 60_000);
    const { failures, oldest } = await countSecondFactorFailures(tx, actor.userId, windowStart);
    if (failures >= SECOND_FACTOR_THROTTLE.maxFailures) {
      const freeAt =
        (oldest ?? new Date()).getTime() + SECOND_FACTOR_THROTTLE.windowMinutes * 60_000;
      return {
        outcome: 'throttled',
        retryAfterSeconds: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)),
      };
    }

    const compact = code.replace(/\s/g, '');
    if (isTotpCodeShape(compact)) {
      const secret = readSecret(context, actor.userId, factor.secretCiphertext);
      const step = matchTotpStep(compact, secret);
      // A code already accepted (or an older one) is refused: a watched code cannot be replayed.
      if (step !== null && (factor.lastUsedStep === null || step > factor.lastUsedStep)) {
        await recordTotpStep(tx, actor.userId, step, confirm);
        await clearSecondFactorFailures(tx, actor.userId);
        return { outcome: 'totp' };
      }
    } else if (
      allowRecovery &&
      (await consumeRecoveryCode(tx, actor.userId, hashRecoveryCode(code)))
    ) {
      await clearSecondFactorFailures(tx, actor.userId);
      return { outcome: 'recovery' };
    }

    await insertSecondFactorFailure(tx, actor.userId, context.ip);
    change.audit({ action: 'second_factor_failed' });
    return { outcome: 'failed' };
  });
}

async function requireValidCode(
  context: MfaContext,
  actor: Actor,
  code: string,
  options: { allowRecovery: boolean; confirm: boolean },
): Promise<'totp' | 'recovery'> {
  const check = await checkCode(context, actor, code, options);
  if (check.outcome === 'throttled')
    throw new RateLimitedError(MFA_MESSAGES.tooManyAttempts, check.retryAfterSeconds);
  if (check.outcome === 'failed') throw new AppError('VALIDATION_FAILED', MFA_MESSAGES.invalidCode);
  return check.outcome;
}

export function isMfaRequiredFor(role: Role, requireMfaRoles: readonly Role[]): boolean {
  return requireMfaRoles.includes(role);
}

/**
 * Where a session just signed in with the password stands: a user with a factor must give it;
 * one whose role 'Require MFA' names, without a factor, must enrol first.
 */
export async function getSignInSecondFactorState(
  db: Db,
  user: { id: string; role: Role },
): Promise<SecondFactorState> {
  if (await hasConfirmedTotpFactor(db, user.id)) return 'pending';
  const { requireMfaRoles } = await getSettings(db);
  return isMfaRequiredFor(user.role, requireMfaRoles) ? 'enrolment-required' : 'complete';
}

export async function getMfaStatus(db: Db, actor: Actor): Promise<TMfaStatus> {
  const factor = await findTotpFactor(db, actor.userId);
  const { requireMfaRoles } = await getSettings(db);
  const enrolledAt = factor?.confirmedAt ?? null;
  return {
    isEnrolled: enrolledAt !== null,
    isRequired: isMfaRequiredFor(actor.role, requireMfaRoles),
    enrolledAt: enrolledAt?.toISOString() ?? null,
    recoveryCodesLeft: enrolledAt ? await countUnusedRecoveryCodes(db, actor.userId) : 0,
  };
}

/** A new secret, stored encrypted and unconfirmed until the first code from the app. */
export async function startEnrolment(context: MfaContext, actor: Actor): Promise<TTotpEnrolment> {
  if (await hasConfirmedTotpFactor(context.db, actor.userId))
    throw new AppError('CONFLICT', MFA_MESSAGES.alreadyEnrolled);
  const secret = createTotpSecret();
  await savePendingTotpFactor(
    context.db,
    actor.userId,
    encryptTotpSecret(context.totpKey, actor.userId, secret),
  );
  return describeTotpSecret(actor.email, secret);
}

async function issueRecoveryCodes(db: Db, userId: string): Promise<TRecoveryCodes> {
  const codes = createRecoveryCodes();
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return { codes };
}

/** The first code from the app turns the factor on and issues the ten recovery codes. */
export async function confirmEnrolment(
  context: MfaContext,
  actor: Actor,
  code: string,
): Promise<TRecoveryCodes> {
  await requireValidCode(context, actor, code, { allowRecovery: false, confirm: true });
  return inChange(context.db, { actor, context }, async (change) => {
    const { tx } = change;
    const codes = await issueRecoveryCodes(tx, actor.userId);
    // The session that enrolled has just proved the factor.
    await markSessionVerified(tx, actor.sessionId);
    change.audit({ action: 'mfa_enrolled' });
    return codes;
  });
}

/** The second step of signing in: a code from the app or a recovery code opens the session. */
export async function verifySecondFactor(
  context: MfaContext,
  actor: Actor,
  code: string,
): Promise<void> {
  if (actor.secondFactor !== 'pending')
    throw new AppError('CONFLICT', MFA_MESSAGES.nothingToVerify);
  const outcome = await requireValidCode(context, actor, code, {
    allowRecovery: true,
    confirm: false,
  });
  await inChange(context.db, { actor, context }, async (change) => {
    await markSessionVerified(change.tx, actor.sessionId);
    change.audit({
      action: outcome === 'recovery' ? 'recovery_code_used' : 'second_factor_verified',
    });
  });
}

/** New recovery codes (the old ones stop working), with a current code from the app. */
export async function regenerateRecoveryCodes(
  context: MfaContext,
  actor: Actor,
  code: string,
): Promise<TRecoveryCodes> {
  await requireValidCode(context, actor, code, { allowRecovery: false, confirm: false });
  return inChange(context.db, { actor, context }, async (change) => {
    const codes = await issueRecoveryCodes(change.tx, actor.userId);
    change.audit({ action: 'recovery_codes_regenerated' });
    return codes;
  });
}

/** Turns the factor off with a current code, unless 'Require MFA' names the user's role. */
export async function disableSecondFactor(
  context: MfaContext,
  actor: Actor,
  code: string,
): Promise<void> {
  const { requireMfaRoles } = await getSettings(context.db);
  if (isMfaRequiredFor(actor.role, requireMfaRoles))
    throw new AppError('FORBIDDEN', MFA_MESSAGES.requiredByPolicy);
  await requireValidCode(context, actor, code, { allowRecovery: true, confirm: false });
  await inChange(context.db, { actor, context }, async (change) => {
    const { tx } = change;
    await deleteSecondFactor(tx, actor.userId);
    await deletePendingSessions(tx, actor.userId);
    change.audit({ action: 'mfa_disabled' });
  });
}

/**
 * An admin removes a user's second factor (a lost phone and lost recovery codes). Every session
 * of the user ends, and with 'Require MFA' for their role they enrol again at the next sign-in.
 */
export async function resetUserSecondFactor(
  db: Db,
  actor: Actor,
  userId: string,
  context: RequestContext,
): Promise<void> {
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const user = await findUserEmail(tx, userId);
    if (!user) throw notFound();
    if (!(await findTotpFactor(tx, userId)))
      throw new AppError('CONFLICT', MFA_MESSAGES.notEnrolled);
    await deleteSecondFactor(tx, userId);
    await deleteSessionsExcept(tx, userId, null);
    change.audit({ action: 'mfa_reset', details: user.email });
    publishSessionsEnded(change, userId);
  });
}
