import { PRODUCT_NAME } from '@casebridge/domain/constants';
import { daysBetween, describeGapDigest } from '@casebridge/domain/gaps/treatment-gap';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import { defineSchedule } from '#src/jobs/job-definition.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { renderPatientListEmail } from '#src/mail/patient-list-mail.ts';
import { lockDigestRecipient } from '#src/modules/notifications/digest.ts';
import {
  applyNotificationPreferences,
  gapDigestScopeOf,
  listRecipientAddresses,
} from '#src/modules/notifications/recipients.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import {
  findLastGapDigestAt,
  listGapDigestCandidates,
  listNewGaps,
  type NewGaps,
} from './gap-digest.queries.ts';

/** A user hears of new gaps at most once in this long. */
export const GAP_DIGEST_PERIOD_MS = 86_400_000;
/** How often the digest job looks for users due one: the longest a first alert waits. */
const GAP_DIGEST_INTERVAL_MS = 60 * 60_000;
/** Patients a digest names before 'and N more'. */
const GAP_DIGEST_NAMES = 10;
/** Where a digest of several patients leads: the user's dashboard, filtered by gaps. */
const GAPS_PATH = '/dashboard?gap=open';

const MAIL_SUBJECT = `Treatment gap alert - ${PRODUCT_NAME}`;

type DigestOptions = { now: Date; appUrl: string };

type NamedGap = { patientId: string; fullName: string; days: number };

/**
 * The digest's e-mail. Without the admin's 'detailed content' setting it names no patient, as
 * every notification e-mail (mail/mail-layout.ts); with it, the first patients with a link each.
 */
export function renderGapDigestEmail(
  total: number,
  named: readonly NamedGap[],
  options: { appUrl: string; isDetailed: boolean },
) {
  const patientsWord = total === 1 ? 'patient' : 'patients';
  return renderPatientListEmail({
    subject: MAIL_SUBJECT,
    summary: `${total} ${patientsWord} you work with had no treatment recorded past their threshold since your last treatment gap alert.`,
    total,
    items: named.map((gap) => ({
      line: `${gap.fullName}: no treatment recorded for ${gap.days} ${gap.days === 1 ? 'day' : 'days'}`,
      link: `${options.appUrl}/patients/${gap.patientId}`,
    })),
    isDetailed: options.isDetailed,
    footer: { label: 'See every patient with a gap', link: `${options.appUrl}${GAPS_PATH}` },
  });
}

/** One user's digest, in their own transaction: one notification and, maybe, one e-mail. */
async function sendGapDigest(
  change: Change,
  userId: string,
  options: DigestOptions & { isMailed: boolean; isDetailed: boolean },
): Promise<boolean> {
  const { tx } = change;
  // The preferences row's lock: of two instances, the second sees the first one's digest.
  const recipient = await lockDigestRecipient(tx, userId);
  if (!recipient) return false;
  const scope = gapDigestScopeOf({ id: userId, ...recipient });
  if (!scope) return false;
  const [allowed] = await applyNotificationPreferences(tx, [userId], 'treatment_gap');
  if (!allowed) return false;
  const last = await findLastGapDigestAt(tx, userId);
  const now = options.now.getTime();
  if (last && now - last.getTime() < GAP_DIGEST_PERIOD_MS) return false;
  const since = last ?? new Date(now - GAP_DIGEST_PERIOD_MS);
  const gaps = await listNewGaps(tx, scope, since, GAP_DIGEST_NAMES);
  if (gaps.total === 0) return false;
  const named = nameGaps(gaps, options.now);
  const [only] = named;
  const single = gaps.total === 1 && only ? only : null;
  const told = await change.notify([userId], {
    type: 'treatment_gap',
    content: describeGapDigest(gaps.total, named),
    patientId: single?.patientId ?? null,
    linkTo: single ? `/patients/${single.patientId}` : GAPS_PATH,
  });
  if (told.length === 0) return false;
  if (!options.isMailed) return true;
  const [address] = await listRecipientAddresses(tx, told);
  if (address)
    change.mail({
      kind: 'treatment_gap_digest',
      to: address.address,
      subjectId: userId,
      ...renderGapDigestEmail(gaps.total, named, options),
    });
  return true;
}

function nameGaps(gaps: NewGaps, now: Date): NamedGap[] {
  const today = now.toISOString().slice(0, 10);
  return gaps.first.map((gap) => ({
    patientId: gap.patientId,
    fullName: gap.fullName,
    days: daysBetween(gap.lastCareOn, today),
  }));
}

/**
 * The treatment-gap alerts: each user of a patient's clinics and firm hears of their patients'
 * new gaps once a day at most, in one notification (and one e-mail while e-mail notifications
 * are on), however many gaps opened: a first import's hundred thousand gaps are one line per
 * user. The gap check writes no per-user rows; this job writes one transaction per user, each a
 * notification, a mail and its job. Returns how many users were told.
 */
export async function runGapDigests(db: Db, options: DigestOptions): Promise<number> {
  const { emailNotificationsEnabled, detailedEmailContent } = await getSettings(db);
  const author = { actor: null, context: systemContext(options.appUrl) };
  const candidates = await listGapDigestCandidates(db, options.now, GAP_DIGEST_PERIOD_MS);
  let told = 0;
  for (const userId of candidates) {
    const isTold = await inChange(db, author, (change) =>
      sendGapDigest(change, userId, {
        ...options,
        isMailed: emailNotificationsEnabled,
        isDetailed: detailedEmailContent,
      }),
    );
    if (isTold) told += 1;
  }
  return told;
}

/** The digests that are due, every hour. */
export const treatmentGapDigestJob = defineSchedule({
  name: 'treatment-gaps.digest',
  everyMs: GAP_DIGEST_INTERVAL_MS,
  timeoutMs: GAP_DIGEST_INTERVAL_MS,
  run: async ({ db, appUrl }) => {
    await runGapDigests(db, { now: new Date(), appUrl });
  },
});
