import { and, eq, ne, sql } from 'drizzle-orm';
import type {
  TSaveSettlementParsed,
  TSettlementDraft,
} from '@casebridge/domain/settlements/settlement.schemas';
import type { Db } from '#src/db/client.ts';
import { settlementDrafts, users } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';

type DraftRow = typeof settlementDrafts.$inferSelect;
type DraftFields = Pick<TSaveSettlementParsed, 'note'> & {
  grossCents: number;
  feeBasisPoints: number;
  costsCents: number;
};

/** The firm's draft of the patient, locked for a save when `forUpdate` (inside a transaction). */
export async function findSettlementDraft(
  db: Db,
  patientId: InScopePatientId,
  firmId: string,
  options: { forUpdate?: boolean } = {},
): Promise<DraftRow | undefined> {
  const query = db
    .select()
    .from(settlementDrafts)
    .where(and(eq(settlementDrafts.patientId, patientId), eq(settlementDrafts.firmId, firmId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * The firm's first draft; undefined when another save of the same firm created it first (the
 * caller answers 409). A draft left by the patient's former firm, which no longer sees the
 * patient, is replaced: the worksheet belongs to the firm that has the case now.
 */
export async function insertSettlementDraft(
  db: Db,
  patientId: InScopePatientId,
  firmId: string,
  fields: DraftFields,
  actor: Actor,
): Promise<DraftRow | undefined> {
  const [row] = await db
    .insert(settlementDrafts)
    .values({
      patientId,
      firmId,
      ...fields,
      updatedBy: actor.userId,
      updatedByName: actor.name,
    })
    .onConflictDoUpdate({
      target: settlementDrafts.patientId,
      set: {
        firmId,
        ...fields,
        version: 1,
        createdAt: sql`now()`,
        updatedAt: sql`now()`,
        updatedBy: actor.userId,
        updatedByName: actor.name,
      },
      setWhere: ne(settlementDrafts.firmId, firmId),
    })
    .returning();
  return row;
}

export async function updateSettlementDraft(
  db: Db,
  patientId: InScopePatientId,
  firmId: string,
  fields: DraftFields,
  actor: Actor,
): Promise<DraftRow> {
  const [row] = await db
    .update(settlementDrafts)
    .set({ ...fields, ...nextVersion(settlementDrafts, actor) })
    .where(and(eq(settlementDrafts.patientId, patientId), eq(settlementDrafts.firmId, firmId)))
    .returning();
  if (!row) throw new Error('the locked settlement draft vanished');
  return row;
}

/** The active users of the firm: the only ones who hear that its worksheet changed. */
export async function listFirmUserIds(db: Db, firmId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, firmId),
        eq(users.role, 'attorney'),
        eq(users.active, true),
        eq(users.kind, 'person'),
      ),
    );
  return rows.map((row) => row.id);
}

export function toSettlementDraft(row: DraftRow): TSettlementDraft {
  return {
    grossCents: row.grossCents,
    feeBasisPoints: row.feeBasisPoints,
    costsCents: row.costsCents,
    note: row.note,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedByName,
  };
}
