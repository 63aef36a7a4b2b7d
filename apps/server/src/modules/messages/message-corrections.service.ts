import { ACTIVITY_SUMMARIES } from '@casebridge/domain/activity/activity-texts';
import type { THistoryEntry } from '@casebridge/domain/history/record-history.schemas';
import {
  MESSAGE_CORRECTION_TEXTS,
  type TMessage,
} from '@casebridge/domain/messages/message.schemas';
import { isUuid } from '@casebridge/domain/record-id';
import type { Db } from '#src/db/client.ts';
import { inChange, type Change } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, forbidden, notFound, validationFailed } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { assertVersion } from '#src/lib/versioning.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import {
  listRecordHistory,
  recordCorrection,
} from '#src/modules/history/record-history.service.ts';
import {
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import { renderMessageEmail } from './message-email.ts';
import {
  getMessage,
  isPatientMessage,
  lockMessage,
  rewriteUnsentMessageMail,
  updateMessage,
} from './messages.queries.ts';

/** The version the sender saw, and the request the correction comes from. */
type Correction = RequestContext & { expected: number };

/**
 * The sender's own message, locked for the write and checked against the version they saw. A
 * patient outside the scope or a message that is not the patient's: 404 alike; someone else's
 * message: 403 (they can see it, but it is not theirs to change); a retracted one is final.
 */
async function lockOwnMessage(
  tx: Db,
  actor: Actor,
  patient: InScopePatient,
  messageId: string,
  expected: number,
) {
  if (!isUuid(messageId)) throw notFound();
  const message = await lockMessage(tx, patient.id, messageId);
  if (!message) throw notFound();
  if (message.senderId !== actor.userId) throw forbidden(MESSAGE_CORRECTION_TEXTS.notSender);
  await assertVersion(message, expected, () => getMessage(tx, messageId, actor));
  if (message.retractedAt) throw new AppError('CONFLICT', MESSAGE_CORRECTION_TEXTS.isRetracted);
  return message;
}

/**
 * Tells open threads that the message changed (the event carries its id, never its text) and
 * answers with the message as the actor now sees it.
 */
async function announceCorrection(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  messageId: string,
): Promise<TMessage> {
  change.publish({
    topic: 'message.changed',
    patientId: patient.id,
    payload: { messageId },
  });
  return getMessage(change.tx, messageId, actor);
}

/**
 * The sender edits the text within MESSAGE_EDIT_WINDOW_MINUTES of sending (by the database's
 * clock). The old text goes into the record history, which admins read; everyone sees 'edited'.
 * E-mails already queued keep the text they were queued with.
 */
export async function editMessage(
  db: Db,
  actor: Actor,
  patientId: string,
  messageId: string,
  input: { body: string } & Correction,
): Promise<TMessage> {
  const { body, expected, ...context } = input;
  const patient = await requirePatientInScope(db, actor, patientId);
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const before = await lockOwnMessage(tx, actor, patient, messageId, expected);
    if (!before.isEditable) throw forbidden(MESSAGE_CORRECTION_TEXTS.editWindowClosed);
    if (before.body === body) throw validationFailed(MESSAGE_CORRECTION_TEXTS.unchanged);
    const { version } = await updateMessage(
      tx,
      before.id,
      { body: body, editedAt: new Date() },
      actor,
    );
    await recordCorrection(change, {
      recordType: 'message',
      recordId: before.id,
      patientId: patient.id,
      version,
      action: 'edited',
      changes: { body: { from: before.body, to: body } },
      actor,
      audit: {
        action: 'message_edited',
        details: `message ${before.id} edited (version ${version}; the texts are in its history)`,
      },
    });
    change.activity({
      patientId: patient.id,
      kind: 'message',
      recordId: before.id,
      summary: ACTIVITY_SUMMARIES.messageEdited(),
      actor,
    });
    return announceCorrection(change, actor, patient, before.id);
  });
}

/**
 * The sender retracts the message, at any time: everyone but admins then gets no text, only
 * 'Message retracted by …'. Read receipts and notifications stay (they hold no text); the
 * message's e-mails that have not left yet lose their text too (see rewriteUnsentMessageMail).
 */
export async function retractMessage(
  db: Db,
  actor: Actor,
  patientId: string,
  messageId: string,
  input: Correction,
): Promise<TMessage> {
  const { expected, ...context } = input;
  const patient = await requirePatientInScope(db, actor, patientId);
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const before = await lockOwnMessage(tx, actor, patient, messageId, expected);
    const { version } = await updateMessage(tx, before.id, { retractedAt: new Date() }, actor);
    // The privacy wording names neither the patient nor the text: safe whatever the mail held.
    const withoutText = renderMessageEmail({
      patient,
      sender: {
        name: before.senderName,
        role: before.senderRole,
        organizationName: before.senderOrganizationName,
      },
      body: '',
      sentAt: before.createdAt,
      appUrl: input.appUrl,
      isDetailed: false,
      template: null,
    });
    const rewritten = await rewriteUnsentMessageMail(tx, before.id, withoutText);
    await recordCorrection(change, {
      recordType: 'message',
      recordId: before.id,
      patientId: patient.id,
      version,
      action: 'retracted',
      changes: { retracted: { from: false, to: true } },
      actor,
      audit: {
        action: 'message_retracted',
        details: `message ${before.id} retracted${rewritten > 0 ? `; ${rewritten} unsent e-mail(s) no longer carry its text` : ''}`,
      },
    });
    change.activity({
      patientId: patient.id,
      kind: 'message',
      recordId: before.id,
      summary: ACTIVITY_SUMMARIES.messageRetracted(),
      actor,
    });
    return announceCorrection(change, actor, patient, before.id);
  });
}

/**
 * A message's corrections (edits with the old and new text, the retraction), for admins: the
 * route's capability keeps everyone else out, and the patient must be in scope like any read.
 */
export async function listMessageHistory(
  db: Db,
  actor: Actor,
  patientId: string,
  messageId: string,
  context: RequestContext,
): Promise<{ items: THistoryEntry[] }> {
  const patient = await requirePatientInScope(db, actor, patientId);
  if (!isUuid(messageId) || !(await isPatientMessage(db, patient.id, messageId))) throw notFound();
  const items = await listRecordHistory(db, 'message', messageId);
  // The old texts are part of the record: reading them is a read of health information.
  await auditPatientRead(db, actor, {
    action: 'messages_viewed',
    patientId: patient.id,
    details: `history of message ${messageId}`,
    ip: context.ip,
  });
  return { items };
}
