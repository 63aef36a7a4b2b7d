import { accessGrantAuditNote } from '@casebridge/domain/access-grants/access-grant.schemas';
import { isUuid } from '@casebridge/domain/record-id';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { findGrantInUse } from './grant-use.queries.ts';

/** The roles whose access can come from an emergency access grant (admins see every patient). */
const GRANTEE_ROLES: ReadonlySet<string> = new Set(['clinic', 'attorney', 'lienholder']);

/**
 * The note an audit row of a grantee's read or change carries when the patient is reached
 * through an active emergency access grant ('via emergency access grant <id>: <reason>'), else
 * null. Asked by `writeAudit` for every row about a patient, so every use is audited as such.
 */
export async function auditNoteOfGrantUse(
  db: Db,
  actor: Pick<Actor, 'userId' | 'role'> | null | undefined,
  patientId: string | null | undefined,
): Promise<string | null> {
  if (!actor || !patientId || !GRANTEE_ROLES.has(actor.role) || !isUuid(patientId)) return null;
  const grant = await findGrantInUse(db, actor.userId, patientId);
  return grant ? accessGrantAuditNote(grant) : null;
}
