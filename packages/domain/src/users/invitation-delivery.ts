import { z } from 'zod';

/**
 * Where the newest invitation e-mail of a user stands: queued (not yet accepted by a mail
 * server, or no mail server is configured), sent (a mail server accepted it) or failed (given
 * up on; an admin can requeue it from the Mail outbox).
 */
export const INVITATION_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;

export const ZInvitationDelivery = z.object({
  status: z.enum(INVITATION_DELIVERY_STATUSES),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TInvitationDelivery = z.infer<typeof ZInvitationDelivery>;

/**
 * What the admin is told after creating, approving or re-inviting a user: 'e-mailed' only once a
 * mail server has accepted the invitation, otherwise that it waits in the outbox.
 */
export function getInvitationNotice(email: string, delivery: TInvitationDelivery | null): string {
  switch (delivery?.status) {
    case 'sent':
      return `An invitation was e-mailed to ${email}.`;
    case 'failed':
      return 'The invitation could not be e-mailed; see the Mail outbox.';
    default:
      return 'The invitation is queued and will be e-mailed when the mail server accepts it.';
  }
}

/** The user list's word for it. */
export const INVITATION_DELIVERY_LABELS = {
  queued: 'Invitation queued',
  sent: 'Invitation e-mailed',
  failed: 'Invitation not delivered',
} as const satisfies Record<TInvitationDelivery['status'], string>;
