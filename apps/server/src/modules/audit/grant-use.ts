import { accessGrantAuditNote } from '@casebridge/domain/access-grants/access-grant.schemas';
import { isUuid } from '@casebridge/domain/record-id';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { findGrantsInUse } from './grant-use.queries.ts';

/** The roles whose access can come from an emergency access grant (admins see every patient). */
const GRANTEE_ROLES: ReadonlySet<string> = new Set(['clinic', 'attorney', 'lienholder']);

type AuditActor = Pick<Actor, 'userId' | 'role' | 'grantsActiveUntil'> | null | undefined;

/**
 * The grants in use among these patients; none for actors a grant cannot widen, nor for a
 * session check that found no active grant (most requests: no query then).
 */
function grantsInUse(db: Db, actor: AuditActor, patientIds: readonly string[]) {
  const ids = patientIds.filter(isUuid);
  if (!actor || !GRANTEE_ROLES.has(actor.role) || ids.length === 0) return Promise.resolve([]);
  if (actor.grantsActiveUntil === null) return Promise.resolve([]);
  return findGrantsInUse(db, actor.userId, ids);
}

/**
 * The note an audit row of a grantee's read or change carries when the patient is reached
 * through an active emergency access grant ('via emergency access grant <id>: <reason>'), else
 * null. Asked by `writeAudit` for every row about a patient, so every use is audited as such.
 */
export async function auditNoteOfGrantUse(
  db: Db,
  actor: AuditActor,
  patientId: string | null | undefined,
): Promise<string | null> {
  const [grant] = await grantsInUse(db, actor, patientId ? [patientId] : []);
  return grant ? accessGrantAuditNote(grant) : null;
}

/**
 * The same for a list or search page (a row about no one patient): which of the listed patients
 * were reached through a grant, 'patient <id> via emergency access grant <id>: <reason>' each.
 */
export async function auditNoteOfListedGrantUse(
  db: Db,
  actor: AuditActor,
  patientIds: readonly string[],
): Promise<string | null> {
  const grants = await grantsInUse(db, actor, patientIds);
  if (grants.length === 0) return null;
  return grants
    .map((grant) => `patient ${grant.patientId} ${accessGrantAuditNote(grant)}`)
    .join('; ');
}
