import { PRODUCT_NAME } from '@casebridge/domain/constants';
import type { ReductionParty } from '@casebridge/domain/liens/lien-constants';
import type { Change } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { renderLinkedParagraphs, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
import {
  listNotificationAudience,
  listRecipientAddresses,
} from '#src/modules/notifications/recipients.ts';
import type { InScopePatient } from '#src/modules/patients/patient-access.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';

export type ReductionNotice = {
  actor: Actor;
  patient: InScopePatient;
  lienholderId: string;
  /** The side told: the other side of the one that acted. */
  notify: ReductionParty;
  offerId: string;
  /** The in-app line (`describeReductionStep`). */
  summary: string;
};

/**
 * Tells the other side of a negotiation step: a 'reduction' notification to each of its users
 * whose lien-activity toggle is on, and, while the admin's e-mail setting is on, an e-mail to the
 * same users. Without 'detailed content' the e-mail names neither the patient nor the figures.
 */
export async function notifyReductionStep(change: Change, notice: ReductionNotice): Promise<void> {
  const { tx: db } = change;
  const link = `${change.context.appUrl}/patients/${notice.patient.id}?tab=billing`;
  const audience = await listNotificationAudience(db, {
    type: 'reduction',
    actor: notice.actor,
    patient: notice.patient,
    lienholderId: notice.lienholderId,
    notify: notice.notify,
  });
  const told = await change.notify(audience, {
    type: 'reduction',
    content: notice.summary,
    patientId: notice.patient.id,
    linkTo: `/patients/${notice.patient.id}?tab=billing`,
    fromUserId: notice.actor.userId,
    fromRole: notice.actor.role,
  });
  const settings = told.length > 0 ? await getSettings(db) : null;
  if (!settings?.emailNotificationsEnabled) return;
  const title = `Lien reduction update - ${PRODUCT_NAME}`;
  const body = settings.detailedEmailContent
    ? [`${notice.summary} (patient: ${notice.patient.fullName}).`]
    : ['A lien reduction on a case you work on has a new step.', 'Sign in to review it.'];
  const mail = {
    subject: title,
    text: renderMailText(title, [...body, '', `Review it: ${link}`]),
    html: renderMailHtml(title, renderLinkedParagraphs([...body, link], link)),
  };
  const recipients = await listRecipientAddresses(db, told);
  change.mail(
    recipients.map((recipient) => ({
      ...mail,
      kind: 'reduction_notification',
      to: recipient.address,
      subjectId: notice.offerId,
    })),
  );
}
