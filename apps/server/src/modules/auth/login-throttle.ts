import { and, count, eq, gt, sql } from 'drizzle-orm';
import { LOGIN_LIMITS } from '@casebridge/domain/constants';
import type { Db } from '#src/db/client.ts';
import { firstOrThrow } from '#src/db/first-or-throw.ts';
import { loginFailures } from '#src/db/schema/index.ts';

const windowStart = () => sql`now() - ${`${LOGIN_LIMITS.windowMinutes} minutes`}::interval`;

/**
 * Counts recent failures and, when under the limits, records this attempt as a failure before the
 * password is checked — all under a per-account lock. Parallel attempts therefore each see the
 * ones before them: a burst cannot get more guesses than the limit. A success deletes the rows.
 */
export async function claimAttempt(
  db: Db,
  email: string,
  ip: string,
): Promise<{ isThrottled: boolean; attemptId?: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`);
    const [byAccount] = await tx
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, windowStart())));
    if ((byAccount?.n ?? 0) >= LOGIN_LIMITS.maxFailuresPerAccount) return { isThrottled: true };
    const [byIp] = await tx
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, windowStart())));
    if ((byIp?.n ?? 0) >= LOGIN_LIMITS.maxFailuresPerIp) return { isThrottled: true };
    const attempt = firstOrThrow(
      await tx.insert(loginFailures).values({ email, ip }).returning({ id: loginFailures.id }),
      'the recorded sign-in attempt',
    );
    return { isThrottled: false, attemptId: attempt.id };
  });
}
