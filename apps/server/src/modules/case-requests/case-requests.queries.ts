import { and, asc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPEN_CASE_REQUEST_STATUSES,
  type CaseRequestStatus,
} from '@casebridge/domain/requests/case-request-constants';
import type { CaseRequestStatusFilter } from '@casebridge/domain/requests/case-request-texts';
import type { Db } from '#src/db/client.ts';
import {
  caseRequestDocuments,
  caseRequests,
  documents,
  organizations,
  patientClinics,
  patientListing,
  patients,
  users,
} from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import {
  changedSince,
  changesOrder,
  cursorId,
  ensureCursorUnchanged,
} from '#src/lib/cursor-page.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import { documentVisibilityCondition } from '#src/modules/documents/document-visibility.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';
import {
  patientScopeCondition,
  type ActorPatientScope,
} from '#src/modules/patients/patient-scope.ts';

export type CaseRequestRow = typeof caseRequests.$inferSelect;
export type PartyActor = Pick<Actor, 'role' | 'organizationId'>;

const clinicOrg = alias(organizations, 'clinic_org');
const requesterOrg = alias(organizations, 'requester_org');
const OPEN = [...OPEN_CASE_REQUEST_STATUSES];

const isOpen = inArray(caseRequests.status, OPEN);
/** Open requests first, then by due date: overdue ones lead the open ones. */
const rank = sql<number>`(case when ${caseRequests.status} in ('requested', 'acknowledged') then 0 else 1 end)`;
const isOverdueColumn = sql<boolean>`(${caseRequests.status} in ('requested', 'acknowledged') and ${caseRequests.dueOn} < current_date)`;

/**
 * The requests an actor is a party to: the asked clinic's users, the requesting organisation's
 * users, and administrators (every one). Other parties of the same patient see none of them.
 */
function partyCondition(actor: PartyActor): SQL {
  if (actor.role === 'admin') return sql`true`;
  if (!actor.organizationId) return sql`false`;
  if (actor.role === 'clinic') return eq(caseRequests.clinicId, actor.organizationId);
  if (actor.role === 'attorney' || actor.role === 'lienholder')
    return eq(caseRequests.requesterOrganizationId, actor.organizationId);
  return sql`false`;
}

/**
 * The same rule for the cursor's row `c`: a cursor names one of the viewer's own requests, so an
 * id of someone else's request pages like an unknown one and reveals nothing of it.
 */
function cursorPartyCondition(actor: PartyActor): SQL {
  if (actor.role === 'admin') return sql`true`;
  if (!actor.organizationId) return sql`false`;
  if (actor.role === 'clinic') return sql`c.clinic_id = ${actor.organizationId}`;
  if (actor.role === 'attorney' || actor.role === 'lienholder')
    return sql`c.requester_organization_id = ${actor.organizationId}`;
  return sql`false`;
}

const requestColumns = {
  request: caseRequests,
  patientName: patients.fullName,
  clinicName: clinicOrg.name,
  requesterOrganizationName: requesterOrg.name,
  isOverdue: isOverdueColumn,
};

/** Requests matching `condition` that the actor is a party to, of patients in its scope. */
function selectVisibleRequests(
  db: Db,
  actor: PartyActor,
  scope: ActorPatientScope,
  condition: SQL | undefined,
) {
  return db
    .select(requestColumns)
    .from(caseRequests)
    .innerJoin(patients, eq(patients.id, caseRequests.patientId))
    .innerJoin(clinicOrg, eq(clinicOrg.id, caseRequests.clinicId))
    .leftJoin(requesterOrg, eq(requesterOrg.id, caseRequests.requesterOrganizationId))
    .where(and(condition, partyCondition(actor), patientScopeCondition(scope)))
    .$dynamic();
}

export type VisibleRequestRow = Awaited<ReturnType<typeof findVisibleRequest>> & {};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function statusCondition(status: CaseRequestStatusFilter): SQL | undefined {
  if (status === 'all') return undefined;
  if (status === 'open') return isOpen;
  return eq(caseRequests.status, status);
}

export type RequestListFilter = {
  patientId?: InScopePatientId;
  status: CaseRequestStatusFilter;
  overdue: boolean;
  search?: string | undefined;
  cursor?: string | undefined;
  limit: number;
  /** Only requests changed at or after it, oldest change first (a sync client's changes). */
  updatedSince?: string | undefined;
};

/**
 * A page of the requests the actor is a party to, open first and overdue first among them
 * (due date ascending), keyset-paged by the last row's id. Reads one row more than the page.
 */
export async function listVisibleRequests(
  db: Db,
  actor: PartyActor,
  scope: ActorPatientScope,
  filter: RequestListFilter,
) {
  const conditions: Array<SQL | undefined> = [
    filter.patientId ? eq(caseRequests.patientId, filter.patientId) : undefined,
    statusCondition(filter.status),
    filter.overdue ? and(isOpen, lt(caseRequests.dueOn, sql`current_date`)) : undefined,
    filter.search ? ilike(patients.fullName, `%${escapeLike(filter.search)}%`) : undefined,
  ];
  if (filter.updatedSince) {
    const cursorRow = (condition: SQL) =>
      sql`select c.updated_at, c.id from ${caseRequests} c where ${condition} and ${cursorPartyCondition(actor)}`;
    const changed = await selectVisibleRequests(
      db,
      actor,
      scope,
      and(
        ...conditions,
        ...changedSince(caseRequests, filter.updatedSince, filter.cursor, cursorRow),
      ),
    )
      .orderBy(...changesOrder(caseRequests))
      .limit(filter.limit + 1);
    await ensureCursorUnchanged(db, caseRequests, filter.cursor);
    return { rows: changed.slice(0, filter.limit), hasMore: changed.length > filter.limit };
  }
  conditions.push(
    filter.cursor
      ? sql`(${rank}, ${caseRequests.dueOn}, ${caseRequests.id}) > (select (case when c.status in ('requested', 'acknowledged') then 0 else 1 end), c.due_on, c.id from ${caseRequests} c where c.id = ${cursorId(filter.cursor)} and ${cursorPartyCondition(actor)})`
      : undefined,
  );
  const rows = await selectVisibleRequests(db, actor, scope, and(...conditions))
    .orderBy(asc(rank), asc(caseRequests.dueOn), asc(caseRequests.id))
    .limit(filter.limit + 1);
  return { rows: rows.slice(0, filter.limit), hasMore: rows.length > filter.limit };
}

/** One request the actor is a party to; `forUpdate` locks it for the write's transaction. */
export async function findVisibleRequest(
  db: Db,
  actor: PartyActor,
  scope: ActorPatientScope,
  requestId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = selectVisibleRequests(db, actor, scope, eq(caseRequests.id, requestId));
  const [row] = await (options.forUpdate ? query.for('update', { of: caseRequests }) : query);
  return row ?? null;
}

/** The fulfilling documents of the requests that the viewer may see (document rules in SQL). */
export async function listLinkedDocuments(
  db: Db,
  viewer: Pick<Actor, 'role'>,
  requestIds: readonly string[],
) {
  if (requestIds.length === 0) return [];
  return db
    .select({
      requestId: caseRequestDocuments.requestId,
      id: documents.id,
      fileName: documents.fileName,
      category: documents.category,
      mimeType: documents.mimeType,
    })
    .from(caseRequestDocuments)
    .innerJoin(documents, eq(documents.id, caseRequestDocuments.documentId))
    .innerJoin(patients, eq(patients.id, documents.patientId))
    .where(
      and(
        inArray(caseRequestDocuments.requestId, [...requestIds]),
        documentVisibilityCondition(viewer),
      ),
    )
    .orderBy(asc(caseRequestDocuments.linkedAt), asc(documents.fileName));
}

/** Of the ids, the patient's documents the actor may see (the ones a fulfilment may link). */
/** Of the given documents of the patient, those that each of `viewers` may see now. */
export async function findLinkableDocumentIds(
  db: Db,
  viewers: ReadonlyArray<Pick<Actor, 'role'>>,
  patientId: string,
  documentIds: readonly string[],
): Promise<string[]> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .innerJoin(patients, eq(patients.id, documents.patientId))
    .where(
      and(
        eq(documents.patientId, patientId),
        inArray(documents.id, [...documentIds]),
        ...viewers.map((viewer) => documentVisibilityCondition(viewer)),
      ),
    );
  return rows.map((row) => row.id);
}

export async function isClinicOfPatient(
  db: Db,
  patientId: InScopePatientId,
  clinicId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ clinicId: patientClinics.clinicId })
    .from(patientClinics)
    .where(and(eq(patientClinics.patientId, patientId), eq(patientClinics.clinicId, clinicId)));
  return row !== undefined;
}

export async function insertRequest(db: Db, values: typeof caseRequests.$inferInsert) {
  const [row] = await db.insert(caseRequests).values(values).returning({ id: caseRequests.id });
  return row!;
}

/** The next status of a request, as its next version. */
export async function updateRequestStatus(
  db: Db,
  actor: Pick<Actor, 'userId' | 'name'>,
  requestId: string,
  change: { status: CaseRequestStatus; declineReason?: string },
) {
  const now = new Date();
  await db
    .update(caseRequests)
    .set({
      status: change.status,
      declineReason: change.declineReason ?? null,
      ...(change.status === 'acknowledged' ? { acknowledgedAt: now } : { closedAt: now }),
      ...nextVersion(caseRequests, actor),
    })
    .where(eq(caseRequests.id, requestId));
}

export async function linkDocuments(
  db: Db,
  requestId: string,
  documentIds: readonly string[],
  linkedBy: string,
) {
  await db
    .insert(caseRequestDocuments)
    .values(documentIds.map((documentId) => ({ requestId, documentId, linkedBy })))
    .onConflictDoNothing();
}

/**
 * The active users of an organisation who see the patient through it (its own listing row),
 * or, for a request an administrator made for nobody, that administrator.
 */
export async function listSideUsers(
  db: Db,
  side: { organizationId: string | null; userId: string | null },
  patientId: string,
): Promise<string[]> {
  const condition = side.organizationId
    ? and(
        eq(users.organizationId, side.organizationId),
        sql`exists (select 1 from ${patientListing} where ${patientListing.party} = ${side.organizationId} and ${patientListing.patientId} = ${patientId})`,
      )
    : side.userId
      ? and(eq(users.id, side.userId), eq(users.role, 'admin'))
      : sql`false`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.active, true), eq(users.approved, true), eq(users.kind, 'person'), condition),
    );
  return rows.map((row) => row.id);
}

/**
 * Claims today's overdue reminders in ONE statement: every open request due before today whose
 * last reminder is not from today gets today's date, and only the rows this statement moved are
 * returned. Under several instances each request is claimed (and reminded) once a day.
 */
export async function claimOverdueRequests(db: Db) {
  return db
    .update(caseRequests)
    .set({ lastReminderOn: sql`current_date` })
    .where(
      and(
        isOpen,
        lt(caseRequests.dueOn, sql`current_date`),
        or(isNull(caseRequests.lastReminderOn), lt(caseRequests.lastReminderOn, sql`current_date`)),
        // A clinic no longer treating the patient cannot answer: nobody is reminded of it.
        sql`exists (select 1 from ${patientClinics} pc where pc.patient_id = ${caseRequests.patientId} and pc.clinic_id = ${caseRequests.clinicId})`,
      ),
    )
    .returning({
      id: caseRequests.id,
      patientId: caseRequests.patientId,
      clinicId: caseRequests.clinicId,
      requesterOrganizationId: caseRequests.requesterOrganizationId,
      requesterUserId: caseRequests.requesterUserId,
      kind: caseRequests.kind,
      dueOn: caseRequests.dueOn,
    });
}

export async function getPatientName(db: Db, patientId: string): Promise<string> {
  const [row] = await db
    .select({ fullName: patients.fullName })
    .from(patients)
    .where(eq(patients.id, patientId));
  return row?.fullName ?? '';
}
