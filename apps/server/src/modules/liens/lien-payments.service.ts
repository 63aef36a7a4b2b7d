import { isUuid } from '@casebridge/domain/record-id';
import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import {
  LIEN_MESSAGES,
  type TLienPayment,
  type TLienPaymentParams,
  type TRecordLienPaymentParsed,
} from '@casebridge/domain/liens/lien-ledger.schemas';
import { canRecordLienPayment } from '@casebridge/domain/liens/lien-ledger.policy';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import {
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import { isLienholderLinked } from './liens.queries.ts';
import {
  insertLienPayment,
  listLienPayments,
  lockLienPayment,
  markLienPaymentVoided,
} from './lien-payments.queries.ts';
import { tellFirmOfPayment } from './lien-payment-notice.ts';

/**
 * The patient and lien the actor may reach: the patient in scope, the lienholder linked to it,
 * and for a lienholder user only its own lien. Anything else answers 404 like a missing record.
 */
async function requireVisibleLien(
  db: Db,
  actor: Actor,
  patientId: string,
  lienholderId: string,
  options: { forUpdate?: boolean } = {},
): Promise<InScopePatient> {
  const patient = await requirePatientInScope(db, actor, patientId, options);
  if (!isUuid(lienholderId)) throw notFound();
  if (actor.role === 'lienholder' && actor.organizationId !== lienholderId) throw notFound();
  if (!(await isLienholderLinked(db, patient.id, lienholderId))) throw notFound();
  return patient;
}

/** A lien's payments, voided ones marked, audited as one read naming them. */
export async function listPaymentsOfLien(
  db: Db,
  actor: Actor,
  params: Omit<TLienPaymentParams, 'paymentId'>,
  request: RequestContext,
): Promise<{ items: TLienPayment[] }> {
  const patient = await requireVisibleLien(db, actor, params.patientId, params.lienholderId);
  const items = await listLienPayments(db, patient.id, params.lienholderId);
  await auditPatientRead(db, actor, {
    action: 'lien_payments_viewed',
    patientId: patient.id,
    details: `lienholder ${params.lienholderId}; payments: ${items.map((item) => item.id).join(',') || 'none'}`,
    ip: request.ip,
  });
  return { items };
}

/**
 * Changes the lien's payments in one transaction: the patient and the lien checked (the
 * lienholder's own, else 404), the edit itself, with its Activity item, audit row, the firm's
 * notice and the live event.
 */
async function changePayments(
  db: Db,
  actor: Actor,
  params: Omit<TLienPaymentParams, 'paymentId'>,
  context: RequestContext,
  edit: {
    isVoid: boolean;
    apply: (tx: Db, patient: InScopePatient) => Promise<TLienPayment>;
    auditDetails: (payment: TLienPayment) => string;
  },
): Promise<TLienPayment> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const patient = await requireVisibleLien(tx, actor, params.patientId, params.lienholderId, {
      forUpdate: true,
    });
    return applyPaymentChange(change, actor, patient, params.lienholderId, edit);
  });
}

/**
 * The payment edit itself on a change that holds the patient's row lock: the policy, the row,
 * its Activity item, audit row, the firm's notice (unless the caller tells the firm itself, as a
 * confirmed payoff does) and `lien.changed`.
 */
async function applyPaymentChange(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  lienholderId: string,
  edit: {
    isVoid: boolean;
    apply: (tx: Db, patient: InScopePatient) => Promise<TLienPayment>;
    auditDetails: (payment: TLienPayment) => string;
    tellFirm?: boolean;
  },
): Promise<TLienPayment> {
  if (!canRecordLienPayment(actor, lienholderId)) throw notFound();
  const payment = await edit.apply(change.tx, patient);
  const verb = edit.isVoid ? 'voided' : 'recorded';
  const described = `${formatCentsAsDecimal(payment.amountCents)} received ${payment.paidOn}`;
  change.activity({
    patientId: patient.id,
    kind: 'payment',
    recordId: payment.id,
    lienholderId,
    summary: `${actor.organizationName ?? 'Lienholder'} ${verb} a payment of $${formatCentsAsDecimal(payment.amountCents)}`,
    actor,
  });
  change.audit({
    action: edit.isVoid ? 'lien_payment_voided' : 'lien_payment_recorded',
    patientId: patient.id,
    details: `payment ${payment.id}: ${described}${edit.auditDetails(payment)}`,
  });
  if (edit.tellFirm !== false) {
    await tellFirmOfPayment(change, actor, patient, { payment, isVoid: edit.isVoid });
  }
  change.publish({ topic: 'lien.changed', patientId: patient.id, payload: { lienholderId } });
  return payment;
}

/**
 * Records a payment inside another change that already checked the patient (its row locked)
 * and the lien: a confirmed payoff (closing-the-case.md). The same row, Activity item, audit
 * row and event as 'Record payment'; the caller tells the firm in its own words.
 */
export function recordLienPaymentInChange(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  lienholderId: string,
  input: TRecordLienPaymentParsed,
  auditNote: string,
): Promise<TLienPayment> {
  return applyPaymentChange(change, actor, patient, lienholderId, {
    isVoid: false,
    tellFirm: false,
    apply: (tx) =>
      insertLienPayment(
        tx,
        {
          patientId: patient.id,
          lienholderId,
          amountCents: input.amountCents,
          paidOn: input.paidOn,
          reference: input.reference,
        },
        actor,
      ),
    auditDetails: (payment) =>
      `${payment.reference ? `, ref ${payment.reference}` : ''}; ${auditNote}`,
  });
}

/**
 * Records a payment the lienholder received. Only the lienholder's own users reach here (the
 * capability leaves out everyone else, administrators included), and only on its own lien.
 */
export function recordLienPayment(
  db: Db,
  actor: Actor,
  params: Omit<TLienPaymentParams, 'paymentId'>,
  input: TRecordLienPaymentParsed,
  context: RequestContext,
): Promise<TLienPayment> {
  return changePayments(db, actor, params, context, {
    isVoid: false,
    apply: (tx, patient) =>
      insertLienPayment(
        tx,
        {
          patientId: patient.id,
          lienholderId: params.lienholderId,
          amountCents: input.amountCents,
          paidOn: input.paidOn,
          reference: input.reference,
        },
        actor,
      ),
    auditDetails: (payment) => (payment.reference ? `, ref ${payment.reference}` : ''),
  });
}

/** Voids a payment with a reason: it stays listed, marked, and no balance counts it. */
export function voidLienPayment(
  db: Db,
  actor: Actor,
  params: TLienPaymentParams,
  reason: string,
  context: RequestContext,
): Promise<TLienPayment> {
  return changePayments(db, actor, params, context, {
    isVoid: true,
    apply: async (tx, patient) => {
      if (!isUuid(params.paymentId)) throw notFound();
      const current = await lockLienPayment(tx, patient.id, params.lienholderId, params.paymentId);
      if (!current) throw notFound();
      if (current.voidedAt !== null) throw new AppError('CONFLICT', LIEN_MESSAGES.alreadyVoided);
      return markLienPaymentVoided(tx, current.id, reason, actor);
    },
    auditDetails: () => `; reason: ${reason}`,
  });
}
