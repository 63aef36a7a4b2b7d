import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type {
  TBillFinal,
  TPayoff,
  TSettlementRecord,
} from '@casebridge/domain/closing/closing.schemas';
import type { Db } from '#src/db/client.ts';
import {
  billFinals,
  caseSettlements,
  lienPayoffs,
  organizations,
  patientClinics,
  patients,
} from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';
import {
  patientScopeCondition,
  type ActorPatientScope,
} from '#src/modules/patients/patient-scope.ts';

type SettlementRow = typeof caseSettlements.$inferSelect;
export type SettlementFields = Pick<
  SettlementRow,
  'grossCents' | 'settledOn' | 'source' | 'feeBasisPoints' | 'costsCents' | 'note'
>;

/** The patient's settlement, locked for a write when `forUpdate` (inside a transaction). */
export async function findSettlement(
  db: Db,
  patientId: InScopePatientId,
  options: { forUpdate?: boolean } = {},
): Promise<SettlementRow | undefined> {
  const query = db.select().from(caseSettlements).where(eq(caseSettlements.patientId, patientId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The first recording; undefined when another one came first (the caller answers 409). */
export async function insertSettlement(
  db: Db,
  patientId: InScopePatientId,
  firmId: string,
  fields: SettlementFields,
  actor: Actor,
): Promise<SettlementRow | undefined> {
  const [row] = await db
    .insert(caseSettlements)
    .values({ patientId, firmId, ...fields, updatedBy: actor.userId, updatedByName: actor.name })
    .onConflictDoNothing({ target: caseSettlements.patientId })
    .returning();
  return row;
}

export async function updateSettlement(
  db: Db,
  patientId: InScopePatientId,
  fields: Partial<SettlementFields> & Partial<Pick<SettlementRow, 'disbursedOn' | 'closedAt'>>,
  actor: Actor,
): Promise<SettlementRow> {
  const [row] = await db
    .update(caseSettlements)
    .set({ ...fields, ...nextVersion(caseSettlements, actor) })
    .where(eq(caseSettlements.patientId, patientId))
    .returning();
  if (!row) throw new Error('the locked settlement vanished');
  return row;
}

export function toSettlementRecord(row: SettlementRow): TSettlementRecord {
  return {
    id: row.id,
    grossCents: row.grossCents,
    settledOn: row.settledOn,
    source: row.source,
    feeBasisPoints: row.feeBasisPoints,
    costsCents: row.costsCents,
    note: row.note,
    disbursedOn: row.disbursedOn,
    closedAt: row.closedAt?.toISOString() ?? null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedByName,
  };
}

const payoffColumns = {
  id: lienPayoffs.id,
  patientId: lienPayoffs.patientId,
  lienholderId: lienPayoffs.lienholderId,
  lienholderName: organizations.name,
  amountCents: lienPayoffs.amountCents,
  balanceCents: lienPayoffs.balanceCents,
  status: lienPayoffs.status,
  note: lienPayoffs.note,
  proposedByName: lienPayoffs.proposedByName,
  proposedAt: lienPayoffs.proposedAt,
  answeredByName: lienPayoffs.answeredByName,
  answeredAt: lienPayoffs.answeredAt,
  disputeReason: lienPayoffs.disputeReason,
  paymentId: lienPayoffs.paymentId,
};

type PayoffRow = Omit<TPayoff, 'proposedAt' | 'answeredAt'> & {
  proposedAt: Date;
  answeredAt: Date | null;
};

function toPayoff(row: PayoffRow): TPayoff {
  return {
    ...row,
    amountCents: Number(row.amountCents),
    balanceCents: Number(row.balanceCents),
    proposedAt: row.proposedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** The payoffs of the patient's liens (one lienholder's when given), newest first. */
export async function listPayoffs(
  db: Db,
  patientId: InScopePatientId,
  onlyLienholderId: string | null,
): Promise<TPayoff[]> {
  const rows = await db
    .select(payoffColumns)
    .from(lienPayoffs)
    .innerJoin(organizations, eq(organizations.id, lienPayoffs.lienholderId))
    .where(
      and(
        eq(lienPayoffs.patientId, patientId),
        onlyLienholderId ? eq(lienPayoffs.lienholderId, onlyLienholderId) : undefined,
      ),
    )
    .orderBy(desc(lienPayoffs.proposedAt), desc(lienPayoffs.id));
  return rows.map(toPayoff);
}

/** One payoff of the lien, locked FOR UPDATE for an answer in this transaction. */
export async function lockPayoff(
  db: Db,
  patientId: InScopePatientId,
  lienholderId: string,
  payoffId: string,
): Promise<TPayoff | undefined> {
  const [row] = await db
    .select(payoffColumns)
    .from(lienPayoffs)
    .innerJoin(organizations, eq(organizations.id, lienPayoffs.lienholderId))
    .where(
      and(
        eq(lienPayoffs.patientId, patientId),
        eq(lienPayoffs.lienholderId, lienholderId),
        eq(lienPayoffs.id, payoffId),
      ),
    )
    .for('update', { of: lienPayoffs });
  return row ? toPayoff(row) : undefined;
}

export async function insertPayoff(
  db: Db,
  payoff: {
    patientId: InScopePatientId;
    lienholderId: string;
    amountCents: number;
    balanceCents: number;
    note: string | null;
  },
  actor: Actor,
): Promise<string | undefined> {
  const [row] = await db
    .insert(lienPayoffs)
    .values({ ...payoff, proposedBy: actor.userId, proposedByName: actor.name })
    .onConflictDoNothing()
    .returning({ id: lienPayoffs.id });
  return row?.id;
}

/** An answer (or a withdrawal): the new status, who gave it, and what it carries. */
export async function answerPayoff(
  db: Db,
  payoffId: string,
  answer: {
    status: 'confirmed' | 'disputed' | 'withdrawn';
    disputeReason?: string;
    paymentId?: string | null;
  },
  actor: Actor,
): Promise<void> {
  await db
    .update(lienPayoffs)
    .set({
      status: answer.status,
      disputeReason: answer.disputeReason ?? null,
      paymentId: answer.paymentId ?? null,
      answeredBy: actor.userId,
      answeredByName: actor.name,
      answeredAt: new Date(),
    })
    .where(eq(lienPayoffs.id, payoffId));
}

/**
 * The payoffs awaiting an answer on the scope's patients (one lienholder's when given), oldest
 * first, with the patient's name: the lienholder's inbox.
 */
export async function listOpenPayoffs(
  db: Db,
  scope: ActorPatientScope,
  onlyLienholderId: string | null,
  limit: number,
): Promise<Array<TPayoff & { patientName: string }>> {
  const rows = await db
    .select({ ...payoffColumns, patientName: patients.fullName })
    .from(lienPayoffs)
    .innerJoin(patients, eq(patients.id, lienPayoffs.patientId))
    .innerJoin(organizations, eq(organizations.id, lienPayoffs.lienholderId))
    .where(
      and(
        eq(lienPayoffs.status, 'proposed'),
        onlyLienholderId ? eq(lienPayoffs.lienholderId, onlyLienholderId) : undefined,
        patientScopeCondition(scope),
      ),
    )
    .orderBy(asc(lienPayoffs.proposedAt), asc(lienPayoffs.id))
    .limit(limit);
  return rows.map(({ patientName, ...row }) => ({ ...toPayoff(row), patientName }));
}

/** The clinics of the patient. */
export async function listPatientClinicIds(db: Db, patientId: InScopePatientId): Promise<string[]> {
  const rows = await db
    .select({ id: patientClinics.clinicId })
    .from(patientClinics)
    .where(eq(patientClinics.patientId, patientId));
  return rows.map((row) => row.id);
}

export async function listBillFinals(db: Db, patientId: InScopePatientId): Promise<TBillFinal[]> {
  const rows = await db
    .select({
      clinicId: billFinals.clinicId,
      clinicName: organizations.name,
      finalizedAt: billFinals.finalizedAt,
      finalizedByName: billFinals.finalizedByName,
    })
    .from(billFinals)
    .innerJoin(organizations, eq(organizations.id, billFinals.clinicId))
    .where(eq(billFinals.patientId, patientId))
    .orderBy(asc(organizations.name));
  return rows.map((row) => ({
    clinicId: row.clinicId,
    clinicName: row.clinicName,
    finalizedOn: row.finalizedAt.toISOString().slice(0, 10),
    finalizedByName: row.finalizedByName,
  }));
}

/** Whether the clinic marked its bill for the patient final. */
export async function isBillFinal(
  db: Db,
  patientId: InScopePatientId,
  clinicId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(billFinals)
    .where(and(eq(billFinals.patientId, patientId), eq(billFinals.clinicId, clinicId)));
  return row !== undefined;
}

/** Marks the bill final; false when it already was. */
export async function insertBillFinal(
  db: Db,
  patientId: InScopePatientId,
  clinicId: string,
  actor: Actor,
): Promise<boolean> {
  const rows = await db
    .insert(billFinals)
    .values({ patientId, clinicId, finalizedBy: actor.userId, finalizedByName: actor.name })
    .onConflictDoNothing()
    .returning({ clinicId: billFinals.clinicId });
  return rows.length > 0;
}
