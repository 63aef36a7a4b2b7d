import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TActivityItem } from '@casebridge/domain/activity/activity.schemas';
import type { PatientScope } from '@casebridge/domain/patients/patient.policy';
import type { Db } from '#src/db/client.ts';
import {
  caseRequests,
  documents,
  patientActivity,
  patientClinics,
  patients,
  reductionOffers,
} from '#src/db/schema/index.ts';
import { descNullsLast } from '#src/lib/index-order.ts';
import type { Actor } from '#src/lib/actor.ts';
import { documentVisibilityCondition } from '#src/modules/documents/document-visibility.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';

/** Who reads the feed: the role decides the document rule, the scope the party's organisation. */
export type ActivityViewer = { actor: Pick<Actor, 'role'>; scope: PatientScope };

type FeedPage = {
  patientId: InScopePatientId;
  viewer: ActivityViewer;
  cursor?: string | undefined;
  limit: number;
};

/** The organisation a request or lien item must name for the viewer to see it; null: none. */
function partyOrganization(scope: PatientScope): string | null {
  switch (scope.kind) {
    case 'clinic':
      return scope.clinicId;
    case 'firm':
      return scope.firmId;
    case 'lienholder':
      return scope.lienholderId;
    default:
      return null;
  }
}

/**
 * Which items the viewer may see, in SQL, per the record each names (the patient itself is
 * already in scope): a document item follows the document rules (its current category and the
 * patient's status, and a removed document's items are hidden like the document); a request item
 * reaches the request's two sides; a payment or reduction reaches its lienholder, the patient's
 * firm and clinics (a clinic only an accepted reduction's), never another lienholder, the
 * patient's contact (who sees no visit item either) or a firm or clinic that holds only temporary access. Admins see every item
 * (but removed documents', like everyone). Every other kind follows the patient.
 */
function visibilityCondition(viewer: ActivityViewer): SQL {
  const { scope } = viewer;
  const organizationId = partyOrganization(scope);
  const documentRule = sql`(${patientActivity.kind} <> 'document' or exists (select 1 from ${documents} where ${documents.id} = ${patientActivity.recordId} and ${documents.patientId} = ${patients.id} and ${documentVisibilityCondition(viewer.actor)}))`;
  let requestRule: SQL;
  let lienRule: SQL;
  if (scope.kind === 'all') {
    requestRule = sql`true`;
    lienRule = sql`true`;
  } else {
    requestRule =
      organizationId === null
        ? sql`${patientActivity.kind} <> 'case_request'`
        : sql`(${patientActivity.kind} <> 'case_request' or exists (select 1 from ${caseRequests} where ${caseRequests.id} = ${patientActivity.recordId} and ${or(eq(caseRequests.clinicId, organizationId), eq(caseRequests.requesterOrganizationId, organizationId))}))`;
    const isLien = inArray(patientActivity.kind, ['payment', 'reduction']);
    if (scope.kind === 'lienholder')
      lienRule = sql`(not ${isLien} or ${patientActivity.lienholderId} = ${scope.lienholderId})`;
    // A contact reads neither liens nor visits (visits:read is the parties').
    else if (scope.kind === 'contact')
      lienRule = sql`not ${isLien} and ${patientActivity.kind} <> 'visit'`;
    // The patient's own firm sees every lien item; a firm that holds only temporary access to
    // the patient sees none, as its reductions panel shows it no offer history.
    else if (scope.kind === 'firm')
      lienRule = sql`(not ${isLien} or ${patients.firmId} = ${scope.firmId})`;
    // One of the patient's clinics sees payments and the outcome of a negotiation only (items
    // about an accepted offer); a clinic with temporary access sees no lien item.
    else if (scope.kind === 'clinic')
      lienRule = sql`(not ${isLien} or (exists (select 1 from ${patientClinics} where ${patientClinics.patientId} = ${patients.id} and ${patientClinics.clinicId} = ${scope.clinicId}) and (${patientActivity.kind} <> 'reduction' or exists (select 1 from ${reductionOffers} where ${reductionOffers.id} = ${patientActivity.recordId} and ${reductionOffers.status} = 'accepted'))))`;
    else lienRule = sql`true`;
  }
  // The case's stage and updates are the Case tab's, which a patient's contact does not read.
  const caseRule =
    scope.kind === 'contact'
      ? sql`${patientActivity.kind} not in ('case_stage', 'case_update')`
      : sql`true`;
  return and(documentRule, requestRule, lienRule, caseRule)!;
}

/**
 * A page of the patient's feed the viewer may see, newest first, before the `cursor` item: read
 * along (patient_id, occurred_at, id), one row more than the page to know whether more follow.
 */
export async function listActivity(
  db: Db,
  page: FeedPage,
): Promise<{ items: TActivityItem[]; hasMore: boolean }> {
  const conditions: SQL[] = [
    eq(patientActivity.patientId, page.patientId),
    visibilityCondition(page.viewer),
  ];
  if (page.cursor) {
    conditions.push(
      sql`(${patientActivity.occurredAt}, ${patientActivity.id}) < (select a.occurred_at, a.id from ${patientActivity} a where a.id = ${page.cursor} and a.patient_id = ${page.patientId})`,
    );
  }
  const rows = await db
    .select({
      id: patientActivity.id,
      kind: patientActivity.kind,
      recordId: patientActivity.recordId,
      summary: patientActivity.summary,
      actorName: patientActivity.actorName,
      actorRole: patientActivity.actorRole,
      occurredAt: patientActivity.occurredAt,
    })
    .from(patientActivity)
    .innerJoin(patients, eq(patients.id, patientActivity.patientId))
    .where(and(...conditions))
    .orderBy(descNullsLast(patientActivity.occurredAt), descNullsLast(patientActivity.id))
    .limit(page.limit + 1);
  return {
    items: rows.slice(0, page.limit).map((row) => ({
      ...row,
      id: String(row.id),
      occurredAt: new Date(row.occurredAt).toISOString(),
    })),
    hasMore: rows.length > page.limit,
  };
}

/** Items of patients' feeds, in the caller's transaction, in one statement. */
export async function insertActivity(
  db: Db,
  values: ReadonlyArray<typeof patientActivity.$inferInsert>,
): Promise<void> {
  if (values.length > 0) await db.insert(patientActivity).values([...values]);
}
