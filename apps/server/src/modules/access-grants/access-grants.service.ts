import {
  ACCESS_GRANT_TEXTS,
  type TAccessGrant,
  type TAccessGrantCandidate,
  type TGrantAccessRequest,
} from '@casebridge/domain/access-grants/access-grant.schemas';
import { isUuid } from '@casebridge/domain/record-id';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound, validationFailed } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { listPatientParties } from '#src/modules/notifications/recipients.ts';
import {
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import {
  findGrantCandidate,
  insertGrant,
  listActiveGrants,
  listGrantCandidates,
  lockActiveGrant,
  markGrantRevoked,
} from './access-grants.queries.ts';

/**
 * Emergency and temporary access (docs/architecture.md, 'Temporary access').
 * An admin grants a named clinic, attorney or lienholder user access to one patient outside
 * their scope for a limited time, with a reason. While the grant is active the patient is in
 * that user's scope (`patients/patient-scope.ts`): they read it and act on it with their role's
 * own rights, and every audit row of that use says it went through the grant
 * (`audit/grant-use.ts`). It ends at `expires_at` by the database's clock, or when revoked.
 */

/** '2026-11-24 01:00 UTC': the time a grant ends, stated with its zone. */
export function formatGrantEnd(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The patient's active grants: all of them for admins and the patient's parties (the users whose
 * own organisation sees it), a grantee's own for a grantee. Someone who cannot see the patient
 * gets the same 404 as for a missing one. Audited as a read of the patient.
 */
export async function listPatientGrants(
  db: Db,
  actor: Actor,
  patientId: string,
  context: RequestContext,
): Promise<TAccessGrant[]> {
  const patient = await requirePatientInScope(db, actor, patientId);
  const isParty =
    actor.role === 'admin' ||
    (await findGrantCandidate(db, patient.id, actor.userId))?.seesPatient === true;
  const items = await listActiveGrants(db, patient.id, isParty ? null : actor.userId);
  await auditPatientRead(db, actor, {
    action: 'access_grants_viewed',
    patientId: patient.id,
    details: `active grants: ${items.length > 0 ? items.map((grant) => grant.id).join(',') : 'none'}`,
    ip: context.ip,
  });
  return items;
}

/** Who an admin may grant access to this patient (the dialog's choices). */
export async function listPatientGrantCandidates(
  db: Db,
  actor: Actor,
  patientId: string,
): Promise<TAccessGrantCandidate[]> {
  const patient = await requirePatientInScope(db, actor, patientId);
  return listGrantCandidates(db, patient.id);
}

function announceGrantChange(change: Change, patient: InScopePatient, granteeId: string): void {
  // The patient's audience (its parties, admins and, while active, the grantee) refetches the
  // panel; the grantee hears it by name too, since a revoked grantee is no longer in it.
  change.publish(
    { topic: 'patient.access-changed', patientId: patient.id },
    { topic: 'access-grant.changed', recipientUserIds: [granteeId] },
  );
}

export async function grantAccess(
  db: Db,
  actor: Actor,
  patientId: string,
  input: TGrantAccessRequest,
  context: RequestContext,
): Promise<TAccessGrant> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const patient = await requirePatientInScope(tx, actor, patientId, { forUpdate: true });
    const candidate = await findGrantCandidate(tx, patient.id, input.userId);
    if (!candidate) throw validationFailed(ACCESS_GRANT_TEXTS.notEligible);
    if (candidate.seesPatient) throw new AppError('CONFLICT', ACCESS_GRANT_TEXTS.alreadyInScope);
    if (candidate.hasActiveGrant) throw new AppError('CONFLICT', ACCESS_GRANT_TEXTS.alreadyGranted);
    const grant = await insertGrant(tx, {
      patientId: patient.id,
      userId: candidate.id,
      reason: input.reason,
      durationHours: input.durationHours,
      actor,
    });
    const until = formatGrantEnd(grant.expiresAt);
    change.audit({
      action: 'access_granted',
      patientId: patient.id,
      details: `grant ${grant.id} to ${candidate.name} <${candidate.email}> (${candidate.role}, ${candidate.organizationName ?? 'no organisation'}) until ${until}: ${grant.reason}`,
    });
    const note = {
      patientId: patient.id,
      linkTo: `/patients/${patient.id}`,
      fromUserId: actor.userId,
      fromRole: actor.role,
    };
    const parties = (await listPatientParties(tx, patient.id)).filter((id) => id !== candidate.id);
    await change.notifyEach([
      {
        recipientIds: parties,
        notification: {
          ...note,
          type: 'access_granted',
          content: `${candidate.name} (${candidate.organizationName ?? candidate.role}) was given temporary access to ${patient.fullName} until ${until} by ${actor.name}. Reason: ${grant.reason}`,
        },
      },
      {
        recipientIds: [candidate.id],
        notification: {
          ...note,
          type: 'access_granted',
          content: `You have temporary access to ${patient.fullName} until ${until}, granted by ${actor.name}. Reason: ${grant.reason}`,
        },
      },
    ]);
    announceGrantChange(change, patient, candidate.id);
    return grant;
  });
}

export async function revokeAccess(
  db: Db,
  actor: Actor,
  ids: { patientId: string; grantId: string },
  context: RequestContext,
): Promise<void> {
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const patient = await requirePatientInScope(tx, actor, ids.patientId, { forUpdate: true });
    const grant = isUuid(ids.grantId)
      ? await lockActiveGrant(tx, patient.id, ids.grantId)
      : undefined;
    if (!grant) throw notFound(ACCESS_GRANT_TEXTS.alreadyEnded);
    await markGrantRevoked(tx, grant.id, actor);
    change.audit({
      action: 'access_revoked',
      patientId: patient.id,
      details: `grant ${grant.id} of ${grant.userName} revoked (granted for: ${grant.reason})`,
    });
    announceGrantChange(change, patient, grant.userId);
  });
}
