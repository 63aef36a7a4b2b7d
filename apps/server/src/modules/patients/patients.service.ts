import { actorMayUse } from '@casebridge/domain/capabilities';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import {
  canAssignOrganizations,
  canCreatePatients,
} from '@casebridge/domain/patients/patient.policy';
import {
  EXTERNAL_ID_MESSAGES,
  PATIENT_MESSAGES,
  type TCreatePatientParsed,
  type TListPatientsParsed,
  type TPatientDetail,
  type TPatientMatch,
  ZUpdateDemographicsRequest,
} from '@casebridge/domain/patients/patient.schemas';
import { normalizePatientName } from '@casebridge/domain/patients/patient-name';
import { ACTIVITY_SUMMARIES } from '@casebridge/domain/activity/activity-texts';
import type { z } from 'zod';
import type { Db } from '#src/db/client.ts';
import { firstOrThrow } from '#src/db/first-or-throw.ts';
import { patients } from '#src/db/schema/index.ts';
import { inChange, type Change } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, forbidden, validationFailed } from '#src/lib/app-error.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { closeTreatmentGapIfCared } from '#src/modules/treatment-gaps/treatment-gaps.service.ts';
import { listNotificationAudience } from '#src/modules/notifications/recipients.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import { readExternalIdOwner } from './external-ids.service.ts';
import { requirePatientInScope, type InScopePatient } from './patient-access.ts';
import { lockPatientAtVersion } from './patient-lock.ts';
import { getActorPatientScope } from './patient-scope.ts';
import {
  countOrganizationsOfKind,
  findPatientsByNameKey,
  getPatientAssignments,
  getPatientStats,
  listPatients,
  replacePatientClinics,
  replacePatientLienholders,
  toPatientDetail,
} from './patients.queries.ts';

import type { RequestContext } from '#src/lib/request-context.ts';
type UpdateDemographicsInput = z.output<typeof ZUpdateDemographicsRequest>;

export const today = () => new Date().toISOString().slice(0, 10);

/**
 * A page of the patients the actor may see, audited as one row naming the ids it returned and
 * the filter used; the search text itself (often a name) is not recorded.
 */
/**
 * The case's stage and update flag belong to the case facts (capability case-facts:read): an
 * actor without it (a patient's contact, a token not given it) gets neither.
 */
function withCaseProgressFor<T extends { caseStage?: unknown; isUpdateOverdue?: unknown }>(
  actor: Actor,
  record: T,
): T {
  if (actorMayUse(actor, 'case-facts:read')) return record;
  const { caseStage: _stage, isUpdateOverdue: _overdue, ...rest } = record;
  return rest as T;
}

export async function listActorPatients(
  db: Db,
  actor: Actor,
  query: TListPatientsParsed,
  context: RequestContext,
) {
  const externalIdOwner = readExternalIdOwner(actor, query.organizationId);
  if (query.externalId !== undefined && externalIdOwner === null) {
    throw validationFailed(EXTERNAL_ID_MESSAGES.organizationRequired);
  }
  const result = await listPatients(db, getActorPatientScope(actor), {
    ...query,
    externalIdOwner,
  });
  const filter = [
    query.cursor ? 'page by cursor' : 'page 1',
    query.updatedSince ? `updated since ${query.updatedSince}` : `sort ${query.sort}`,
    query.status ? `status ${query.status}` : null,
    query.search ? 'search (text not recorded)' : null,
    query.externalId === undefined ? null : 'external id lookup',
  ].filter(Boolean);
  await auditPatientRead(db, actor, {
    action: 'patients_listed',
    listed: { label: 'patients', ids: result.items.map((item) => item.id) },
    details: `filter: ${filter.join(', ')}`,
    ip: context.ip,
  });
  return { ...result, items: result.items.map((item) => withCaseProgressFor(actor, item)) };
}

export function getActorPatientStats(db: Db, actor: Actor) {
  return getPatientStats(db, getActorPatientScope(actor));
}

export async function getPatientForActor(
  db: Db,
  actor: Actor,
  requestedId: string,
  context: RequestContext,
  organizationId?: string,
): Promise<TPatientDetail> {
  const externalIdOwner = readExternalIdOwner(actor, organizationId);
  const patient = await requirePatientInScope(db, actor, requestedId);
  await auditPatientRead(db, actor, {
    action: 'patient_viewed',
    patientId: patient.id,
    ip: context.ip,
  });
  return withCaseProgressFor(actor, await toPatientDetail(db, patient, externalIdOwner));
}

async function assertOrganizations(
  db: Db,
  input: {
    clinicIds?: readonly string[] | undefined;
    firmId?: string | null | undefined;
    lienholderIds?: readonly string[] | undefined;
  },
) {
  if (
    input.clinicIds &&
    (await countOrganizationsOfKind(db, 'clinic', input.clinicIds)) !==
      new Set(input.clinicIds).size
  ) {
    throw validationFailed(PATIENT_MESSAGES.clinicRequired);
  }
  if (input.firmId && (await countOrganizationsOfKind(db, 'firm', [input.firmId])) !== 1) {
    throw validationFailed(PATIENT_MESSAGES.firmRequired);
  }
  if (
    input.lienholderIds &&
    (await countOrganizationsOfKind(db, 'lienholder', input.lienholderIds)) !==
      new Set(input.lienholderIds).size
  ) {
    throw validationFailed('Please select valid lienholders');
  }
}

/**
 * Adds a patient. Unless `allowDuplicate`, a patient the actor can see with the same date of
 * birth and the same name (ignoring case, spaces and punctuation) stops it: nothing is created
 * and the matches are returned for the user to open or to confirm 'Create anyway'. Only the
 * actor's scope is searched, so the answer never reveals a patient the actor may not see.
 */
export async function createPatient(
  db: Db,
  actor: Actor,
  input: TCreatePatientParsed,
  context: RequestContext,
): Promise<{ id: string } | { duplicates: TPatientMatch[] }> {
  if (actor.role !== 'admin') {
    const settings = await getSettings(db);
    if (!canCreatePatients(actor.role, settings))
      throw forbidden('Patient creation by clinics is turned off. Please ask an administrator.');
    if (actor.role === 'clinic' && !input.clinicIds.includes(actor.organizationId ?? '')) {
      throw validationFailed('Your clinic must be one of the assigned clinics');
    }
  }
  await assertOrganizations(db, input);
  const clinicIds = [...new Set(input.clinicIds)];
  const lienholderIds = [...new Set(input.lienholderIds)];
  const normalizedName = normalizePatientName(input.fullName);
  if (!input.allowDuplicate && normalizedName !== '') {
    const duplicates = await findPatientsByNameKey(db, getActorPatientScope(actor), {
      normalizedName,
      dob: input.dob,
    });
    if (duplicates.length > 0) return { duplicates };
  }
  return inChange(db, { actor, context }, (change) =>
    insertPatient(change, actor, {
      ...input,
      intakeDate: input.intakeDate ?? today(),
      clinicIds,
      lienholderIds,
    }),
  );
}

/** A new patient's row and assignments, as `insertPatient` writes them. */
export type NewPatient = Pick<
  TCreatePatientParsed,
  | 'fullName'
  | 'dob'
  | 'firmId'
  | 'evalDate'
  | 'lastTreatmentDate'
  | 'pointOfContactName'
  | 'pointOfContactPhone'
> & { intakeDate: string; clinicIds: readonly string[]; lienholderIds: readonly string[] };

/**
 * The one path that writes a new patient, on the caller's Change: the row (status Referred),
 * its clinics and lienholders, the audit row and the patient.created event. Add Patient calls it
 * after its checks; an accepted referral calls it in the transaction that answers the referral.
 */
export async function insertPatient(
  change: Change,
  actor: Actor,
  input: NewPatient,
): Promise<{ id: string }> {
  const { tx } = change;
  const created = await tx
    .insert(patients)
    .values({
      fullName: input.fullName,
      dob: input.dob,
      intakeDate: input.intakeDate,
      evalDate: input.evalDate,
      lastTreatmentDate: input.lastTreatmentDate,
      treatmentStatus: 'Referred',
      firmId: input.firmId,
      pointOfContactName: input.pointOfContactName,
      pointOfContactPhone: input.pointOfContactPhone,
      createdBy: actor.userId,
    })
    .returning({ id: patients.id });
  const { id } = firstOrThrow(created, 'the created patient');
  await replacePatientClinics(tx, id, input.clinicIds);
  await replacePatientLienholders(tx, id, input.lienholderIds);
  change
    .audit({ action: 'patient_created', patientId: id })
    .publish({ topic: 'patient.created', patientId: id });
  return { id };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * Saves demographics from the version the user edited and audits which fields changed. The row
 * is read under FOR UPDATE inside the transaction: a save made from an older version is refused
 * (409 with the patient as it now is), and the "changed:" list and the reassignment check compare
 * the input with the row as it is, not as it was before a racing edit committed.
 */
export async function updateDemographics(
  db: Db,
  actor: Actor,
  requestedId: string,
  input: UpdateDemographicsInput & { expectedVersion: number },
  context: RequestContext,
): Promise<{ patient: TPatientDetail; notifiedUsers: number }> {
  const clinicIds = input.clinicIds ? [...new Set(input.clinicIds)] : undefined;
  const lienholderIds = input.lienholderIds ? [...new Set(input.lienholderIds)] : undefined;
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const current = await lockPatientAtVersion(tx, actor, requestedId, input.expectedVersion);
    const patientId = current.id;
    const assignments = await getPatientAssignments(tx, patientId);
    const isReassigning =
      (clinicIds !== undefined &&
        !sameSet(
          clinicIds,
          assignments.clinics.map((clinic) => clinic.id),
        )) ||
      (input.firmId !== undefined && input.firmId !== current.firmId) ||
      (lienholderIds !== undefined &&
        !sameSet(
          lienholderIds,
          assignments.lienholders.map((item) => item.id),
        ));
    if (isReassigning && !canAssignOrganizations(actor)) {
      throw new AppError(
        'FORBIDDEN',
        'Only an administrator can change the assigned clinics, firm or lienholders',
      );
    }
    await assertOrganizations(tx, { clinicIds, firmId: input.firmId, lienholderIds });

    const updated = await tx
      .update(patients)
      .set({
        fullName: input.fullName,
        dob: input.dob,
        intakeDate: input.intakeDate,
        evalDate: input.evalDate,
        lastTreatmentDate: input.lastTreatmentDate,
        pointOfContactName: input.pointOfContactName,
        pointOfContactPhone: input.pointOfContactPhone,
        ...(input.firmId !== undefined ? { firmId: input.firmId } : {}),
        ...nextVersion(patients, actor),
      })
      .where(eq(patients.id, patientId))
      .returning();
    const row = firstOrThrow(updated, 'the locked patient after its update');
    if (isReassigning) {
      if (clinicIds) await replacePatientClinics(tx, patientId, clinicIds);
      if (lienholderIds) await replacePatientLienholders(tx, patientId, lienholderIds);
    }
    await closeTreatmentGapIfCared(change, patientId);
    const changed = (
      [
        'fullName',
        'dob',
        'intakeDate',
        'evalDate',
        'lastTreatmentDate',
        'pointOfContactName',
        'pointOfContactPhone',
      ] as const
    ).filter((field) => current[field] !== input[field]);
    if (isReassigning) changed.push('assignments' as never);
    change.audit({
      action: 'patient_updated',
      patientId,
      details: changed.length > 0 ? `changed: ${changed.join(', ')}` : 'no changes',
    });
    if (changed.length > 0) {
      change.activity({
        patientId,
        kind: 'demographics_edited',
        summary: ACTIVITY_SUMMARIES.demographicsEdited(changed),
        actor,
      });
    }
    const patient = await toPatientDetail(tx, row, actor.organizationId);
    let notifiedUsers = 0;
    if (input.notify) {
      const recipients = await listNotificationAudience(tx, {
        type: 'patient_edit',
        actor,
        patient: current,
      });
      await change.notify(recipients, {
        type: 'patient_edit',
        content: `Patient demographics updated by ${actor.role}`,
        patientId,
        linkTo: `/patients/${patientId}?tab=demographics`,
        fromUserId: actor.userId,
        fromRole: actor.role,
      });
      notifiedUsers = recipients.length;
    }
    change.publish({ topic: 'patient.updated', patientId });
    return { patient, notifiedUsers };
  });
}

/**
 * Moves the patient's last treatment date forward to `day`, the day of care just recorded (an
 * attended visit), never back: an older day leaves it as it is. The caller holds the patient's
 * row lock (requirePatientInScope with `forUpdate`, in this change). Like a demographics save it
 * makes the patient's next version, brings an open gap up to date and tells open pages; the
 * audit row names the field and why. Resolves with whether the date moved.
 */
export async function advanceLastTreatmentDate(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  day: string,
  why: string,
): Promise<boolean> {
  const moved = await change.tx
    .update(patients)
    .set({ lastTreatmentDate: day, ...nextVersion(patients, actor) })
    .where(
      and(
        eq(patients.id, patient.id),
        or(isNull(patients.lastTreatmentDate), lt(patients.lastTreatmentDate, day)),
      ),
    )
    .returning({ id: patients.id });
  if (moved.length === 0) return false;
  await closeTreatmentGapIfCared(change, patient.id);
  change
    .audit({
      action: 'patient_updated',
      patientId: patient.id,
      details: `changed: lastTreatmentDate (${why})`,
    })
    .publish({ topic: 'patient.updated', patientId: patient.id });
  return true;
}
