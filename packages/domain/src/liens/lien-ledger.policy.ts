import type { Role } from '../roles.ts';

type LienActor = { role: Role; organizationId: string | null };

/**
 * Records and voids payments on a lien (capability liens:record-payment): only the users of the
 * lienholder whose lien it is. Nobody else, administrators included, says what a lienholder was
 * paid. The UI asks it to show the form; the server asks it again.
 */
export function canRecordLienPayment(actor: LienActor, lienholderId: string): boolean {
  return actor.role === 'lienholder' && actor.organizationId === lienholderId;
}

/** Has the lien portfolio (the lienholder dashboard's table, CSV and aging chart). */
export function canReadLienPortfolio(actor: Pick<LienActor, 'role'>): boolean {
  return actor.role === 'lienholder' || actor.role === 'admin';
}
