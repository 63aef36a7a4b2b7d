import { daysBetween } from '@casebridge/domain/gaps/treatment-gap';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import { startPeriodicJob, type PeriodicJob } from '#src/lib/periodic-job.ts';
import { systemContext } from '#src/lib/request-context.ts';
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

async function announceOpenedGap(change: Change, gap: OpenedGap, today: string): Promise<void> {
  const patient = await patientOfTreatmentGap(change.tx, gap.patientId);
  if (!patient) return;
  const days = daysBetween(gap.lastCareOn, today);
  change
    .activity({
      patientId: patient.id,
      kind: 'gap_opened',
      recordId: gap.id,
      summary: `Treatment gap: no treatment recorded for ${plural(days)}`,
      actor: null,
    })
    .audit({
      action: 'treatment_gap_opened',
      patientId: patient.id,
      details: `last care ${gap.lastCareOn}, threshold ${gap.thresholdDays} days`,
    })
    .publish({ topic: 'treatment-gap.changed', patientId: patient.id });
  // A gap on the same last day of care as one already announced and closed (a discharge undone,
  // a billing line voided) is that gap again: the feed and the audit say so, nobody is told twice.
  if (!gap.resumesClosedGap) await notifyGapOpened(change, { id: gap.id, patient, days });
}

/** The feed, the audit log and open pages hear of a closed gap; by the change's actor, if any. */
function announceClosedGap(change: Change, gap: ClosedGap): void {
  const { actor } = change;
  change
    .activity({
      patientId: gap.patientId,
      kind: 'gap_closed',
      recordId: gap.id,
      summary: 'Treatment gap closed',
      actor,
    })
    .audit({
      action: 'treatment_gap_closed',
      patientId: gap.patientId,
      details: actor ? 'care recorded' : 'found closed by the periodic check',
    })
    .publish({ topic: 'treatment-gap.changed', patientId: gap.patientId });
}

/**
 * The periodic check: closes the open gaps whose patient left active treatment or was
 * cared for within the threshold, then opens the gaps that are due, each announced once (the
 * clinic's and the firm's users are notified, the feed, the audit log and open pages hear of it)
 * in the transaction that opens it. Safe with several instances: the insert claims each gap.
 */
export async function runTreatmentGapCheck(
  db: Db,
  options: CheckOptions,
): Promise<{ opened: number; closed: number }> {
  const today = toDay(options.now ?? new Date());
  const author = { actor: null, context: systemContext(options.appUrl) };
  const closed = await inChange(db, author, async (change) => {
    const gaps = await refreshOpenGaps(change.tx, today);
    for (const gap of gaps) announceClosedGap(change, gap);
    return gaps.length;
  });
  let opened = 0;
  for (;;) {
    // The batch's audit rows and events are written together at its end (the Change), so the
    // audit chain's and the events' locks are held from that statement to the commit only.
    const batch = await inChange(db, author, async (change) => {
      const gaps = await openDueGaps(change.tx, today, OPEN_BATCH);
      for (const gap of gaps) await announceOpenedGap(change, gap, today);
      return gaps.length;
    });
    opened += batch;
    if (batch < OPEN_BATCH) break;
  }
  return { opened, closed };
}

/**
 * 'A recorded treatment closes it': called in the transaction that records care (a
 * last treatment date, a billing line's date of service) or takes the patient out of active
 * treatment, before that transaction's own audit row. Closes the patient's open gap when it no
 * longer stands; a gap that still does keeps its new last day of care.
 */
export async function closeTreatmentGapIfCared(
  change: Change,
  patientId: string,
  now = new Date(),
): Promise<void> {
  const closed = await refreshOpenGaps(change.tx, toDay(now), patientId);
  for (const gap of closed) announceClosedGap(change, gap);
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
