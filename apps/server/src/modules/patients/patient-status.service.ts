import { eq } from 'drizzle-orm';
import {
  PATIENT_MESSAGES,
  STATUS_UNDO_SECONDS,
  type TPatientDetail,
  type TStatusChanged,
} from '@casebridge/domain/patients/patient.schemas';
import { ACTIVITY_SUMMARIES } from '@casebridge/domain/activity/activity-texts';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import type { Db } from '#src/db/client.ts';
import { firstOrThrow } from '#src/db/first-or-throw.ts';
import { patients } from '#src/db/schema/index.ts';
import { Change, inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { systemContext, type RequestContext } from '#src/lib/request-context.ts';
import { AppError } from '#src/lib/app-error.ts';
import { defineSchedule } from '#src/jobs/job-definition.ts';
import { nextVersion, StaleWriteError } from '#src/lib/versioning.ts';
import { closeTreatmentGapIfCared } from '#src/modules/treatment-gaps/treatment-gaps.service.ts';
import { listNotificationAudiences } from '#src/modules/notifications/recipients.ts';
import { lockPatientAtVersion } from './patient-lock.ts';
import {
  patientsOfHeldStatusChanges,
  requirePatientInScope,
  type InScopePatient,
} from './patient-access.ts';
import {
  claimDueStatusChanges,
  holdStatusChange,
  takeHeldStatusChange,
  toPatientDetail,
} from './patients.queries.ts';

/** How often the release job looks for holds whose undo window has closed. */
const RELEASE_INTERVAL_MS = 1_000;
/** Holds released per transaction; the next run takes the rest. */
const RELEASE_BATCH = 100;

async function setStatus(
  tx: Db,
  actor: Actor,
  patient: InScopePatient,
  status: TreatmentStatus,
): Promise<TPatientDetail> {
  const updated = await tx
    .update(patients)
    .set({ treatmentStatus: status, ...nextVersion(patients, actor) })
    .where(eq(patients.id, patient.id))
    .returning();
  // The row is locked in scope by the caller, so the update returns it.
  return toPatientDetail(
    tx,
    firstOrThrow(updated, 'the locked patient after its status update'),
    actor.organizationId,
  );
}

/** The audit row "previous → new" and the event that refreshes open pages. */
function auditAndAnnounce(
  change: Change,
  entry: {
    action: 'patient_status_changed' | 'patient_status_change_undone';
    patientId: string;
    from: TreatmentStatus;
    to: TreatmentStatus;
  },
): void {
  change
    .audit({
      action: entry.action,
      patientId: entry.patientId,
      details: `${entry.from} → ${entry.to}`,
    })
    .publish({ topic: 'patient.updated', patientId: entry.patientId });
}

/**
 * Sets the status from the version the user saw (`expectedVersion`): a change made from an older
 * version is refused with 409 and the patient as it now is, so nobody overwrites a status they
 * have not seen. The change is audited "previous → new" at once and reaches open pages live, but
 * its notifications to the other parties are held for STATUS_UNDO_SECONDS: the answer carries
 * the hold, and `undoStatusChange` within the window takes the change back before anyone is told.
 * Choosing the status the patient already has changes nothing and offers no undo.
 */
export async function changePatientStatus(
  db: Db,
  actor: Actor,
  requestedId: string,
  input: { status: TreatmentStatus; expectedVersion: number },
  context: RequestContext,
): Promise<TStatusChanged> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const current = await lockPatientAtVersion(tx, actor, requestedId, input.expectedVersion);
    if (current.treatmentStatus === input.status) {
      return { patient: await toPatientDetail(tx, current, actor.organizationId), undo: null };
    }
    const patient = await setStatus(tx, actor, current, input.status);
    await closeTreatmentGapIfCared(change, current.id);
    change.activity({
      patientId: current.id,
      kind: 'status_changed',
      summary: ACTIVITY_SUMMARIES.statusChanged(current.treatmentStatus, input.status),
      actor,
    });
    const releaseAt = new Date(Date.now() + STATUS_UNDO_SECONDS * 1000);
    const changeId = await holdStatusChange(tx, {
      patientId: current.id,
      fromStatus: current.treatmentStatus,
      toStatus: input.status,
      patientVersion: patient.version,
      actorId: actor.userId,
      releaseAt,
    });
    auditAndAnnounce(change, {
      action: 'patient_status_changed',
      patientId: current.id,
      from: current.treatmentStatus,
      to: input.status,
    });
    return { patient, undo: { changeId, until: releaseAt.toISOString() } };
  });
}

/**
 * Takes back the actor's own status change while its undo window is open: the hold is deleted
 * (so its notifications never go out) and the previous status restored, audited as the second
 * half of the pair. Refused once the window has closed (the hold was released) or when the
 * status changed again since, which the undo would silently overwrite.
 */
export async function undoStatusChange(
  db: Db,
  actor: Actor,
  requestedId: string,
  changeId: string,
  context: RequestContext,
): Promise<TPatientDetail> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const current = await requirePatientInScope(tx, actor, requestedId, { forUpdate: true });
    const hold = await takeHeldStatusChange(tx, {
      id: changeId,
      patientId: current.id,
      actorId: actor.userId,
    });
    if (!hold) throw new AppError('CONFLICT', PATIENT_MESSAGES.undoClosed);
    if (hold.patientVersion !== current.version) {
      throw new StaleWriteError(
        await toPatientDetail(tx, current, actor.organizationId),
        PATIENT_MESSAGES.undoSuperseded,
      );
    }
    const patient = await setStatus(tx, actor, current, hold.fromStatus);
    change.activity({
      patientId: current.id,
      kind: 'status_changed',
      summary: ACTIVITY_SUMMARIES.statusChangeUndone(hold.fromStatus),
      actor,
    });
    auditAndAnnounce(change, {
      action: 'patient_status_change_undone',
      patientId: current.id,
      from: hold.toStatus,
      to: hold.fromStatus,
    });
    return patient;
  });
}

/**
 * Sends the notifications of the status changes whose undo window has closed, in the
 * transaction that claims them: a crash before commit leaves the holds for the next run, and a
 * hold is never sent twice. The batch's patients, their audiences and the recipients'
 * preferences are each read in one statement, and the notifications written together. Returns
 * how many changes were released.
 */
export async function releaseDueStatusChanges(db: Db, now = new Date()): Promise<number> {
  return inChange(db, { actor: null, context: systemContext() }, async (change) => {
    const { tx } = change;
    const due = await claimDueStatusChanges(tx, now, RELEASE_BATCH);
    const patientsById = await patientsOfHeldStatusChanges(
      tx,
      due.map((hold) => hold.patientId),
    );
    const released = due.flatMap((hold) => {
      const patient = patientsById.get(hold.patientId);
      return patient ? [{ hold, patient }] : [];
    });
    const audiences = await listNotificationAudiences(
      tx,
      released.map(({ hold, patient }) => ({
        type: 'status_update' as const,
        actor: { userId: hold.actorId, organizationId: hold.actorOrganizationId },
        patient,
      })),
    );
    await change.notifyEach(
      released.map(({ hold, patient }, index) => ({
        recipientIds: audiences[index] ?? [],
        notification: {
          type: 'status_update' as const,
          content: `Treatment status of ${patient.fullName} changed to ${hold.toStatus}`,
          patientId: patient.id,
          linkTo: `/patients/${patient.id}`,
          fromUserId: hold.actorId,
          fromRole: hold.actorRole,
        },
      })),
    );
    // The change now stands: webhooks tell receivers of it from its release event.
    change.publish(
      ...released.map(({ patient }) => ({
        topic: 'patient.status-released' as const,
        patientId: patient.id,
      })),
    );
    return due.length;
  });
}

/** Releases the held status changes whose undo window has closed, every second. */
export const releaseStatusChangesJob = defineSchedule({
  name: 'patient-status.release',
  everyMs: RELEASE_INTERVAL_MS,
  // A run is one batch's transaction; a short timeout keeps the lease a crashed instance leaves
  // (twice this) short, so releases resume on another instance within seconds.
  timeoutMs: 10_000,
  run: async ({ db }) => {
    await releaseDueStatusChanges(db);
  },
});
