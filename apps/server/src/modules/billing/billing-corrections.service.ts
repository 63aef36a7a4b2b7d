import { ACTIVITY_SUMMARIES } from '@casebridge/domain/activity/activity-texts';
import {
  BILLING_MESSAGES,
  type TBillingEntry,
  type TEditBillingEntryParsed,
} from '@casebridge/domain/billing/billing.schemas';
import { isBillingEntryOwnedBy } from '@casebridge/domain/billing/billing.policy';
import type { THistoryEntry } from '@casebridge/domain/history/record-history.schemas';
import { isUuid } from '@casebridge/domain/record-id';
import type { Db } from '#src/db/client.ts';
import { inChange, type Change } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { forbidden, notFound } from '#src/lib/app-error.ts';
import { assertVersion, StaleWriteError } from '#src/lib/versioning.ts';
import { closeTreatmentGapIfCared } from '#src/modules/treatment-gaps/treatment-gaps.service.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import {
  listRecordHistory,
  recordCorrection,
  type HistoryWrite,
} from '#src/modules/history/record-history.service.ts';
import {
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import {
  describeBillingChanges,
  describeBillingEntry,
  diffBillingFields,
  type BillingEntryFields,
} from './billing-changes.ts';
import {
  findBillingEntry,
  lockBillingEntry,
  markBillingEntryVoided,
  updateBillingEntry,
} from './billing.queries.ts';

/**
 * Corrections of billing lines (docs/architecture.md, 'Corrections'): an edit or a void, each
 * made from the version the user saw, by the clinic that billed the line or an administrator,
 * with a reason; each leaves a history row and an audit row and is announced live, so totals
 * and the lienholder's figures follow at once.
 */

import type { RequestContext } from '#src/lib/request-context.ts';
type Correction = { patientId: string; entryId: string; expectedVersion: number };

/** The patient's line, or 404 exactly like a patient outside the scope. */
async function requireBillingEntry(db: Db, actor: Actor, patientId: string, entryId: string) {
  const patient = await requirePatientInScope(db, actor, patientId);
  const entry = isUuid(entryId) ? await findBillingEntry(db, patient.id, entryId) : undefined;
  if (!entry) throw notFound();
  return { patient, entry };
}

/**
 * Locks the line a correction changes and checks, in this order: the patient and the line are
 * visible (404), the line is the actor's to correct (403), the user saw its current version
 * (409 with the line as it is), and it is not voided (409: a void is final).
 */
async function lockForCorrection(db: Db, actor: Actor, correction: Correction) {
  const patient = await requirePatientInScope(db, actor, correction.patientId);
  const row = isUuid(correction.entryId)
    ? await lockBillingEntry(db, patient.id, correction.entryId)
    : undefined;
  if (!row) throw notFound();
  if (!isBillingEntryOwnedBy(actor, row)) throw forbidden(BILLING_MESSAGES.notOwnEntry);
  const current = async () => requireFound(await findBillingEntry(db, patient.id, row.id));
  await assertVersion(row, correction.expectedVersion, current);
  if (row.voidedAt) throw new StaleWriteError(await current(), BILLING_MESSAGES.alreadyVoided);
  const fields: BillingEntryFields = {
    cptCode: row.cptCode,
    sessionCount: row.sessionCount,
    amountCents: row.billedAmountCents,
    date: row.date,
  };
  return { patient, fields };
}

function requireFound(entry: TBillingEntry | undefined): TBillingEntry {
  if (!entry) throw new Error('billing entry vanished inside its transaction');
  return entry;
}

/** Records a correction that was just written: history, audit, then the live event last. */
async function recordBillingCorrection(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  correction: Omit<HistoryWrite, 'recordType' | 'patientId' | 'actor'> & {
    audit: { action: 'billing_entry_edited' | 'billing_entry_voided'; details: string; ip: string };
  },
) {
  await closeTreatmentGapIfCared(change, patient.id);
  await recordCorrection(change, {
    ...correction,
    recordType: 'billing_entry',
    patientId: patient.id,
    actor,
  });
  change.publish({
    topic: 'billing.changed',
    patientId: patient.id,
    payload: { entryId: correction.recordId },
  });
}

/** Edits the line's code, sessions, amount and date; an edit that changes nothing writes nothing. */
export async function editBillingEntry(
  db: Db,
  actor: Actor,
  correction: Correction,
  input: TEditBillingEntryParsed,
  request: RequestContext,
): Promise<TBillingEntry> {
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const { patient, fields } = await lockForCorrection(tx, actor, correction);
    const next: BillingEntryFields = {
      cptCode: input.cptCode,
      sessionCount: input.sessionCount,
      amountCents: input.amountCents,
      date: input.date,
    };
    const changes = diffBillingFields(fields, next);
    const isChanged = Object.keys(changes).length > 0;
    if (isChanged) await updateBillingEntry(tx, correction.entryId, next, actor);
    const entry = requireFound(await findBillingEntry(tx, patient.id, correction.entryId));
    if (!isChanged) return entry;
    change.activity({
      patientId: patient.id,
      kind: 'billing_line',
      recordId: entry.id,
      summary: ACTIVITY_SUMMARIES.billingLineEdited(entry),
      actor,
    });
    await recordBillingCorrection(change, actor, patient, {
      recordId: entry.id,
      version: entry.version,
      action: 'edited',
      changes,
      reason: input.reason,
      audit: {
        action: 'billing_entry_edited',
        details: `${describeBillingEntry(fields)} edited: ${describeBillingChanges(changes)}. Reason: ${input.reason}`,
        ip: request.ip,
      },
    });
    return entry;
  });
}

/** Voids the line: it stays listed, marked with the reason, and no total counts it again. */
export async function voidBillingEntry(
  db: Db,
  actor: Actor,
  correction: Correction,
  reason: string,
  request: RequestContext,
): Promise<TBillingEntry> {
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const { patient, fields } = await lockForCorrection(tx, actor, correction);
    await markBillingEntryVoided(tx, correction.entryId, reason, actor);
    const entry = requireFound(await findBillingEntry(tx, patient.id, correction.entryId));
    change.activity({
      patientId: patient.id,
      kind: 'billing_line',
      recordId: entry.id,
      summary: ACTIVITY_SUMMARIES.billingLineVoided(entry),
      actor,
    });
    await recordBillingCorrection(change, actor, patient, {
      recordId: entry.id,
      version: entry.version,
      action: 'voided',
      changes: { voided: { from: false, to: true } },
      reason,
      audit: {
        action: 'billing_entry_voided',
        details: `${describeBillingEntry(fields)} voided. Reason: ${reason}`,
        ip: request.ip,
      },
    });
    return entry;
  });
}

/** A line's corrections, for whoever sees the line; reading it is audited like the line's PHI. */
export async function listBillingEntryHistory(
  db: Db,
  actor: Actor,
  patientId: string,
  entryId: string,
  request: RequestContext,
): Promise<{ items: THistoryEntry[] }> {
  const { patient, entry } = await requireBillingEntry(db, actor, patientId, entryId);
  const items = await listRecordHistory(db, 'billing_entry', entry.id);
  await auditPatientRead(db, actor, {
    action: 'billing_history_viewed',
    patientId: patient.id,
    details: `History of ${describeBillingEntry(entry)}`,
    ip: request.ip,
  });
  return { items };
}
