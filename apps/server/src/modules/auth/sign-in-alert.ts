import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { LOGIN_LIMITS, PRODUCT_NAME } from '@casebridge/domain/constants';
import type { Db } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { escapeHtml, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
import { inChange } from '#src/change/change.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { listRecentFailuresByAddress } from './login-throttle.ts';

export const SIGN_IN_ALERT_MAIL_KIND = 'sign_in_alert';

const formatUtc = (value: Date) =>
  `${value.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/**
 * After a failed password: once an account has LOGIN_LIMITS.alertAfterFailures failures inside
 * the window, from any addresses, queues one e-mail to its owner — at most one per
 * alertIntervalMinutes. Claiming `sign_in_alert_sent_at` with a conditional update is what makes
 * it one: of two failures at once, only one update matches. Unknown e-mails get nothing.
 */
export async function alertOwnerOfFailures(
  db: Db,
  email: string,
  context: RequestContext,
): Promise<void> {
  const recent = await listRecentFailuresByAddress(db, email);
  const total = recent.reduce((sum, row) => sum + row.failures, 0);
  if (total < LOGIN_LIMITS.alertAfterFailures) return;
  await inChange(db, { actor: null, context }, async (change) => {
    const [owner] = await change.tx
      .update(users)
      .set({ signInAlertSentAt: sql`now()` })
      .where(
        and(
          eq(users.email, email),
          eq(users.active, true),
          eq(users.kind, 'person'),
          or(
            isNull(users.signInAlertSentAt),
            lt(
              users.signInAlertSentAt,
              sql`now() - make_interval(mins => ${LOGIN_LIMITS.alertIntervalMinutes})`,
            ),
          ),
        ),
      )
      .returning({ id: users.id, name: users.name, email: users.email });
    if (!owner) return;
    change.mail({
      kind: SIGN_IN_ALERT_MAIL_KIND,
      to: owner.email,
      subjectId: owner.id,
      ...renderAlert(owner.name, total, recent),
    });
  });
}

const paragraph = (line: string) => `<p style="margin:8px 0">${escapeHtml(line)}</p>`;

function renderAlert(
  name: string,
  total: number,
  recent: Awaited<ReturnType<typeof listRecentFailuresByAddress>>,
) {
  const subject = `Failed sign-in attempts on your ${PRODUCT_NAME} account`;
  const addresses = recent.map(
    (row) =>
      `${row.ip}: ${row.failures} ${row.failures === 1 ? 'attempt' : 'attempts'}, ${formatUtc(row.firstAt)} to ${formatUtc(row.lastAt)}`,
  );
  const intro = [
    `Hello ${name},`,
    `There were ${total} failed attempts to sign in to your ${PRODUCT_NAME} account with a wrong password in the last ${LOGIN_LIMITS.windowHours} hours, from these addresses:`,
  ];
  const advice = [
    'If these were you, there is nothing to do.',
    `If not, someone may be guessing your password. Further attempts from those addresses are slowed down, and you can still sign in from your own. Make sure your ${PRODUCT_NAME} password is long and used nowhere else, change it after signing in, and tell your administrator.`,
  ];
  const list = `<ul>${addresses.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  return {
    subject,
    text: renderMailText(subject, [...intro, ...addresses.map((line) => `- ${line}`), ...advice]),
    html: renderMailHtml(
      subject,
      `${intro.map(paragraph).join('')}${list}${advice.map(paragraph).join('')}`,
    ),
  };
}
