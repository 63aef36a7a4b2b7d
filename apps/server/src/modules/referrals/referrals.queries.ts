import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReferralBox, ReferralState } from '@casebridge/domain/referrals/referral.schemas';
import type { Db } from '#src/db/client.ts';
import { organizations, patientClinics, patients, referrals, users } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError } from '#src/lib/app-error.ts';
import { nextVersion } from '#src/lib/versioning.ts';

export type ReferralRow = typeof referrals.$inferSelect;

/** A referral with the names the answer shows, and the duplicate the receiving clinic is told of. */
export type VisibleReferral = {
  referral: ReferralRow;
  referrerName: string;
  referrerKind: 'clinic' | 'firm';
  clinicName: string;
  duplicate: { id: string; fullName: string; dob: string } | null;
};

/**
 * The one organisation whose referrals the actor reads: a firm's or a clinic's user. Every
 * actor that holds a referrals capability has one; a user without an organisation is refused
 * as the patient scope refuses it.
 */
export function referralOrganizationOf(actor: Pick<Actor, 'organizationId'>): string {
  if (!actor.organizationId) throw new AppError('FORBIDDEN', 'Your account has no organisation');
  return actor.organizationId;
}

/** The scope in SQL: a referral is seen by the organisation that sent it and the clinic asked. */
export function referralScopeCondition(organizationId: string): SQL {
  return sql`(${referrals.referringOrgId} = ${organizationId} or ${referrals.clinicId} = ${organizationId})`;
}

const referrer = alias(organizations, 'referrer');
const clinic = alias(organizations, 'clinic');

/** Name and date of birth compared as Add Patient compares them (patients/patient-name.ts). */
const nameKey = (column: SQL | typeof patients.fullName | typeof referrals.clientName) =>
  sql`regexp_replace(lower(${column}), '[^a-z0-9]', '', 'g')`;

/**
 * A patient already at the receiving clinic with the referral's name and date of birth: told to
 * the receiving clinic only, while the referral waits for its answer, and only of its own
 * patients (so nothing is revealed beyond the clinic's own list).
 */
function duplicateColumn(organizationId: string): SQL<VisibleReferral['duplicate']> {
  return sql<
    VisibleReferral['duplicate']
  >`(case when ${referrals.clinicId} = ${organizationId} and ${referrals.state} = 'pending' and ${referrals.kind} = 'new_client' then (
    select json_build_object('id', p.id, 'fullName', p.full_name, 'dob', p.dob::text)
    from ${patients} p
    inner join ${patientClinics} pc on pc.patient_id = p.id and pc.clinic_id = ${referrals.clinicId}
    where p.dob = ${referrals.dob} and ${nameKey(sql`p.full_name`)} = ${nameKey(referrals.clientName)}
    order by p.created_at, p.id limit 1
  ) end)`;
}

function selectVisible(db: Db, organizationId: string) {
  return db
    .select({
      referral: referrals,
      referrerName: referrer.name,
      referrerKind: sql<'clinic' | 'firm'>`${referrer.kind}`,
      clinicName: clinic.name,
      duplicate: duplicateColumn(organizationId),
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referringOrgId))
    .innerJoin(clinic, eq(clinic.id, referrals.clinicId));
}

/** Pending first, then newest first: the queue's order, and the sent list's. */
const notPending = sql`(${referrals.state} <> 'pending')`;

/**
 * A page of the organisation's received or sent referrals, one row more than `limit` to tell
 * whether another page follows. The cursor is the last row's id; its place is read from the row.
 */
export async function listReferrals(
  db: Db,
  organizationId: string,
  query: {
    box: ReferralBox;
    state?: ReferralState | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<VisibleReferral[]> {
  const side =
    query.box === 'received'
      ? eq(referrals.clinicId, organizationId)
      : eq(referrals.referringOrgId, organizationId);
  const after = query.cursor
    ? sql`exists (select 1 from ${referrals} c where c.id = ${query.cursor} and ${
        query.box === 'received' ? sql`c.clinic_id` : sql`c.referring_org_id`
      } = ${organizationId} and (
        ${notPending} > (c.state <> 'pending')
        or (${notPending} = (c.state <> 'pending') and (${referrals.createdAt}, ${referrals.id}) < (c.created_at, c.id))
      ))`
    : undefined;
  return selectVisible(db, organizationId)
    .where(and(side, query.state ? eq(referrals.state, query.state) : undefined, after))
    .orderBy(notPending, sql`${referrals.createdAt} desc`, sql`${referrals.id} desc`)
    .limit(query.limit + 1);
}

/** Pending referrals of the box, for the navigation's count and the page's heading. */
export async function countPendingReferrals(
  db: Db,
  organizationId: string,
  box: ReferralBox,
): Promise<number> {
  const side =
    box === 'received'
      ? eq(referrals.clinicId, organizationId)
      : eq(referrals.referringOrgId, organizationId);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(referrals)
    .where(and(side, eq(referrals.state, 'pending')));
  return row?.count ?? 0;
}

/** The referral if the organisation is one of its two, else null; `forUpdate` locks the row. */
export async function findVisibleReferral(
  db: Db,
  organizationId: string,
  referralId: string,
  options: { forUpdate?: boolean } = {},
): Promise<VisibleReferral | null> {
  if (options.forUpdate) {
    // Lock the referral alone (the organisations stay free), then read it with its names.
    const [locked] = await db
      .select({ id: referrals.id })
      .from(referrals)
      .where(and(eq(referrals.id, referralId), referralScopeCondition(organizationId)))
      .for('update');
    if (!locked) return null;
  }
  const [row] = await selectVisible(db, organizationId).where(
    and(eq(referrals.id, referralId), referralScopeCondition(organizationId)),
  );
  return row ?? null;
}

/** A clinic of the directory by id, or null. */
export async function findClinic(
  db: Db,
  clinicId: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, clinicId), eq(organizations.kind, 'clinic')));
  return row ?? null;
}

export type NewReferral = Omit<
  typeof referrals.$inferInsert,
  'id' | 'state' | 'createdAt' | 'updatedAt' | 'version' | 'updatedBy' | 'updatedByName'
>;

export async function insertReferral(db: Db, values: NewReferral): Promise<ReferralRow> {
  const [row] = await db.insert(referrals).values(values).returning();
  if (!row) throw new Error('the referral was not inserted');
  return row;
}

/**
 * Answers a pending referral from the version the user saw: null when another answer (or a
 * withdrawal) came first, so the caller answers 409 with the referral as it now is.
 */
export async function answerReferral(
  db: Db,
  referralId: string,
  expectedVersion: number,
  answer: {
    state: Exclude<ReferralState, 'pending'>;
    declineReason?: string | null;
    patientId?: string | null;
    responded: boolean;
  },
  actor: Pick<Actor, 'userId' | 'name'>,
): Promise<ReferralRow | null> {
  const now = new Date();
  const [row] = await db
    .update(referrals)
    .set({
      state: answer.state,
      declineReason: answer.declineReason ?? null,
      ...(answer.patientId ? { patientId: answer.patientId } : {}),
      ...(answer.responded
        ? { respondedAt: now, respondedBy: actor.userId, respondedByName: actor.name }
        : {}),
      ...nextVersion(referrals, actor),
    })
    .where(
      and(
        eq(referrals.id, referralId),
        eq(referrals.version, expectedVersion),
        eq(referrals.state, 'pending'),
      ),
    )
    .returning();
  return row ?? null;
}

/** Whether the patient is one of the clinic's own (not through a temporary grant). */
export async function isPatientAtClinic(
  db: Db,
  patientId: string,
  clinicId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ patientId: patientClinics.patientId })
    .from(patientClinics)
    .where(and(eq(patientClinics.patientId, patientId), eq(patientClinics.clinicId, clinicId)));
  return row !== undefined;
}

/** The receiving clinic joins a patient's care (a referral on); nothing when it already has. */
export async function joinPatientClinic(
  db: Db,
  patientId: string,
  clinicId: string,
): Promise<void> {
  await db.insert(patientClinics).values({ patientId, clinicId }).onConflictDoNothing();
}

/**
 * The active people of the organisations (never an API token's service account): who hears of
 * a referral between them.
 */
export async function listOrganizationMembers(
  db: Db,
  organizationIds: readonly string[],
): Promise<Array<{ id: string; organizationId: string | null }>> {
  if (organizationIds.length === 0) return [];
  return db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(
      and(
        inArray(users.organizationId, [...organizationIds]),
        eq(users.active, true),
        eq(users.approved, true),
        eq(users.kind, 'person'),
      ),
    );
}
