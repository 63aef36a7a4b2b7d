import { and, eq, not, or, sql } from 'drizzle-orm';
import { LOGIN_LIMITS } from '@casebridge/domain/constants';
import { tooManyAttemptsMessage } from '@casebridge/domain/errors';
import type { Db } from '#src/db/client.ts';
import { firstOrThrow } from '#src/db/first-or-throw.ts';
import { loginFailures } from '#src/db/schema/index.ts';
import { RateLimitedError } from '#src/lib/app-error.ts';

/**
 * Sign-in throttling (README, 'Sign-in throttling'). Failures are counted per (account, address)
 * and per address, never per account alone: an attacker elsewhere slows only their own address,
 * and the owner still signs in from theirs. Past a budget's free failures each next try waits a
 * doubling delay after the latest failure, capped.
 */

export type ThrottleBudget = {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
};

export type ClaimedAttempt =
  { isThrottled: true; retryAfterSeconds: number } | { isThrottled: false; attemptId: string };

/** How long after the latest of `failures` failures the next try must wait. */
export function getThrottleDelaySeconds(failures: number, budget: ThrottleBudget): number {
  if (failures < budget.freeFailures) return 0;
  const doublings = failures - budget.freeFailures;
  return Math.min(budget.firstDelaySeconds * 2 ** doublings, budget.maxDelaySeconds);
}

// clock_timestamp, not now(): now() is when the transaction began, before its wait for the lock.
const inWindow = sql`${loginFailures.createdAt} > clock_timestamp() - make_interval(hours => ${LOGIN_LIMITS.windowHours})`;

type FailureStats = { failures: number; waitedSeconds: number };

async function readFailures(db: Db, where: ReturnType<typeof and>): Promise<FailureStats> {
  const [row] = await db
    .select({
      failures: sql<number>`count(*)::int`,
      waitedSeconds: sql<number>`coalesce(extract(epoch from clock_timestamp() - max(${loginFailures.createdAt})), 0)::float8`,
    })
    .from(loginFailures)
    .where(and(where, inWindow));
  return { failures: Number(row?.failures ?? 0), waitedSeconds: Number(row?.waitedSeconds ?? 0) };
}

function getRetryAfterSeconds(stats: FailureStats, budget: ThrottleBudget): number {
  const delay = getThrottleDelaySeconds(stats.failures, budget);
  return Math.max(0, Math.ceil(delay - stats.waitedSeconds));
}

/**
 * Decides whether this attempt may check a password and, if so, records it as a failure before
 * the check — under a lock on the account and one on the address, so parallel attempts each see
 * the ones before them and a burst gets no more guesses than the budget. A success removes its
 * (account, address) rows (`clearFailures`). Accounts are always locked before addresses, so two
 * attempts never wait on each other in a cycle; the two-key advisory locks keep apart from the
 * one-key locks used elsewhere.
 */
export async function claimAttempt(db: Db, email: string, ip: string): Promise<ClaimedAttempt> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${email}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(2, hashtext(${ip}))`);
    // Failures older than the window count for nothing: drop this account's and address's.
    await tx
      .delete(loginFailures)
      .where(and(or(eq(loginFailures.email, email), eq(loginFailures.ip, ip)), not(inWindow)));
    const byPair = await readFailures(
      tx,
      and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)),
    );
    const byAddress = await readFailures(tx, eq(loginFailures.ip, ip));
    const retryAfterSeconds = Math.max(
      getRetryAfterSeconds(byPair, LOGIN_LIMITS.perAccountAndAddress),
      getRetryAfterSeconds(byAddress, LOGIN_LIMITS.perAddress),
    );
    if (retryAfterSeconds > 0) return { isThrottled: true, retryAfterSeconds };
    const attempt = firstOrThrow(
      await tx
        .insert(loginFailures)
        .values({ email, ip, createdAt: sql`clock_timestamp()` })
        .returning({ id: loginFailures.id }),
      'the recorded sign-in attempt',
    );
    return { isThrottled: false, attemptId: attempt.id };
  });
}

/** The 429 a throttled attempt answers, with `Retry-After` in seconds. */
export function toThrottledError(retryAfterSeconds: number): RateLimitedError {
  return new RateLimitedError(tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds);
}

/** A success forgets this (account, address)'s failures only: other addresses stay slowed. */
export async function clearFailures(db: Db, email: string, ip: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}

/** Recent failures on one account from any address, grouped by address, for the owner's alert. */
export async function listRecentFailuresByAddress(
  db: Db,
  email: string,
): Promise<Array<{ ip: string; failures: number; firstAt: Date; lastAt: Date }>> {
  const rows = await db
    .select({
      ip: loginFailures.ip,
      failures: sql<number>`count(*)::int`,
      firstAt: sql<string>`min(${loginFailures.createdAt})`,
      lastAt: sql<string>`max(${loginFailures.createdAt})`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), inWindow))
    .groupBy(loginFailures.ip)
    .orderBy(sql`max(${loginFailures.createdAt}) desc`);
  return rows.map((row) => ({
    ip: row.ip,
    failures: Number(row.failures),
    firstAt: new Date(row.firstAt),
    lastAt: new Date(row.lastAt),
  }));
}
