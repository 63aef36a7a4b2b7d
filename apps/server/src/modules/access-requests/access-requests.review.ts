import {
  ACCESS_REQUEST_MESSAGES,
  type AccessRequestStatus,
  type TAccessRequest,
  type TApproveAccessRequest,
} from '@casebridge/domain/access-requests/access-request-review.schemas';
import { ROLE_LABELS } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { addUser } from '#src/modules/users/users.service.ts';
import {
  getAccessRequest,
  listAccessRequests as selectAccessRequests,
  markAccessRequestReviewed,
} from './access-requests.queries.ts';

type ParsedApproval = { role: TApproveAccessRequest['role']; organizationId: string | null };

async function getPendingRequest(db: Db, id: string) {
  const request = await getAccessRequest(db, id);
  if (!request) throw notFound();
  if (request.status !== 'pending')
    throw new AppError('CONFLICT', ACCESS_REQUEST_MESSAGES.alreadyReviewed);
  return request;
}

/**
 * Approves a pending request: the admin's choice of role and organisation creates the user,
 * who receives an invitation. The approval is the admin approval, so the account is usable
 * as soon as the password is set. User, request and audit commit together.
 */
export async function approveAccessRequest(
  db: Db,
  actor: Actor,
  id: string,
  input: ParsedApproval,
  context: RequestContext,
) {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const request = await getPendingRequest(tx, id);
    const user = await addUser(
      change,
      actor,
      { name: request.name, email: request.email, ...input },
      {
        preApproved: true,
        auditDetails: `${request.email} (${ROLE_LABELS[input.role]}) from an access request`,
      },
    );
    if (
      !(await markAccessRequestReviewed(tx, id, {
        status: 'approved',
        reviewedBy: actor.userId,
        createdUserId: user.id,
      }))
    )
      throw new AppError('CONFLICT', ACCESS_REQUEST_MESSAGES.alreadyReviewed);
    change
      .audit({
        action: 'access_request_approved',
        details: `${request.email} as ${ROLE_LABELS[input.role]}`,
      })
      .publish({ topic: 'access-request.reviewed' });
    return user;
  });
}

export async function rejectAccessRequest(
  db: Db,
  actor: Actor,
  id: string,
  context: RequestContext,
) {
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const request = await getPendingRequest(tx, id);
    if (
      !(await markAccessRequestReviewed(tx, id, { status: 'rejected', reviewedBy: actor.userId }))
    )
      throw new AppError('CONFLICT', ACCESS_REQUEST_MESSAGES.alreadyReviewed);
    change
      .audit({
        action: 'access_request_rejected',
        details: `${request.email} (${request.organization})`,
      })
      .publish({ topic: 'access-request.reviewed' });
  });
}

/** The requests of one status for the review queue: pending oldest first, reviewed newest first. */
export function listAccessRequests(db: Db, status: AccessRequestStatus): Promise<TAccessRequest[]> {
  return selectAccessRequests(db, status);
}
