import { ACTIVITY_SUMMARIES } from '@casebridge/domain/activity/activity-texts';
import {
  getMessageNotificationText,
  getMessagesLink,
} from '@casebridge/domain/messages/message-sender';
import type {
  EmailNotificationStatus,
  TMessagePage,
  TSendMessageParsed,
  TSendMessageResponse,
} from '@casebridge/domain/messages/message.schemas';
import type { Db } from '#src/db/client.ts';
import { ensureCursorUnchanged, listCursorOf } from '#src/lib/cursor-page.ts';
import { messages } from '#src/db/schema/index.ts';
import { publishEvent } from '#src/events/outbox.ts';
import type { Actor } from '#src/lib/actor.ts';
import { validationFailed } from '#src/lib/app-error.ts';
import { enqueueMail } from '#src/mail/mail-outbox.ts';
import { recordActivity } from '#src/modules/activity/activity.service.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { writeAudit } from '#src/modules/audit/audit.service.ts';
import { notifyUsers } from '#src/modules/notifications/notifications.service.ts';
import {
  listNotificationAudience,
  listRecipientAddresses,
} from '#src/modules/notifications/recipients.ts';
import { requirePatientInScope } from '#src/modules/patients/patient-access.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import { getActiveEmailTemplate } from '#src/modules/templates/templates.service.ts';
import { renderMessageEmail } from './message-email.ts';
import {
  countMessages,
  getMessage,
  insertMessage,
  insertReadReceipts,
  isActiveMessageTemplate,
  listMessages,
} from './messages.queries.ts';

export type MessageContext = {
  ip: string;
  appUrl: string;
  log: { error(details: object, message: string): void };
};

export async function listPatientMessages(
  db: Db,
  actor: Actor,
  requestedId: string,
  query: { cursor?: string | undefined; limit: number; updatedSince?: string | undefined },
  context: Pick<MessageContext, 'ip'>,
): Promise<TMessagePage> {
  const { id: patientId } = await requirePatientInScope(db, actor, requestedId);
  const [page, total] = await Promise.all([
    listMessages(db, { patientId, viewer: actor, ...query }),
    countMessages(db, patientId),
  ]);
  // The thread is part of the record: every page of it returned, live refetches included, is a
  // PHI read with its own audit row (docs/architecture.md, 'Audit').
  if (query.updatedSince) await ensureCursorUnchanged(db, messages, query.cursor);
  await auditPatientRead(db, actor, { action: 'messages_viewed', patientId, ip: context.ip });
  const last = page.items.at(-1);
  const nextCursor = page.hasMore && last ? listCursorOf(query.updatedSince)(last) : null;
  return { items: page.items, nextCursor, total };
}

/**
 * Saves the message first; the notifications and the e-mails follow in the same transaction
 * but each inside its own savepoint, so a failure there rolls back only that step and never
 * loses the message. The answer says what happened to the e-mails.
 */
export async function sendMessage(
  db: Db,
  actor: Actor,
  requestedId: string,
  input: TSendMessageParsed,
  context: MessageContext,
): Promise<TSendMessageResponse> {
  const patient = await requirePatientInScope(db, actor, requestedId);
  const patientId = patient.id;
  if (input.templateId && !(await isActiveMessageTemplate(db, input.templateId))) {
    throw validationFailed('The selected template is no longer available');
  }
  const settings = await getSettings(db);

  return db.transaction(async (tx) => {
    const { id } = await insertMessage(tx, {
      patientId,
      senderId: actor.userId,
      senderName: actor.name,
      senderRole: actor.role,
      senderOrganizationName: actor.organizationName,
      body: input.body,
      templateId: input.templateId ?? null,
      notifyByEmail: input.notifyByEmail,
    });
    await insertReadReceipts(tx, patientId, [id], actor.userId);
    await writeAudit(tx, {
      action: 'message_sent',
      actor,
      patientId,
      details: input.notifyByEmail ? 'with e-mail notification' : null,
      ip: context.ip,
    });
    await recordActivity(tx, {
      patientId,
      kind: 'message',
      recordId: id,
      summary: ACTIVITY_SUMMARIES.messageSent(),
      actor,
    });
    const message = await getMessage(tx, id, actor);

    let notified: string[] = [];
    let hasRecipientFailure = false;
    try {
      notified = await tx.transaction(async (step) => {
        const recipients = await listNotificationAudience(step, {
          type: 'message',
          actor,
          patient,
        });
        return notifyUsers(step, recipients, {
          type: 'message',
          content: getMessageNotificationText(actor, patient.fullName),
          patientId,
          linkTo: getMessagesLink(patientId),
          fromUserId: actor.userId,
          fromRole: actor.role,
        });
      });
    } catch (error) {
      hasRecipientFailure = true;
      context.log.error({ err: error, messageId: id }, 'message notifications failed');
    }

    let emailStatus: EmailNotificationStatus = 'not_requested';
    let emailsQueued = 0;
    if (input.notifyByEmail) {
      if (!settings.emailNotificationsEnabled) emailStatus = 'disabled';
      else if (hasRecipientFailure) emailStatus = 'failed';
      else {
        try {
          emailsQueued = await tx.transaction(async (step) => {
            const addresses = await listRecipientAddresses(step, notified);
            const content = renderMessageEmail({
              patient,
              sender: actor,
              body: input.body,
              sentAt: new Date(message.createdAt),
              appUrl: context.appUrl,
              isDetailed: settings.detailedEmailContent,
              template: await getActiveEmailTemplate(step, 'message_notification'),
            });
            await enqueueMail(
              step,
              addresses.map(({ address }) => ({
                kind: 'message_notification',
                to: address,
                subjectId: id,
                ...content,
              })),
            );
            return addresses.length;
          });
          emailStatus = 'queued';
        } catch (error) {
          emailStatus = 'failed';
          context.log.error({ err: error, messageId: id }, 'message e-mails failed to queue');
        }
      }
    }
    // Last: publishing holds the event-order lock until commit (events/outbox.ts).
    await publishEvent(tx, { topic: 'message.created', patientId, payload: { messageId: id } });
    return { message, notifiedUsers: notified.length, emailStatus, emailsQueued };
  });
}

/** Read receipts: the actor has read these messages of the patient; the senders see it live. */
export async function markMessagesRead(
  db: Db,
  actor: Actor,
  requestedId: string,
  messageIds: readonly string[],
): Promise<{ marked: number }> {
  const { id: patientId } = await requirePatientInScope(db, actor, requestedId);
  return db.transaction(async (tx) => {
    const marked = await insertReadReceipts(tx, patientId, messageIds, actor.userId);
    if (marked > 0) {
      await publishEvent(tx, { topic: 'message.read', patientId, payload: { count: marked } });
    }
    return { marked };
  });
}
