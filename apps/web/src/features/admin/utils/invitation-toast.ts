import { getInvitationNotice } from '@casebridge/domain/users/invitation-delivery';
import type { TAdminUser } from '@casebridge/domain/users/user.schemas';
import { toast } from 'sonner';

/**
 * The toast after a user was created, approved or re-invited, saying what became of the
 * invitation: 'e-mailed' only once a mail server accepted it, otherwise queued.
 */
export function toastInvitation(
  title: string,
  user: Pick<TAdminUser, 'email' | 'invitation'>,
  extra?: string,
): void {
  const notice = getInvitationNotice(user.email, user.invitation);
  toast.success(title, { description: extra ? `${notice} ${extra}` : notice });
}
