import { ACTIVITY_SUMMARIES } from '@casebridge/domain/activity/activity-texts';
import {
  RECENT_BILLING_LIMIT,
  type TBillingSummary,
  type TCreateBillingEntryParsed,
  type TListBillingParsed,
  type TListOrganizationBillingParsed,
  type TOrganizationBillingPage,
} from '@casebridge/domain/billing/billing.schemas';
import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import { sanitizeFileName } from '@casebridge/domain/documents/document-naming';
import type { Db } from '#src/db/client.ts';
import { inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { forbidden, validationFailed } from '#src/lib/app-error.ts';
import { CLOSING_TEXTS } from '@casebridge/domain/closing/closing-constants';
import { isClinicBillFinal } from '#src/modules/closing/bill-final.service.ts';
import { writeRecordHistory } from '#src/modules/history/record-history.service.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { closeTreatmentGapIfCared } from '#src/modules/treatment-gaps/treatment-gaps.service.ts';
import {
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import { getActorPatientScope } from '#src/modules/patients/patient-scope.ts';
import { toBillingCsv } from './billing-csv.ts';
import {
  getScopedBillingSummary,
  insertBillingEntry,
  listPatientBilling,
  listScopeBilling,
  sumPatientSpecials,
} from './billing.queries.ts';

import type { RequestContext } from '#src/lib/request-context.ts';

/** The Billing History of a patient, audited as one row naming the lines it returned. */
export async function listBilling(
  db: Db,
  actor: Actor,
  patientId: string,
  query: TListBillingParsed,
  request: RequestContext,
) {
  const patient = await requirePatientInScope(db, actor, patientId);
  const history = await listPatientBilling(db, patient.id, query);
  await auditPatientRead(db, actor, {
    action: 'billing_viewed',
    patientId: patient.id,
    listed: { label: 'billing entries', ids: history.items.map((item) => item.id) },
    details: query.updatedSince ? `updated since ${query.updatedSince}` : null,
    ip: request.ip,
  });
  return history;
}

/**
 * GET /billing: a page of the billing lines of every patient the actor may see,
 * audited like the patient list, as one read naming the patients whose lines it returned and
 * the lines themselves.
 */
export async function listActorBilling(
  db: Db,
  actor: Actor,
  query: TListOrganizationBillingParsed,
  request: RequestContext,
): Promise<TOrganizationBillingPage> {
  const page = await listScopeBilling(db, getActorPatientScope(actor), query);
  await auditPatientRead(db, actor, {
    action: 'billing_listed',
    listed: { label: 'patients', ids: [...new Set(page.items.map((item) => item.patientId))] },
    details: [
      `billing entries: ${page.items.map((item) => item.id).join(',') || 'none'}`,
      query.patientId ? `patient ${query.patientId}` : null,
      query.updatedSince ? `updated since ${query.updatedSince}` : null,
    ]
      .filter(Boolean)
      .join('; '),
    ip: request.ip,
  });
  return page;
}

/**
 * The patient's Total Medical Specials in cents, for a caller that shows them beside its own
 * record (the case facts' 'Limit met') and audits its own read.
 */
export function getPatientSpecialsCents(db: Db, patient: InScopePatient): Promise<number> {
  return sumPatientSpecials(db, patient.id);
}

/** Adds a line for the actor's clinic (none for an admin), audited and announced live. */
export async function createBillingEntry(
  db: Db,
  actor: Actor,
  patientId: string,
  input: TCreateBillingEntryParsed,
  request: RequestContext,
) {
  const patient = await requirePatientInScope(db, actor, patientId);
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    // The clinic's bill is final (closing-the-case.md): a later line is a correction, with a reason.
    const isAfterFinal =
      actor.role === 'clinic' &&
      actor.organizationId !== null &&
      (await isClinicBillFinal(tx, patient, actor.organizationId));
    if (isAfterFinal && !input.correctionReason) {
      throw validationFailed(CLOSING_TEXTS.correctionRequired, { field: 'correctionReason' });
    }
    const entry = await insertBillingEntry(tx, {
      patientId: patient.id,
      cptCode: input.cptCode,
      sessionCount: input.sessionCount,
      amountCents: input.amountCents,
      clinicId: actor.role === 'clinic' ? actor.organizationId : null,
      createdBy: actor.userId,
    });
    await closeTreatmentGapIfCared(change, patient.id);
    if (isAfterFinal && input.correctionReason) {
      await writeRecordHistory(tx, {
        recordType: 'billing_entry',
        recordId: entry.id,
        patientId: patient.id,
        version: 1,
        action: 'created',
        changes: {
          cptCode: { from: null, to: entry.cptCode },
          sessionCount: { from: null, to: entry.sessionCount },
          amountCents: { from: null, to: entry.amountCents },
        },
        reason: input.correctionReason,
        actor,
      });
    }
    change
      .audit({
        action: 'billing_entry_created',
        patientId: patient.id,
        details: `${entry.cptCode}, ${entry.sessionCount} session(s), ${formatCentsAsDecimal(entry.amountCents)}${isAfterFinal ? `; after the bill was final, reason: ${input.correctionReason}` : ''}`,
      })
      .activity({
        patientId: patient.id,
        kind: 'billing_line',
        recordId: entry.id,
        summary: ACTIVITY_SUMMARIES.billingLineAdded(entry),
        actor,
      })
      .publish({ topic: 'billing.created', patientId: patient.id, payload: { entryId: entry.id } });
    return entry;
  });
}

/** The Billing History as a CSV download; exporting PHI is audited like reading it. */
export async function exportBillingCsv(
  db: Db,
  actor: Actor,
  patientId: string,
  request: RequestContext,
) {
  const patient = await requirePatientInScope(db, actor, patientId);
  const history = await listPatientBilling(db, patient.id);
  await auditPatientRead(db, actor, {
    action: 'billing_exported',
    patientId: patient.id,
    details: `${history.items.length} billing entries as CSV`,
    ip: request.ip,
  });
  return {
    fileName: `billing-${sanitizeFileName(patient.fullName)}.csv`,
    csv: toBillingCsv(history),
  };
}

/**
 * The Lienholder Dashboard's billing: every line of the lienholder's linked patients (all
 * patients for an admin). Other roles have no such dashboard.
 */
export async function getBillingSummary(
  db: Db,
  actor: Actor,
  request: RequestContext,
): Promise<TBillingSummary> {
  if (actor.role !== 'lienholder' && actor.role !== 'admin') throw forbidden();
  const summary = await getScopedBillingSummary(
    db,
    getActorPatientScope(actor),
    RECENT_BILLING_LIMIT,
  );
  // The totals are figures; the recent lines name patients: one row with whose lines were shown.
  await auditPatientRead(db, actor, {
    action: 'billing_summary_viewed',
    listed: {
      label: 'patients',
      ids: [...new Set(summary.recent.map((line) => line.patientId))],
    },
    ip: request.ip,
  });
  return summary;
}
