import { PRODUCT_NAME } from '@casebridge/domain/constants';
import { describePatientGap } from '@casebridge/domain/gaps/treatment-gap';
import type { Db } from '#src/db/client.ts';
import { renderLinkedParagraphs, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
import { enqueueMail } from '#src/mail/mail-outbox.ts';
import { notifyUsers } from '#src/modules/notifications/notifications.service.ts';
import {
  listNotificationAudience,
  listRecipientAddresses,
} from '#src/modules/notifications/recipients.ts';
import type { InScopePatient } from '#src/modules/patients/patient-access.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';

const MAIL_SUBJECT = `Treatment gap alert - ${PRODUCT_NAME}`;

/**
 * Tells the patient's clinics and firm that a gap opened: a 'treatment_gap' notification to each
 * of their users whose treatment-gap toggle is on and, while the admin's e-mail setting is on, an
 * e-mail to those same users. Without 'detailed content' the e-mail names no patient.
 */
export async function notifyGapOpened(
  db: Db,
  gap: { id: string; patient: InScopePatient; days: number },
  appUrl: string,
): Promise<void> {
  const path = `/patients/${gap.patient.id}`;
  const told = await notifyUsers(
    db,
    await listNotificationAudience(db, { type: 'treatment_gap', patientId: gap.patient.id }),
    {
      type: 'treatment_gap',
      content: describePatientGap(gap.patient.fullName, gap.days),
      patientId: gap.patient.id,
      linkTo: path,
    },
  );
  if (told.length === 0) return;
  const { emailNotificationsEnabled, detailedEmailContent } = await getSettings(db);
  if (!emailNotificationsEnabled) return;
  const link = `${appUrl}${path}`;
  const said = detailedEmailContent
    ? [`${describePatientGap(gap.patient.fullName, gap.days)}.`]
    : ['A patient you work with has had no treatment recorded for a while.', 'Sign in to see who.'];
  const text = renderMailText(MAIL_SUBJECT, [...said, '', `Open the patient: ${link}`]);
  const html = renderMailHtml(MAIL_SUBJECT, renderLinkedParagraphs([...said, link], link));
  const addresses = await listRecipientAddresses(db, told);
  await enqueueMail(
    db,
    addresses.map(({ address }) => ({
      kind: 'treatment_gap_notification',
      to: address,
      subject: MAIL_SUBJECT,
      text,
      html,
      subjectId: gap.id,
    })),
  );
}
