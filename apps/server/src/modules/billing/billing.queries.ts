import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PatientScope } from '@casebridge/domain/patients/patient.policy';
import type {
  TBillingEntry,
  TListBillingParsed,
  TOrganizationBillingPage,
} from '@casebridge/domain/billing/billing.schemas';
import type { Db } from '#src/db/client.ts';
import { billingEntries, organizations, patients } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import {
  changedSince,
  changesOrder,
  cursorId,
  ensureCursorUnchanged,
  listCursorOf,
  toCursorPage,
} from '#src/lib/cursor-page.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import { descNullsLast } from '#src/lib/index-order.ts';
import type { BillingEntryFields } from './billing-changes.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';
import {
  patientScopeCondition,
  type ActorPatientScope,
} from '#src/modules/patients/patient-scope.ts';

const entryColumns = {
  id: billingEntries.id,
  patientId: billingEntries.patientId,
  cptCode: billingEntries.cptCode,
  sessionCount: billingEntries.sessionCount,
  amountCents: billingEntries.billedAmountCents,
  date: billingEntries.date,
  clinicId: billingEntries.clinicId,
  clinicName: organizations.name,
  createdAt: billingEntries.createdAt,
  voidedAt: billingEntries.voidedAt,
  voidReason: billingEntries.voidReason,
  version: billingEntries.version,
  updatedAt: billingEntries.updatedAt,
  updatedByName: billingEntries.updatedByName,
};

type EntryRow = {
  [K in keyof Omit<TBillingEntry, 'createdAt' | 'voidedAt' | 'updatedAt'>]: TBillingEntry[K];
} & { createdAt: Date; voidedAt: Date | null; updatedAt: Date };

export function toBillingEntryDto(row: EntryRow): TBillingEntry {
  return {
    ...row,
    amountCents: Number(row.amountCents),
    createdAt: row.createdAt.toISOString(),
    voidedAt: row.voidedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Totals, the lienholder's figures and exports count live lines only: a voided line stays for
 * its history and is listed, marked, but is no longer billed.
 */
const isLive = isNull(billingEntries.voidedAt);

/** Sums arrive from SQL as numeric strings; cents stay exact well below 2^53. */
const sumLiveCents = sql<string>`coalesce(sum(${billingEntries.billedAmountCents}) filter (where ${isLive}), 0)`;

const newestFirst = [
  descNullsLast(billingEntries.date),
  descNullsLast(billingEntries.createdAt),
  descNullsLast(billingEntries.id),
] as const;

type BillingPage = Pick<TListBillingParsed, 'cursor' | 'limit' | 'updatedSince'>;

/**
 * A page of a patient's billing lines (voided ones too), newest first after the `cursor` line
 * or, with `updatedSince`, oldest change first; and the exact total of all its live lines.
 * Without a page, every line (the CSV export).
 */
export async function listPatientBilling(
  db: Db,
  patientId: InScopePatientId,
  page: BillingPage = { limit: Number.MAX_SAFE_INTEGER - 1 },
) {
  const ofPatient = eq(billingEntries.patientId, patientId);
  const cursorRow = (columns: SQL, condition: SQL) =>
    sql`select ${columns} from ${billingEntries} c where ${condition} and c.patient_id = ${patientId}`;
  const select = (condition: SQL | undefined) =>
    db
      .select(entryColumns)
      .from(billingEntries)
      .leftJoin(organizations, eq(organizations.id, billingEntries.clinicId))
      .where(and(ofPatient, condition))
      .$dynamic();
  const rows = page.updatedSince
    ? select(
        and(
          ...changedSince(billingEntries, page.updatedSince, page.cursor, (condition) =>
            cursorRow(sql`c.updated_at, c.id`, condition),
          ),
        ),
      ).orderBy(...changesOrder(billingEntries))
    : select(
        page.cursor
          ? sql`(${billingEntries.date}, ${billingEntries.createdAt}, ${billingEntries.id}) < (${cursorRow(sql`c.date, c.created_at, c.id`, sql`c.id = ${cursorId(page.cursor)}`)})`
          : undefined,
      ).orderBy(...newestFirst);
  const [fetched, totalCents] = await Promise.all([
    rows.limit(page.limit + 1),
    sumPatientSpecials(db, patientId),
  ]);
  if (page.updatedSince) await ensureCursorUnchanged(db, billingEntries, page.cursor);
  return {
    ...toCursorPage(fetched.map(toBillingEntryDto), page.limit, listCursorOf(page.updatedSince)),
    totalCents,
  };
}

/**
 * The patient's 'Total Medical Specials': the exact sum of its live lines, in cents. The Billing
 * History's total and the case facts' limit check (modules/case-facts) both read it here.
 */
export async function sumPatientSpecials(db: Db, patientId: InScopePatientId): Promise<number> {
  const [total] = await db
    .select({ total: sumLiveCents })
    .from(billingEntries)
    .where(eq(billingEntries.patientId, patientId));
  return Number(total?.total ?? 0);
}

/**
 * GET /billing: a page of every billing line of every patient the scope sees, scoped
 * in SQL like the patient list, voided lines included; newest line first (created_at, id) after
 * the `cursor` line, or, with `updatedSince`, oldest change first. The cursor's line must be one
 * of the scope's own, or the page is empty.
 */
export async function listScopeBilling(
  db: Db,
  scope: ActorPatientScope,
  page: BillingPage & { patientId?: string | undefined },
): Promise<TOrganizationBillingPage> {
  const inScope = patientScopeCondition(scope);
  const cursorRow = (columns: SQL, condition: SQL) =>
    sql`select ${columns} from ${billingEntries} c join ${patients} on ${patients.id} = c.patient_id where ${condition} and ${inScope}`;
  const query = db
    .select({ ...entryColumns, patientName: patients.fullName })
    .from(billingEntries)
    .innerJoin(patients, eq(patients.id, billingEntries.patientId))
    .leftJoin(organizations, eq(organizations.id, billingEntries.clinicId))
    .$dynamic();
  const ofPatient = page.patientId ? eq(billingEntries.patientId, page.patientId) : undefined;
  const rows = page.updatedSince
    ? await query
        .where(
          and(
            inScope,
            ofPatient,
            ...changedSince(billingEntries, page.updatedSince, page.cursor, (condition) =>
              cursorRow(sql`c.updated_at, c.id`, condition),
            ),
          ),
        )
        .orderBy(...changesOrder(billingEntries))
        .limit(page.limit + 1)
    : await query
        .where(
          and(
            inScope,
            ofPatient,
            page.cursor
              ? sql`(${billingEntries.createdAt}, ${billingEntries.id}) < (${cursorRow(sql`c.created_at, c.id`, sql`c.id = ${cursorId(page.cursor)}`)})`
              : undefined,
          ),
        )
        .orderBy(descNullsLast(billingEntries.createdAt), descNullsLast(billingEntries.id))
        .limit(page.limit + 1);
  const items = rows.map(({ patientName, ...row }) => {
    const entry = toBillingEntryDto(row);
    return { ...entry, patientName, status: entry.voidedAt ? 'voided' : 'active' } as const;
  });
  if (page.updatedSince) await ensureCursorUnchanged(db, billingEntries, page.cursor);
  return toCursorPage(items, page.limit, listCursorOf(page.updatedSince));
}

/** One line of the patient as the API shows it; undefined when the patient has no such line. */
export async function findBillingEntry(
  db: Db,
  patientId: InScopePatientId,
  entryId: string,
): Promise<TBillingEntry | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(billingEntries)
    .leftJoin(organizations, eq(organizations.id, billingEntries.clinicId))
    .where(and(eq(billingEntries.id, entryId), eq(billingEntries.patientId, patientId)));
  return row ? toBillingEntryDto(row) : undefined;
}

/** Locks the patient's line for a correction in this transaction (FOR UPDATE). */
export async function lockBillingEntry(db: Db, patientId: InScopePatientId, entryId: string) {
  const [row] = await db
    .select()
    .from(billingEntries)
    .where(and(eq(billingEntries.id, entryId), eq(billingEntries.patientId, patientId)))
    .for('update');
  return row;
}

/** Writes the corrected fields as the line's next version. */
export async function updateBillingEntry(
  db: Db,
  entryId: string,
  fields: BillingEntryFields,
  actor: Actor,
): Promise<void> {
  await db
    .update(billingEntries)
    .set({
      cptCode: fields.cptCode,
      sessionCount: fields.sessionCount,
      billedAmountCents: fields.amountCents,
      date: fields.date,
      ...nextVersion(billingEntries, actor),
    })
    .where(eq(billingEntries.id, entryId));
}

/** Marks the line voided, with its reason, as its next version. */
export async function markBillingEntryVoided(
  db: Db,
  entryId: string,
  reason: string,
  actor: Actor,
): Promise<void> {
  await db
    .update(billingEntries)
    .set({ voidedAt: new Date(), voidReason: reason, ...nextVersion(billingEntries, actor) })
    .where(eq(billingEntries.id, entryId));
}

export type NewBillingEntry = {
  patientId: InScopePatientId;
  cptCode: string;
  sessionCount: number;
  amountCents: number;
  clinicId: string | null;
  createdBy: string;
};

/** Inserts a line dated today (the database's calendar day). */
export async function insertBillingEntry(db: Db, entry: NewBillingEntry): Promise<TBillingEntry> {
  const [inserted] = await db
    .insert(billingEntries)
    .values({
      patientId: entry.patientId,
      cptCode: entry.cptCode,
      sessionCount: entry.sessionCount,
      billedAmountCents: entry.amountCents,
      date: sql`current_date`,
      clinicId: entry.clinicId,
      createdBy: entry.createdBy,
    })
    .returning({ id: billingEntries.id });
  if (!inserted) throw new Error('billing entry insert returned nothing');
  const row = await findBillingEntry(db, entry.patientId, inserted.id);
  if (!row) throw new Error('billing entry vanished after insert');
  return row;
}

/** Live billing across every patient in the scope: the exact total, the count and the latest lines. */
export async function getScopedBillingSummary(db: Db, scope: PatientScope, limit: number) {
  const inScope = and(eq(patients.id, billingEntries.patientId), patientScopeCondition(scope));
  const [[totals], recent] = await Promise.all([
    db
      .select({ total: sumLiveCents, entries: count() })
      .from(billingEntries)
      .innerJoin(patients, inScope)
      .where(isLive),
    db
      .select({ ...entryColumns, patientName: patients.fullName })
      .from(billingEntries)
      .innerJoin(patients, inScope)
      .leftJoin(organizations, eq(organizations.id, billingEntries.clinicId))
      .where(isLive)
      .orderBy(...newestFirst)
      .limit(limit),
  ]);
  return {
    totalBilledCents: Number(totals?.total ?? 0),
    entryCount: Number(totals?.entries ?? 0),
    recent: recent.map((row) => ({ ...toBillingEntryDto(row), patientName: row.patientName })),
  };
}
