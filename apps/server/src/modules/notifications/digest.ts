import { defineSchedule } from '#src/jobs/job-definition.ts';
import { PRODUCT_NAME, type DigestFrequency } from '@casebridge/domain/constants';
import type { TNotification } from '@casebridge/domain/notifications/notification.schemas';
import type { Db } from '#src/db/client.ts';
import { inChange } from '#src/change/change.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { escapeHtml, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import { listDigestCandidates, lockDigestRecipient, setLastDigestAt } from './digest.queries.ts';

import { countUnreadNotifications, listNotifications } from './notifications.queries.ts';
import { listRecipientAddresses } from './recipients.ts';

/**
 * Locks a user's notification preferences for the rest of the transaction: the per-user claim of
 * a digest, so two instances never send the same one (this file's and the treatment-gap digest).
 */
export { lockDigestRecipient };

const DAY_MS = 86_400_000;
export const DIGEST_PERIOD_MS: Record<Exclude<DigestFrequency, 'None'>, number> = {
  Daily: DAY_MS,
  Weekly: 7 * DAY_MS,
};
/** How many notifications a detailed digest lists before 'and N more'. */
const DIGEST_LIST_LIMIT = 20;
const SCHEDULER_INTERVAL_MS = 15 * 60_000;

const formatDate = (value: string) =>
  `${new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

export function renderDigestEmail(
  frequency: Exclude<DigestFrequency, 'None'>,
  unreadCount: number,
  items: TNotification[],
  /** isDetailed: the admin setting for the specified content (docs/architecture.md D6). */
  options: { appUrl: string; isDetailed: boolean },
) {
  const link = `${options.appUrl}/notifications`;
  const subject = `Your ${frequency.toLowerCase()} ${PRODUCT_NAME} digest`;
  const summary = `You have ${unreadCount} unread notification${unreadCount === 1 ? '' : 's'} since your last digest.`;
  // Without the admin setting a digest names no patient: the notification texts do.
  const listed = options.isDetailed
    ? items.map((item) => `${item.content} (${formatDate(item.createdAt)})`)
    : [];
  const more =
    options.isDetailed && unreadCount > items.length
      ? [`and ${unreadCount - items.length} more`]
      : [];
  const signIn = options.isDetailed ? [] : [`Sign in to ${PRODUCT_NAME} to read them.`];
  const text = renderMailText(subject, [
    summary,
    ...signIn,
    '',
    ...listed.map((line) => `- ${line}`),
    ...more,
    '',
    `Open your notifications: ${link}`,
  ]);
  const listHtml = listed.length
    ? `<ul style="padding-left:20px">${listed.map((line) => `<li style="margin:4px 0">${escapeHtml(line)}</li>`).join('')}${more.map((line) => `<li style="margin:4px 0">${escapeHtml(line)}</li>`).join('')}</ul>`
    : '';
  const html = renderMailHtml(
    subject,
    `<p>${escapeHtml(summary)}</p>${signIn.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${listHtml}<p style="margin-top:20px"><a href="${escapeHtml(link)}">Open your notifications</a></p>`,
  );
  return { subject, text, html };
}

/**
 * Queues the daily and weekly digests of unread notifications that are due at `now`, one
 * transaction per user. Returns how many digests were queued. Nothing is sent while the global
 * e-mail setting is off.
 */
export async function runNotificationDigests(
  db: Db,
  options: { now: Date; appUrl: string },
): Promise<number> {
  const settings = await getSettings(db);
  if (!settings.emailNotificationsEnabled) return 0;
  const candidates = await listDigestCandidates(db, options.now);
  const author = { actor: null, context: systemContext(options.appUrl) };
  let queued = 0;
  for (const userId of candidates) {
    const isQueued = await inChange(db, author, async (change) => {
      const { tx } = change;
      const recipient = await lockDigestRecipient(tx, userId);
      if (!recipient || recipient.frequency === 'None') return false;
      const period = DIGEST_PERIOD_MS[recipient.frequency];
      // Another instance may have sent it between the candidate query and the lock.
      if (
        recipient.lastDigestAt &&
        options.now.getTime() - recipient.lastDigestAt.getTime() < period
      )
        return false;
      const since = recipient.lastDigestAt ?? new Date(options.now.getTime() - period);
      const user = { userId, role: recipient.role, organizationId: recipient.organizationId };
      const unreadCount = await countUnreadNotifications(tx, user, since);
      if (unreadCount === 0) return false;
      const { items } = await listNotifications(tx, user, {
        limit: DIGEST_LIST_LIMIT,
        since,
        unreadOnly: true,
      });
      const content = renderDigestEmail(recipient.frequency, unreadCount, items, {
        appUrl: options.appUrl,
        isDetailed: settings.detailedEmailContent,
      });
      const [recipientAddress] = await listRecipientAddresses(tx, [userId]);
      if (!recipientAddress) return false;
      change.mail({
        kind: 'notification_digest',
        to: recipientAddress.address,
        ...content,
      });
      await setLastDigestAt(tx, userId, options.now);
      return true;
    });
    if (isQueued) queued += 1;
  }
  return queued;
}

/** Queues the digests that are due, every 15 minutes. */
export const notificationDigestsJob = defineSchedule({
  name: 'notifications.digests',
  everyMs: SCHEDULER_INTERVAL_MS,
  timeoutMs: SCHEDULER_INTERVAL_MS,
  run: async ({ db, appUrl }) => {
    await runNotificationDigests(db, { now: new Date(), appUrl });
  },
});
