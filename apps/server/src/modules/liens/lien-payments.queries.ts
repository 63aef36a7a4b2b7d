import { and, desc, eq } from 'drizzle-orm';
import type { TLienPayment } from '@casebridge/domain/liens/lien-ledger.schemas';
import type { Db } from '#src/db/client.ts';
import { lienPayments } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';

const paymentColumns = {
  id: lienPayments.id,
  patientId: lienPayments.patientId,
  lienholderId: lienPayments.lienholderId,
  amountCents: lienPayments.amountCents,
  paidOn: lienPayments.paidOn,
  reference: lienPayments.reference,
  recordedByName: lienPayments.recordedByName,
  createdAt: lienPayments.createdAt,
  voidedAt: lienPayments.voidedAt,
  voidReason: lienPayments.voidReason,
  version: lienPayments.version,
};

type PaymentRow = Omit<TLienPayment, 'createdAt' | 'voidedAt'> & {
  createdAt: Date;
  voidedAt: Date | null;
};

function toLienPaymentDto(row: PaymentRow): TLienPayment {
  return {
    ...row,
    amountCents: Number(row.amountCents),
    createdAt: row.createdAt.toISOString(),
    voidedAt: row.voidedAt?.toISOString() ?? null,
  };
}

const ofLien = (patientId: InScopePatientId, lienholderId: string) =>
  and(eq(lienPayments.patientId, patientId), eq(lienPayments.lienholderId, lienholderId));

/** The lien's payments, voided ones too (marked), latest payment date first. */
export async function listLienPayments(
  db: Db,
  patientId: InScopePatientId,
  lienholderId: string,
): Promise<TLienPayment[]> {
  const rows = await db
    .select(paymentColumns)
    .from(lienPayments)
    .where(ofLien(patientId, lienholderId))
    .orderBy(desc(lienPayments.paidOn), desc(lienPayments.createdAt), desc(lienPayments.id));
  return rows.map(toLienPaymentDto);
}

export type NewLienPayment = {
  patientId: InScopePatientId;
  lienholderId: string;
  amountCents: number;
  paidOn: string;
  reference: string | null;
};

export async function insertLienPayment(
  db: Db,
  payment: NewLienPayment,
  actor: Actor,
): Promise<TLienPayment> {
  const [row] = await db
    .insert(lienPayments)
    .values({
      ...payment,
      recordedBy: actor.userId,
      recordedByName: actor.name,
      updatedBy: actor.userId,
      updatedByName: actor.name,
    })
    .returning(paymentColumns);
  if (!row) throw new Error('lien payment insert returned nothing');
  return toLienPaymentDto(row);
}

/** Locks one payment of the lien for a void in this transaction (FOR UPDATE). */
export async function lockLienPayment(
  db: Db,
  patientId: InScopePatientId,
  lienholderId: string,
  paymentId: string,
): Promise<TLienPayment | undefined> {
  const [row] = await db
    .select(paymentColumns)
    .from(lienPayments)
    .where(and(ofLien(patientId, lienholderId), eq(lienPayments.id, paymentId)))
    .for('update');
  return row ? toLienPaymentDto(row) : undefined;
}

/** Marks the payment voided with its reason, as its next version; it stays for its history. */
export async function markLienPaymentVoided(
  db: Db,
  paymentId: string,
  reason: string,
  actor: Actor,
): Promise<TLienPayment> {
  const [row] = await db
    .update(lienPayments)
    .set({ voidedAt: new Date(), voidReason: reason, ...nextVersion(lienPayments, actor) })
    .where(eq(lienPayments.id, paymentId))
    .returning(paymentColumns);
  if (!row) throw new Error('lien payment vanished while locked');
  return toLienPaymentDto(row);
}
