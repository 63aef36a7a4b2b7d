import { daysBetween } from '@casebridge/domain/gaps/treatment-gap';
import { NO_SHOW_GAP_REASON } from '@casebridge/domain/visits/visit-constants';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import { defineSchedule } from '#src/jobs/job-definition.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { patientOfTreatmentGap } from '#src/modules/patients/patient-access.ts';
import {
  listPatientsWithOpenGaps,
  openDueGaps,
  refreshOpenGaps,
  type ClosedGap,
  type OpenedGap,
} from './treatment-gaps.queries.ts';

/** How often the check runs. */
const CHECK_INTERVAL_MS = 10 * 60_000;
/**
 * Gaps opened per transaction. Each writes an Activity item, an audit row and an event, and no
 * per-user row (users hear of gaps in the daily digest, gap-digest.ts), so a batch's commit
 * appends a hundred rows to the audit chain under its lock: milliseconds.
 */
const OPEN_BATCH = 100;
/** Open gaps brought up to date per transaction. */
const REFRESH_BATCH = 500;

const toDay = (now: Date) => now.toISOString().slice(0, 10);

const plural = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

type CheckOptions = { appUrl: string; now?: Date };

/** The feed, the audit log and open pages hear of an opened gap; its users, in the digest. */
async function announceOpenedGap(change: Change, gap: OpenedGap, today: string): Promise<void> {
  const patient = await patientOfTreatmentGap(change.tx, gap.patientId);
  if (!patient) return;
  const days = daysBetween(gap.lastCareOn, today);
  change
    .activity({
      patientId: patient.id,
      kind: 'gap_opened',
      recordId: gap.id,
      summary: `Treatment gap: no treatment recorded for ${plural(days)}${gap.isAfterNoShow ? ` (${NO_SHOW_GAP_REASON})` : ''}`,
      actor: null,
    })
    .audit({
      action: 'treatment_gap_opened',
      patientId: patient.id,
      details: `last care ${gap.lastCareOn}, threshold ${gap.thresholdDays} days${gap.isAfterNoShow ? `, ${NO_SHOW_GAP_REASON}` : ''}`,
    })
    .publish({ topic: 'treatment-gap.changed', patientId: patient.id });
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
 * feed, the audit log and open pages hear of it) in the transaction that opens it. Nobody is
 * notified here: the gap rows are the record the daily digest (gap-digest.ts) tells users of.
 * Safe with several instances: the insert claims each gap.
 */
export async function runTreatmentGapCheck(
  db: Db,
  options: CheckOptions,
): Promise<{ opened: number; closed: number }> {
  const today = toDay(options.now ?? new Date());
  const author = { actor: null, context: systemContext(options.appUrl) };
  // Bounded batches, each its own short transaction: however many patients, no transaction holds
  // row locks for long, and the audit chain's and the events' locks, which audited reads and
  // every write wait on, are held from the Change's last statement to the commit only.
  let closed = 0;
  for (let after: string | null = null; ;) {
    const patientIds = await listPatientsWithOpenGaps(db, after, REFRESH_BATCH);
    if (patientIds.length === 0) break;
    closed += await inChange(db, author, async (change) => {
      const gaps = await refreshOpenGaps(change.tx, today, patientIds);
      for (const gap of gaps) announceClosedGap(change, gap);
      return gaps.length;
    });
    if (patientIds.length < REFRESH_BATCH) break;
    after = patientIds.at(-1)!;
  }
  let opened = 0;
  for (;;) {
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

/** The check, every ten minutes. */
export const treatmentGapCheckJob = defineSchedule({
  name: 'treatment-gaps.check',
  everyMs: CHECK_INTERVAL_MS,
  timeoutMs: CHECK_INTERVAL_MS,
  run: async ({ db, appUrl }) => {
    await runTreatmentGapCheck(db, { appUrl });
  },
});
