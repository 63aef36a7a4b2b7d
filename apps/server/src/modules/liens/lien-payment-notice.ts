import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import type { TLienPayment } from '@casebridge/domain/liens/lien-ledger.schemas';
import type { Change } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { escapeHtml, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
import {
  listPatientFirmUsers,
  listRecipientAddresses,
} from '#src/modules/notifications/recipients.ts';
import type { InScopePatient } from '#src/modules/patients/patient-access.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';

type PaymentChange = { payment: TLienPayment; isVoid: boolean };

/**
 * Tells the patient's firm that a payment was recorded or voided: a 'payment' notification to
 * each firm user whose lien-activity toggle is on, and to those an e-mail when the admin has
 * e-mail notifications on. Without detailed e-mail content the mail names no patient.
 */
export async function tellFirmOfPayment(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  paid: PaymentChange,
): Promise<void> {
  const { tx: db } = change;
  const amount = `$${formatCentsAsDecimal(paid.payment.amountCents)}`;
  const lienholder = actor.organizationName ?? 'A lienholder';
  const what = paid.isVoid ? 'voided a payment of' : 'recorded a payment of';
  const linkTo = `/patients/${patient.id}?tab=billing`;
  const notified = await change.notify(await listPatientFirmUsers(db, patient), {
    type: 'payment',
    content: `${lienholder} ${what} ${amount} for ${patient.fullName}`,
    patientId: patient.id,
    linkTo,
    fromUserId: actor.userId,
    fromRole: actor.role,
  });
  const settings = await getSettings(db);
  if (notified.length === 0 || !settings.emailNotificationsEnabled) return;
  const link = `${change.context.appUrl}${linkTo}`;
  const title = paid.isVoid ? 'A lien payment was voided' : 'A lien payment was recorded';
  const lines = settings.detailedEmailContent
    ? [`${lienholder} ${what} ${amount} for ${patient.fullName}.`, `Open the ledger: ${link}`]
    : ['A lienholder changed the payments on one of your patients.', `Sign in to see it: ${link}`];
  const addresses = await listRecipientAddresses(db, notified);
  change.mail(
    addresses.map(({ address }) => ({
      kind: 'lien_payment',
      to: address,
      subject: title,
      subjectId: paid.payment.id,
      text: renderMailText(title, lines),
      html: renderMailHtml(
        title,
        `<p style="margin:8px 0">${escapeHtml(lines[0] ?? '')}</p><p style="margin-top:16px"><a href="${escapeHtml(link)}">Open CaseBridge</a></p>`,
      ),
    })),
  );
}
