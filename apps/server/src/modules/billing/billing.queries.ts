import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PatientScope } from '@casebridge/domain/patients/patient.policy';
import type { TBillingEntry } from '@casebridge/domain/billing/billing.schemas';
import type { Db } from '#src/db/client.ts';
import { billingEntries, organizations, patients } from '#src/db/schema/index.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';
import { patientScopeCondition } from '#src/modules/patients/patient-scope.ts';

const entryColumns = {
  id: billingEntries.id,
  patientId: billingEntries.patientId,
  cptCode: billingEntries.cptCode,
  sessionCount: billingEntries.sessionCount,
  amountCents: billingEntries.billedAmountCents,
  date: billingEntries.date,
  clinicName: organizations.name,
  createdAt: billingEntries.createdAt,
};

type EntryRow = {
  id: string;
  patientId: string;
  cptCode: string;
  sessionCount: number;
  amountCents: number;
  date: string;
  clinicName: string | null;
  createdAt: Date;
};

export function toBillingEntryDto(row: EntryRow): TBillingEntry {
  return { ...row, amountCents: Number(row.amountCents), createdAt: row.createdAt.toISOString() };
}

/** Sums arrive from SQL as numeric strings; cents stay exact well below 2^53. */
const sumCents = sql<string>`coalesce(sum(${billingEntries.billedAmountCents}), 0)`;

/** A patient's billing lines, newest first, and their exact total. */
export async function listPatientBilling(db: Db, patientId: InScopePatientId) {
  const [rows, [total]] = await Promise.all([
    db
      .select(entryColumns)
      .from(billingEntries)
      .leftJoin(organizations, eq(organizations.id, billingEntries.clinicId))
      .where(eq(billingEntries.patientId, patientId))
      .orderBy(desc(billingEntries.date), desc(billingEntries.createdAt), desc(billingEntries.id)),
    db
      .select({ total: sumCents })
      .from(billingEntries)
      .where(eq(billingEntries.patientId, patientId)),
  ]);
  return { items: rows.map(toBillingEntryDto), totalCents: Number(total?.total ?? 0) };
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
  const [row] = await db
    .select(entryColumns)
    .from(billingEntries)
    .leftJoin(organizations, eq(organizations.id, billingEntries.clinicId))
    .where(eq(billingEntries.id, inserted.id));
  if (!row) throw new Error('billing entry vanished after insert');
  return toBillingEntryDto(row);
}

/** Billing across every patient in the scope: the exact total, the count and the latest lines. */
export async function getScopedBillingSummary(db: Db, scope: PatientScope, limit: number) {
  const inScope = and(eq(patients.id, billingEntries.patientId), patientScopeCondition(scope));
  const [[totals], recent] = await Promise.all([
    db
      .select({ total: sumCents, entries: count() })
      .from(billingEntries)
      .innerJoin(patients, inScope),
    db
      .select({ ...entryColumns, patientName: patients.fullName })
      .from(billingEntries)
      .innerJoin(patients, inScope)
      .leftJoin(organizations, eq(organizations.id, billingEntries.clinicId))
      .orderBy(desc(billingEntries.date), desc(billingEntries.createdAt), desc(billingEntries.id))
      .limit(limit),
  ]);
  return {
    totalBilledCents: Number(totals?.total ?? 0),
    entryCount: Number(totals?.entries ?? 0),
    recent: recent.map((row) => ({ ...toBillingEntryDto(row), patientName: row.patientName })),
  };
}
