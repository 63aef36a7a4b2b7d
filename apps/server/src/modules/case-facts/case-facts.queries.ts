import { and, asc, desc, eq, notInArray } from 'drizzle-orm';
import type {
  TCaseFactsRecord,
  TCaseInsurer,
  TCaseStageChange,
  TSaveCaseFactsParsed,
} from '@casebridge/domain/case-facts/case-facts.schemas';
import type { CaseStage } from '@casebridge/domain/case-facts/case-facts-constants';
import type { Db } from '#src/db/client.ts';
import { caseFacts, caseInsurers, caseStageHistory } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';

type FactsRow = typeof caseFacts.$inferSelect;
type InsurerRow = typeof caseInsurers.$inferSelect;
type FactsFields = Pick<
  TSaveCaseFactsParsed,
  'accidentDate' | 'accidentType' | 'firmCaseNumber' | 'stage'
>;
type InsurerFields = Omit<TSaveCaseFactsParsed['insurers'][number], 'insurerId' | 'policyLimit'> & {
  policyLimitCents: number | null;
};

/** The patient's case facts row, locked for a save when `forUpdate` (inside a transaction). */
export async function findCaseFacts(
  db: Db,
  patientId: InScopePatientId,
  options: { forUpdate?: boolean } = {},
): Promise<FactsRow | undefined> {
  const query = db.select().from(caseFacts).where(eq(caseFacts.patientId, patientId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function listCaseInsurers(db: Db, patientId: InScopePatientId): Promise<InsurerRow[]> {
  return db
    .select()
    .from(caseInsurers)
    .where(eq(caseInsurers.patientId, patientId))
    .orderBy(asc(caseInsurers.position), asc(caseInsurers.id));
}

/** The stage's moves, newest first. */
export async function listCaseStageHistory(
  db: Db,
  patientId: InScopePatientId,
): Promise<TCaseStageChange[]> {
  const rows = await db
    .select()
    .from(caseStageHistory)
    .where(eq(caseStageHistory.patientId, patientId))
    .orderBy(desc(caseStageHistory.changedAt), desc(caseStageHistory.id));
  return rows.map((row) => ({
    id: row.id,
    fromStage: row.fromStage,
    toStage: row.toStage,
    note: row.note,
    changedByName: row.changedByName,
    changedAt: row.changedAt.toISOString(),
  }));
}

/**
 * The first save's row; undefined when another save created it first (the caller answers 409
 * with the record as it is).
 */
export async function insertCaseFacts(
  db: Db,
  patientId: InScopePatientId,
  fields: FactsFields,
  actor: Actor,
): Promise<FactsRow | undefined> {
  const [row] = await db
    .insert(caseFacts)
    .values({ patientId, ...fields, updatedBy: actor.userId, updatedByName: actor.name })
    .onConflictDoNothing({ target: caseFacts.patientId })
    .returning();
  return row;
}

export async function updateCaseFacts(
  db: Db,
  patientId: InScopePatientId,
  fields: FactsFields,
  actor: Actor,
): Promise<FactsRow> {
  const [row] = await db
    .update(caseFacts)
    .set({ ...fields, ...nextVersion(caseFacts, actor) })
    .where(eq(caseFacts.patientId, patientId))
    .returning();
  if (!row) throw new Error('the locked case facts row vanished');
  return row;
}

/**
 * Makes the case's insurers the given list, in its order: an insurer named by id is updated in
 * place, one without an id is added, and those left out are deleted. Every id given must be one
 * of the case's own (the caller checks).
 */
export async function replaceCaseInsurers(
  db: Db,
  patientId: InScopePatientId,
  insurers: ReadonlyArray<InsurerFields & { id: string | undefined }>,
): Promise<void> {
  const kept = insurers.flatMap((insurer) => (insurer.id ? [insurer.id] : []));
  await db
    .delete(caseInsurers)
    .where(
      and(
        eq(caseInsurers.patientId, patientId),
        kept.length > 0 ? notInArray(caseInsurers.id, kept) : undefined,
      ),
    );
  for (const [position, { id, ...fields }] of insurers.entries()) {
    if (id) {
      await db
        .update(caseInsurers)
        .set({ ...fields, position, updatedAt: new Date() })
        .where(and(eq(caseInsurers.id, id), eq(caseInsurers.patientId, patientId)));
    } else {
      await db.insert(caseInsurers).values({ patientId, position, ...fields });
    }
  }
}

export async function insertStageChange(
  db: Db,
  patientId: InScopePatientId,
  change: { from: CaseStage; to: CaseStage; note: string | null },
  actor: Actor,
): Promise<void> {
  await db.insert(caseStageHistory).values({
    patientId,
    fromStage: change.from,
    toStage: change.to,
    note: change.note,
    changedBy: actor.userId,
    changedByName: actor.name,
  });
}

export function toCaseInsurer(row: InsurerRow): TCaseInsurer {
  return {
    id: row.id,
    coverage: row.coverage,
    carrier: row.carrier,
    claimNumber: row.claimNumber,
    adjusterName: row.adjusterName,
    adjusterPhone: row.adjusterPhone,
    adjusterEmail: row.adjusterEmail,
    policyLimitCents: row.policyLimitCents === null ? null : Number(row.policyLimitCents),
  };
}

export function toCaseFactsRecord(
  row: FactsRow,
  insurers: readonly InsurerRow[],
): TCaseFactsRecord {
  return {
    accidentDate: row.accidentDate,
    accidentType: row.accidentType,
    firmCaseNumber: row.firmCaseNumber,
    stage: row.stage,
    insurers: insurers.map(toCaseInsurer),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedByName,
  };
}
