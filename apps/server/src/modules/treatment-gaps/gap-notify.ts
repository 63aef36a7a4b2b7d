import { PRODUCT_NAME } from '@casebridge/domain/constants';
import { describePatientGap } from '@casebridge/domain/gaps/treatment-gap';
import type { Change } from '#src/change/change.ts';
import { renderLinkedParagraphs, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
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
  change: Change,
  gap: { id: string; patient: InScopePatient; days: number },
): Promise<void> {
  const { tx: db } = change;
  const path = `/patients/${gap.patient.id}`;
  const told = await change.notify(
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
  const link = `${change.context.appUrl}${path}`;
  const said = detailedEmailContent
    ? [`${describePatientGap(gap.patient.fullName, gap.days)}.`]
    : ['A patient you work with has had no treatment recorded for a while.', 'Sign in to see who.'];
  const text = renderMailText(MAIL_SUBJECT, [...said, '', `Open the patient: ${link}`]);
  const html = renderMailHtml(MAIL_SUBJECT, renderLinkedParagraphs([...said, link], link));
  const addresses = await listRecipientAddresses(db, told);
  change.mail(
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
