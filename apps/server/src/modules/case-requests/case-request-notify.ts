import { PRODUCT_NAME } from '@casebridge/domain/constants';
import type { Change } from '#src/change/change.ts';
import { renderLinkedParagraphs, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
import type { Actor } from '#src/lib/actor.ts';
import { listRecipientAddresses } from '#src/modules/notifications/recipients.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';

export const CASE_REQUEST_MAIL_KIND = 'case_request_notification';

export type RequestNotice = {
  type: 'case_request' | 'request_overdue';
  requestId: string;
  patientId: string;
  /** The in-app text; it names the patient, like a document's notification. */
  content: string;
  from: Pick<Actor, 'userId' | 'role'> | null;
};

/** The e-mail: without the admin's 'detailed content' setting it names no patient. */
function renderRequestEmail(notice: RequestNotice, appUrl: string, isDetailed: boolean) {
  const link = `${appUrl}/requests`;
  const isOverdue = notice.type === 'request_overdue';
  const subject = `${isOverdue ? 'Overdue request' : 'Request update'} - ${PRODUCT_NAME}`;
  const lines = isDetailed
    ? [notice.content]
    : [
        isOverdue
          ? 'A records or bills request on a case you work on is overdue.'
          : 'A records or bills request on a case you work on has changed.',
        `Sign in to ${PRODUCT_NAME} to see it.`,
      ];
  return {
    subject,
    text: renderMailText(subject, [...lines, '', `Open your requests: ${link}`]),
    html: renderMailHtml(subject, renderLinkedParagraphs([...lines, link], link)),
  };
}

/**
 * Tells the other side of a request: an in-app notification to each user whose 'requests'
 * toggle is on (applied in `change.notify`), then, when the admin's e-mail setting is on, an
 * e-mail to those same users at their notification address.
 */
export async function notifyRequestSide(
  change: Change,
  recipientIds: readonly string[],
  notice: RequestNotice,
): Promise<void> {
  const { tx: db } = change;
  const notified = await change.notify(recipientIds, {
    type: notice.type,
    content: notice.content,
    patientId: notice.patientId,
    linkTo: `/patients/${notice.patientId}`,
    fromUserId: notice.from?.userId ?? null,
    fromRole: notice.from?.role ?? null,
  });
  if (notified.length === 0) return;
  const settings = await getSettings(db);
  if (!settings.emailNotificationsEnabled) return;
  const addresses = await listRecipientAddresses(db, notified);
  const content = renderRequestEmail(notice, change.context.appUrl, settings.detailedEmailContent);
  change.mail(
    addresses.map(({ address }) => ({
      kind: CASE_REQUEST_MAIL_KIND,
      to: address,
      subjectId: notice.requestId,
      ...content,
    })),
  );
}
