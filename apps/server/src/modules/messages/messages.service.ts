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
import { inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { validationFailed } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
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

export type MessageContext = RequestContext & {
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
 * The message is one change; its notifications and its e-mails are two more, each committed in
 * its own savepoint, so a failure there rolls back only that step and never loses the message.
 * The answer says what happened to the e-mails.
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
  const author = { actor, context };

  return db.transaction(async (tx) => {
    const message = await inChange(tx, author, async (change) => {
      const { id } = await insertMessage(change.tx, {
        patientId,
        senderId: actor.userId,
        senderName: actor.name,
        senderRole: actor.role,
        senderOrganizationName: actor.organizationName,
        body: input.body,
        templateId: input.templateId ?? null,
        notifyByEmail: input.notifyByEmail,
      });
      await insertReadReceipts(change.tx, patientId, [id], actor.userId);
      change
        .audit({
          action: 'message_sent',
          patientId,
          details: input.notifyByEmail ? 'with e-mail notification' : null,
        })
        .activity({
          patientId,
          kind: 'message',
          recordId: id,
          summary: ACTIVITY_SUMMARIES.messageSent(),
          actor,
        })
        .publish({ topic: 'message.created', patientId, payload: { messageId: id } });
      return getMessage(change.tx, id, actor);
    });
    const id = message.id;

    let notified: string[] = [];
    let hasRecipientFailure = false;
    try {
      notified = await inChange(tx, author, async (step) => {
        const recipients = await listNotificationAudience(step.tx, {
          type: 'message',
          actor,
          patient,
        });
        return step.notify(recipients, {
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
          emailsQueued = await inChange(tx, author, async (step) => {
            const addresses = await listRecipientAddresses(step.tx, notified);
            const content = renderMessageEmail({
              patient,
              sender: actor,
              body: input.body,
              sentAt: new Date(message.createdAt),
              appUrl: context.appUrl,
              isDetailed: settings.detailedEmailContent,
              template: await getActiveEmailTemplate(step.tx, 'message_notification'),
            });
            step.mail(
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
    return { message, notifiedUsers: notified.length, emailStatus, emailsQueued };
  });
}

/** Read receipts: the actor has read these messages of the patient; the senders see it live. */
export async function markMessagesRead(
  db: Db,
  actor: Actor,
  requestedId: string,
  messageIds: readonly string[],
  context: RequestContext,
): Promise<{ marked: number }> {
  const { id: patientId } = await requirePatientInScope(db, actor, requestedId);
  return inChange(db, { actor, context }, async (change) => {
    const marked = await insertReadReceipts(change.tx, patientId, messageIds, actor.userId);
    if (marked > 0) {
      change.publish({ topic: 'message.read', patientId, payload: { count: marked } });
    }
    return { marked };
  });
}
