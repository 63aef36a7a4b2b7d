import { PAYOFF_NOTICES } from '@casebridge/domain/closing/closing-constants';
import { formatUsd } from '@casebridge/domain/liens/reduction-texts';
import type { Change } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { escapeHtml, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
import {
  listNotificationAudience,
  listPatientFirmUsers,
  listRecipientAddresses,
} from '#src/modules/notifications/recipients.ts';
import type { InScopePatient } from '#src/modules/patients/patient-access.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';

type PayoffStep = {
  step: 'proposed' | 'confirmed' | 'disputed';
  payoff: { id: string; amountCents: number; lienholderId: string };
};

const TITLES = {
  proposed: 'A final lien payoff was proposed',
  confirmed: 'A final lien payoff was confirmed',
  disputed: 'A final lien payoff was disputed',
} as const;

/**
 * Tells the other side of a payoff: the lienholder's users of a proposal, the firm's attorneys
 * of a confirmation or a dispute. A 'payment' notification, so the lien-activity toggle applies,
 * and an e-mail to those told while e-mail notifications are on (no patient or figure without
 * detailed content).
 */
export async function tellOfPayoff(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  { step, payoff }: PayoffStep,
): Promise<void> {
  const { tx: db } = change;
  const recipients =
    step === 'proposed'
      ? await listNotificationAudience(db, {
          type: 'reduction',
          actor,
          patient,
          lienholderId: payoff.lienholderId,
          notify: 'lienholder',
        })
      : await listPatientFirmUsers(db, patient);
  const organization =
    actor.organizationName ?? (step === 'proposed' ? 'The firm' : 'A lienholder');
  const content = PAYOFF_NOTICES[step](
    organization,
    formatUsd(payoff.amountCents),
    patient.fullName,
  );
  const linkTo = `/patients/${patient.id}?tab=billing`;
  const notified = await change.notify(
    recipients.filter((id) => id !== actor.userId),
    {
      type: 'payment',
      content,
      patientId: patient.id,
      linkTo,
      fromUserId: actor.userId,
      fromRole: actor.role,
    },
  );
  const settings = await getSettings(db);
  if (notified.length === 0 || !settings.emailNotificationsEnabled) return;
  const link = `${change.context.appUrl}${linkTo}`;
  const title = TITLES[step];
  const lines = settings.detailedEmailContent
    ? [`${content}.`, `Open the case: ${link}`]
    : ['A lien payoff on one of your patients needs your attention.', `Sign in to see it: ${link}`];
  const addresses = await listRecipientAddresses(db, notified);
  change.mail(
    addresses.map(({ address }) => ({
      kind: 'lien_payment',
      to: address,
      subject: title,
      subjectId: payoff.id,
      text: renderMailText(title, lines),
      html: renderMailHtml(
        title,
        `<p style="margin:8px 0">${escapeHtml(lines[0] ?? '')}</p><p style="margin-top:16px"><a href="${escapeHtml(link)}">Open CaseBridge</a></p>`,
      ),
    })),
  );
}
