import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { ReductionOfferStatus, ReductionParty } from '@casebridge/domain/liens/lien-constants';
import type { TReductionOffer } from '@casebridge/domain/liens/reduction.schemas';
import type { Db } from '#src/db/client.ts';
import { organizations, patientLienholders, reductionOffers } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';

export type ReductionOfferRow = typeof reductionOffers.$inferSelect;

/** The lienholder of one of the patient's liens (linked to the patient), or undefined. */
export async function findLinkedLienholder(
  db: Db,
  patientId: InScopePatientId,
  lienholderId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(patientLienholders)
    .innerJoin(organizations, eq(organizations.id, patientLienholders.lienholderId))
    .where(
      and(
        eq(patientLienholders.patientId, patientId),
        eq(patientLienholders.lienholderId, lienholderId),
      ),
    );
  return row;
}

/** The offers of one lien, newest first; `statuses` limits them (a clinic reads the accepted). */
export async function listReductionOffers(
  db: Db,
  patientId: InScopePatientId,
  lienholderId: string,
  statuses: 'all' | readonly ReductionOfferStatus[],
): Promise<TReductionOffer[]> {
  const rows = await db
    .select()
    .from(reductionOffers)
    .where(
      and(
        eq(reductionOffers.patientId, patientId),
        eq(reductionOffers.lienholderId, lienholderId),
        statuses === 'all' ? undefined : inArray(reductionOffers.status, [...statuses]),
      ),
    )
    .orderBy(desc(reductionOffers.createdAt), desc(reductionOffers.round));
  return rows.map(toReductionOffer);
}

/** One offer of the lien, locked until the transaction ends (two answers cannot both win). */
export async function lockReductionOffer(
  db: Db,
  patientId: InScopePatientId,
  lienholderId: string,
  offerId: string,
): Promise<ReductionOfferRow | undefined> {
  const [row] = await db
    .select()
    .from(reductionOffers)
    .where(
      and(
        eq(reductionOffers.id, offerId),
        eq(reductionOffers.patientId, patientId),
        eq(reductionOffers.lienholderId, lienholderId),
      ),
    )
    .for('update');
  return row;
}

/** The lien's open offer, if any (at most one: `reduction_offers_open_idx`). */
export async function findOpenReductionOffer(
  db: Db,
  patientId: InScopePatientId,
  lienholderId: string,
): Promise<ReductionOfferRow | undefined> {
  const [row] = await db
    .select()
    .from(reductionOffers)
    .where(
      and(
        eq(reductionOffers.patientId, patientId),
        eq(reductionOffers.lienholderId, lienholderId),
        eq(reductionOffers.status, 'open'),
      ),
    );
  return row;
}

/** The lien's latest round number (0 before the first offer). */
export async function getLatestRound(
  db: Db,
  patientId: InScopePatientId,
  lienholderId: string,
): Promise<number> {
  const [row] = await db
    .select({ round: max(reductionOffers.round) })
    .from(reductionOffers)
    .where(
      and(eq(reductionOffers.patientId, patientId), eq(reductionOffers.lienholderId, lienholderId)),
    );
  return row?.round ?? 0;
}

export type NewReductionOffer = {
  patientId: InScopePatientId;
  lienholderId: string;
  round: number;
  offeredBy: ReductionParty;
  kind: 'amount' | 'percent';
  amountCents: number;
  percentBasisPoints: number | null;
  balanceCents: number;
  note: string | null;
};

export async function insertReductionOffer(
  db: Db,
  offer: NewReductionOffer,
  actor: Actor,
): Promise<ReductionOfferRow> {
  const [row] = await db
    .insert(reductionOffers)
    .values({ ...offer, offeredByUserId: actor.userId, offeredByName: actor.name })
    .returning();
  if (!row) throw new Error('reduction offer insert returned nothing');
  return row;
}

/** Closes an open offer with its answer; only an offer still open is changed. */
export async function closeReductionOffer(
  db: Db,
  offerId: string,
  status: Exclude<ReductionOfferStatus, 'open'>,
  actor: Actor,
): Promise<ReductionOfferRow> {
  const [row] = await db
    .update(reductionOffers)
    .set({
      status,
      respondedAt: new Date(),
      respondedByUserId: actor.userId,
      respondedByName: actor.name,
    })
    .where(and(eq(reductionOffers.id, offerId), eq(reductionOffers.status, 'open')))
    .returning();
  if (!row) throw new Error('the locked open offer was not open');
  return row;
}

export function toReductionOffer(row: ReductionOfferRow): TReductionOffer {
  return {
    id: row.id,
    round: row.round,
    offeredBy: row.offeredBy,
    offeredByName: row.offeredByName,
    kind: row.kind,
    amountCents: row.amountCents,
    percentBasisPoints: row.percentBasisPoints,
    balanceCents: row.balanceCents,
    note: row.note,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
    respondedByName: row.respondedByName,
  };
}
