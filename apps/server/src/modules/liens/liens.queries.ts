import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import {
  billingEntries,
  lienPayments,
  lienPayoffs,
  organizations,
  patientLienholders,
  reductionOffers,
} from '#src/db/schema/index.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';

/** Sums arrive from SQL as numeric strings; cents stay exact well below 2^53. */
export const centsOf = (value: string | number | null | undefined): number => Number(value ?? 0);

/**
 * The lienholders linked to a patient, with the patient's billed total, each lien's live
 * payments and accepted reductions, and whether its lienholder confirmed a final payoff (which
 * waives the rest). `onlyLienholderId` limits it to one lien (a lienholder user sees its own
 * lien only).
 */
export async function listPatientLienAmounts(
  db: Db,
  patientId: InScopePatientId,
  onlyLienholderId: string | null,
) {
  const paid = db
    .select({
      lienholderId: lienPayments.lienholderId,
      cents: sql<string>`sum(${lienPayments.amountCents})`.as('paid_cents'),
    })
    .from(lienPayments)
    .where(and(eq(lienPayments.patientId, patientId), isNull(lienPayments.voidedAt)))
    .groupBy(lienPayments.lienholderId)
    .as('paid');
  const reduced = db
    .select({
      lienholderId: reductionOffers.lienholderId,
      cents: sql<string>`sum(${reductionOffers.amountCents})`.as('reduced_cents'),
    })
    .from(reductionOffers)
    .where(and(eq(reductionOffers.patientId, patientId), eq(reductionOffers.status, 'accepted')))
    .groupBy(reductionOffers.lienholderId)
    .as('reduced');
  // At most one confirmed payoff per lien (the partial unique index lien_payoffs_confirmed_idx).
  const settled = db
    .select({ lienholderId: lienPayoffs.lienholderId })
    .from(lienPayoffs)
    .where(and(eq(lienPayoffs.patientId, patientId), eq(lienPayoffs.status, 'confirmed')))
    .as('settled');
  const [rows, [billed]] = await Promise.all([
    db
      .select({
        lienholderId: patientLienholders.lienholderId,
        lienholderName: organizations.name,
        paidCents: paid.cents,
        reducedCents: reduced.cents,
        settledLienholderId: settled.lienholderId,
      })
      .from(patientLienholders)
      .innerJoin(organizations, eq(organizations.id, patientLienholders.lienholderId))
      .leftJoin(paid, eq(paid.lienholderId, patientLienholders.lienholderId))
      .leftJoin(reduced, eq(reduced.lienholderId, patientLienholders.lienholderId))
      .leftJoin(settled, eq(settled.lienholderId, patientLienholders.lienholderId))
      .where(
        and(
          eq(patientLienholders.patientId, patientId),
          onlyLienholderId === null
            ? undefined
            : eq(patientLienholders.lienholderId, onlyLienholderId),
        ),
      )
      .orderBy(organizations.name, patientLienholders.lienholderId),
    db
      .select({
        cents: sql<string>`coalesce(sum(${billingEntries.billedAmountCents}), 0)`,
      })
      .from(billingEntries)
      .where(and(eq(billingEntries.patientId, patientId), isNull(billingEntries.voidedAt))),
  ]);
  return rows.map((row) => ({
    lienholderId: row.lienholderId,
    lienholderName: row.lienholderName,
    billedCents: centsOf(billed?.cents),
    paidCents: centsOf(row.paidCents),
    reducedCents: centsOf(row.reducedCents),
    isPayoffConfirmed: row.settledLienholderId !== null,
  }));
}

/** Whether the lienholder is linked to the patient (its lien exists). */
export async function isLienholderLinked(
  db: Db,
  patientId: InScopePatientId,
  lienholderId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ patientId: patientLienholders.patientId })
    .from(patientLienholders)
    .where(
      and(
        eq(patientLienholders.patientId, patientId),
        eq(patientLienholders.lienholderId, lienholderId),
      ),
    );
  return row !== undefined;
}
