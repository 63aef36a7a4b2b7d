import { PRODUCT_NAME } from '@casebridge/domain/constants';
import { describeCaseUpdateDigest } from '@casebridge/domain/case-updates/case-updates-constants';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import { defineSchedule } from '#src/jobs/job-definition.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { renderPatientListEmail } from '#src/mail/patient-list-mail.ts';
import { lockDigestRecipient } from '#src/modules/notifications/digest.ts';
import {
  applyNotificationPreferences,
  listRecipientAddresses,
} from '#src/modules/notifications/recipients.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import {
  findLastReminderAt,
  listOverdueOfFirm,
  listReminderCandidates,
  setLastReminderAt,
} from './case-updates.queries.ts';

/** A firm user is reminded of their overdue patients at most once in this long. */
export const CASE_UPDATE_REMINDER_PERIOD_MS = 86_400_000;
/** How often the job looks for users due a reminder. */
const REMINDER_INTERVAL_MS = 60 * 60_000;
/** Users read per batch; each is then told in a transaction of their own. */
export const CASE_UPDATE_REMINDER_BATCH = 200;
/** Patients a reminder names before 'and N more'. */
const REMINDER_NAMES = 10;
/** Where a reminder leads: the firm's dashboard. */
const DASHBOARD_PATH = '/dashboard';

const MAIL_SUBJECT = `Case updates overdue - ${PRODUCT_NAME}`;

type ReminderOptions = { now: Date; appUrl: string };
type NamedPatient = { patientId: string; fullName: string };

/** The reminder's e-mail (mail/patient-list-mail.ts): names patients only when detailed. */
export function renderCaseUpdateReminderEmail(
  total: number,
  named: readonly NamedPatient[],
  options: { appUrl: string; isDetailed: boolean },
) {
  return renderPatientListEmail({
    subject: MAIL_SUBJECT,
    summary: `${total} ${total === 1 ? 'patient' : 'patients'} of your firm ${total === 1 ? 'is' : 'are'} owed a case update by their clinics and lienholders.`,
    total,
    items: named.map((patient) => ({
      line: patient.fullName,
      link: `${options.appUrl}/patients/${patient.patientId}?tab=case`,
    })),
    isDetailed: options.isDetailed,
    footer: { label: 'Open your dashboard', link: `${options.appUrl}${DASHBOARD_PATH}` },
  });
}

/**
 * One user's reminder, in their own transaction: one notification ('Overdue request', under the
 * 'Requests and referrals' preference) and, while e-mail notifications are on, one e-mail. The
 * preferences row's lock and the reminder row make two instances send one reminder.
 */
async function sendReminder(
  change: Change,
  userId: string,
  options: ReminderOptions & { isMailed: boolean; isDetailed: boolean },
): Promise<boolean> {
  const { tx } = change;
  const recipient = await lockDigestRecipient(tx, userId);
  if (!recipient || recipient.role !== 'attorney' || !recipient.organizationId) return false;
  const last = await findLastReminderAt(tx, userId);
  const now = options.now.getTime();
  if (last && now - last.getTime() < CASE_UPDATE_REMINDER_PERIOD_MS) return false;
  const [allowed] = await applyNotificationPreferences(tx, [userId], 'request_overdue');
  if (!allowed) return false;
  const overdue = await listOverdueOfFirm(tx, recipient.organizationId, REMINDER_NAMES);
  if (overdue.total === 0) return false;
  const [only] = overdue.first;
  const single = overdue.total === 1 && only ? only : null;
  const told = await change.notify([userId], {
    type: 'request_overdue',
    content: describeCaseUpdateDigest(
      overdue.total,
      overdue.first.map((patient) => patient.fullName),
    ),
    patientId: single?.patientId ?? null,
    linkTo: single ? `/patients/${single.patientId}?tab=case` : DASHBOARD_PATH,
  });
  await setLastReminderAt(tx, userId, options.now);
  if (told.length === 0 || !options.isMailed) return told.length > 0;
  const [address] = await listRecipientAddresses(tx, told);
  if (address)
    change.mail({
      kind: 'case_update_reminder',
      to: address.address,
      subjectId: userId,
      ...renderCaseUpdateReminderEmail(overdue.total, overdue.first, options),
    });
  return true;
}

/**
 * The daily reminders of case updates owed: each attorney of a firm that owes updates hears of
 * the firm's overdue patients once a day at most, in one notification and one e-mail, however
 * many patients are overdue. Candidates are read in batches of `CASE_UPDATE_REMINDER_BATCH` by
 * user id; each user is told in a transaction of their own that locks only that user's
 * preferences and reminder rows, never a patient or a firm a request path needs. Returns how
 * many users were told.
 */
export async function runCaseUpdateReminders(
  db: Db,
  options: ReminderOptions & { batchSize?: number },
): Promise<number> {
  const { emailNotificationsEnabled, detailedEmailContent } = await getSettings(db);
  const author = { actor: null, context: systemContext(options.appUrl) };
  const limit = options.batchSize ?? CASE_UPDATE_REMINDER_BATCH;
  let told = 0;
  let afterUserId: string | null = null;
  for (;;) {
    const batch = await listReminderCandidates(db, {
      now: options.now,
      periodMs: CASE_UPDATE_REMINDER_PERIOD_MS,
      afterUserId,
      limit,
    });
    for (const userId of batch) {
      const isTold = await inChange(db, author, (change) =>
        sendReminder(change, userId, {
          ...options,
          isMailed: emailNotificationsEnabled,
          isDetailed: detailedEmailContent,
        }),
      );
      if (isTold) told += 1;
    }
    if (batch.length < limit) return told;
    afterUserId = batch.at(-1) ?? null;
  }
}

/** The reminders that are due, every hour. */
export const caseUpdateRemindersJob = defineSchedule({
  name: 'case-updates.reminders',
  everyMs: REMINDER_INTERVAL_MS,
  timeoutMs: REMINDER_INTERVAL_MS,
  run: async ({ db, appUrl }) => {
    await runCaseUpdateReminders(db, { now: new Date(), appUrl });
  },
});
