import { z } from 'zod';

/** How long the link confirming a new notification e-mail address works. */
export const NOTIFICATION_EMAIL_CONFIRMATION_TTL_HOURS = 24;

/** A new notification address waiting for its owner to open the link sent to it. */
export const ZPendingNotificationEmail = z.object({
  email: z.string(),
  expiresAt: z.iso.datetime(),
});
export type TPendingNotificationEmail = z.infer<typeof ZPendingNotificationEmail>;

export const ZConfirmNotificationEmailRequest = z.object({
  token: z.string().trim().min(1, 'This confirmation link is incomplete.').max(200),
});
export type TConfirmNotificationEmailRequest = z.infer<typeof ZConfirmNotificationEmailRequest>;

export const ZConfirmNotificationEmailResponse = z.object({ email: z.string() });
export type TConfirmNotificationEmailResponse = z.infer<typeof ZConfirmNotificationEmailResponse>;

/** Texts of the address check. */
export const NOTIFICATION_EMAIL_TEXTS = {
  waitingFor: (email: string) =>
    `Waiting for confirmation: ${email} — we sent a link to that address`,
  resend: 'Resend',
  cancel: 'Cancel',
  linkSent: (email: string) => `We sent a confirmation link to ${email}`,
  resendFailed: 'Failed to resend the confirmation link',
  cancelled: 'The address change was cancelled',
  cancelFailed: 'Failed to cancel the address change',
  confirmTitle: 'Confirm notification email',
  confirmDescription: 'Confirm that notification e-mails may be sent to this address.',
  confirmButton: 'Confirm address',
  confirming: 'Confirming...',
  confirmed: (email: string) => `Notification e-mails will now go to ${email}.`,
  confirmFailed: 'Failed to confirm the address',
  linkInvalid: 'This confirmation link is not valid or has already been used.',
  linkExpired:
    'This confirmation link has expired. Change the address again in your notification preferences to get a new one.',
  noPendingChange: 'There is no address change waiting for confirmation.',
} as const;
