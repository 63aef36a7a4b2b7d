import { toLienFigures, type LienFigures } from '@casebridge/domain/liens/lien-ledger';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { requirePatientInScope } from '#src/modules/patients/patient-access.ts';
import { listPatientLienAmounts } from './liens.queries.ts';

export type PatientLien = LienFigures & { lienholderId: string; lienholderName: string };

/**
 * Which liens of a patient the actor may see: a lienholder user its own lien only; the
 * patient's firm, its clinics and administrators every lien; a contact none.
 */
function visibleLienholder(actor: Actor): { kind: 'all' } | { kind: 'one'; id: string } | null {
  switch (actor.role) {
    case 'lienholder':
      return actor.organizationId ? { kind: 'one', id: actor.organizationId } : null;
    case 'contact':
      return null;
    default:
      return { kind: 'all' };
  }
}

/**
 * The liens of a patient the actor may see, each with billed (the patient's live billing
 * lines), paid (the lienholder's live payments), reduced (its accepted reduction offers), waived
 * (what a confirmed final payoff left unpaid) and the balance (domain `toLienFigures`). The patient is checked against the actor's scope (404
 * outside it). Not audited: the routes that show the figures audit their read; the reductions
 * and the settlement preview call this inside their own audited reads and changes.
 */
export async function getPatientLiens(
  db: Db,
  actor: Actor,
  patientId: string,
): Promise<PatientLien[]> {
  const patient = await requirePatientInScope(db, actor, patientId);
  const visible = visibleLienholder(actor);
  if (visible === null) return [];
  const rows = await listPatientLienAmounts(
    db,
    patient.id,
    visible.kind === 'one' ? visible.id : null,
  );
  return rows.map(({ lienholderId, lienholderName, isPayoffConfirmed, ...amounts }) => ({
    lienholderId,
    lienholderName,
    ...toLienFigures(amounts, { isPayoffConfirmed }),
  }));
}

/** The Lien ledger panel: the liens of the patient the actor may see, audited as one read. */
export async function listPatientLiens(
  db: Db,
  actor: Actor,
  patientId: string,
  request: { ip: string },
): Promise<{ items: PatientLien[] }> {
  const items = await getPatientLiens(db, actor, patientId);
  await auditPatientRead(db, actor, {
    action: 'lien_viewed',
    patientId,
    details: `liens of lienholders: ${items.map((item) => item.lienholderId).join(',') || 'none'}`,
    ip: request.ip,
  });
  return { items };
}
