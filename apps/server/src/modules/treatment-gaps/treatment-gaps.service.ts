import { daysBetween } from '@casebridge/domain/gaps/treatment-gap';
import type { Db } from '#src/db/client.ts';
import { publishEvent } from '#src/events/outbox.ts';
import type { Actor } from '#src/lib/actor.ts';
import { startPeriodicJob, type PeriodicJob } from '#src/lib/periodic-job.ts';
import { recordActivity } from '#src/modules/activity/activity.service.ts';
import { writeAudit } from '#src/modules/audit/audit.service.ts';
import { patientOfTreatmentGap } from '#src/modules/patients/patient-access.ts';
import { notifyGapOpened } from './gap-notify.ts';
import {
  openDueGaps,
  refreshOpenGaps,
  type ClosedGap,
  type OpenedGap,
} from './treatment-gaps.queries.ts';

/** How often every instance runs the check; the database decides who opens each gap. */
const CHECK_INTERVAL_MS = 10 * 60_000;
/** Gaps opened per transaction; the next run takes the rest. */
const OPEN_BATCH = 200;

const toDay = (now: Date) => now.toISOString().slice(0, 10);

const plural = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

type CheckOptions = { appUrl: string; now?: Date };

async function announceOpenedGap(
  tx: Db,
  gap: OpenedGap,
  today: string,
  appUrl: string,
): Promise<void> {
  const patient = await patientOfTreatmentGap(tx, gap.patientId);
  if (!patient) return;
  const days = daysBetween(gap.lastCareOn, today);
  await recordActivity(tx, {
    patientId: patient.id,
    kind: 'gap_opened',
    recordId: gap.id,
    summary: `Treatment gap: no treatment recorded for ${plural(days)}`,
    actor: null,
  });
  await writeAudit(tx, {
    action: 'treatment_gap_opened',
    patientId: patient.id,
    details: `last care ${gap.lastCareOn}, threshold ${gap.thresholdDays} days`,
  });
  // A gap on the same last day of care as one already announced and closed (a discharge undone,
  // a billing line voided) is that gap again: the feed and the audit say so, nobody is told twice.
  if (!gap.resumesClosedGap) await notifyGapOpened(tx, { id: gap.id, patient, days }, appUrl);
  await publishEvent(tx, { topic: 'treatment-gap.changed', patientId: patient.id });
}

async function announceClosedGap(
  tx: Db,
  gap: ClosedGap,
  actor: Pick<Actor, 'userId' | 'name' | 'role'> | null,
): Promise<void> {
  await recordActivity(tx, {
    patientId: gap.patientId,
    kind: 'gap_closed',
    recordId: gap.id,
    summary: 'Treatment gap closed',
    actor,
  });
  await writeAudit(tx, {
    action: 'treatment_gap_closed',
    actor,
    patientId: gap.patientId,
    details: actor ? 'care recorded' : 'found closed by the periodic check',
  });
  await publishEvent(tx, { topic: 'treatment-gap.changed', patientId: gap.patientId });
}

/**
 * The periodic check (issue 13): closes the open gaps whose patient left active treatment or was
 * cared for within the threshold, then opens the gaps that are due, each announced once (the
 * clinic's and the firm's users are notified, the feed, the audit log and open pages hear of it)
 * in the transaction that opens it. Safe with several instances: the insert claims each gap.
 */
export async function runTreatmentGapCheck(
  db: Db,
  options: CheckOptions,
): Promise<{ opened: number; closed: number }> {
  const today = toDay(options.now ?? new Date());
  const closed = await db.transaction(async (tx) => {
    const gaps = await refreshOpenGaps(tx, today);
    for (const gap of gaps) await announceClosedGap(tx, gap, null);
    return gaps.length;
  });
  let opened = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const gaps = await openDueGaps(tx, today, OPEN_BATCH);
      for (const gap of gaps) await announceOpenedGap(tx, gap, today, options.appUrl);
      return gaps.length;
    });
    opened += batch;
    if (batch < OPEN_BATCH) break;
  }
  return { opened, closed };
}

/**
 * 'A recorded treatment closes it' (issue 13): called in the transaction that records care (a
 * last treatment date, a billing line's date of service) or takes the patient out of active
 * treatment, before that transaction's own audit row. Closes the patient's open gap when it no
 * longer stands; a gap that still does keeps its new last day of care.
 */
export async function closeTreatmentGapIfCared(
  tx: Db,
  patientId: string,
  actor: Pick<Actor, 'userId' | 'name' | 'role'>,
  now = new Date(),
): Promise<void> {
  const closed = await refreshOpenGaps(tx, toDay(now), patientId);
  for (const gap of closed) await announceClosedGap(tx, gap, actor);
}

/** Runs the check every ten minutes in the background (every instance may run it). */
export function startTreatmentGapCheck(options: {
  db: Db;
  appUrl: string;
  log: { warn(message: string): void };
}): PeriodicJob {
  return startPeriodicJob({
    name: 'treatment gap check',
    intervalMs: CHECK_INTERVAL_MS,
    run: () => runTreatmentGapCheck(options.db, { appUrl: options.appUrl }),
    log: options.log,
  });
}
