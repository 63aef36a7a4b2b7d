import {
  ACCESS_REQUEST_MESSAGES,
  type TApproveAccessRequest,
} from '@casebridge/domain/access-requests/access-request-review.schemas';
import { ROLE_LABELS } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { publishEvent } from '#src/events/outbox.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import { writeAudit } from '#src/modules/audit/audit.service.ts';
import { createUser } from '#src/modules/users/users.service.ts';
import { getAccessRequest, markAccessRequestReviewed } from './access-requests.queries.ts';

type ReviewContext = { ip: string; appUrl: string };
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
  context: ReviewContext,
) {
  return db.transaction(async (tx) => {
    const request = await getPendingRequest(tx, id);
    const user = await createUser(
      tx,
      actor,
      { name: request.name, email: request.email, ...input },
      {
        ...context,
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
    await writeAudit(tx, {
      action: 'access_request_approved',
      actor,
      details: `${request.email} as ${ROLE_LABELS[input.role]}`,
      ip: context.ip,
    });
    await publishEvent(tx, { topic: 'access-request.reviewed' });
    return user;
  });
}

export async function rejectAccessRequest(
  db: Db,
  actor: Actor,
  id: string,
  context: { ip: string },
) {
  await db.transaction(async (tx) => {
    const request = await getPendingRequest(tx, id);
    if (
      !(await markAccessRequestReviewed(tx, id, { status: 'rejected', reviewedBy: actor.userId }))
    )
      throw new AppError('CONFLICT', ACCESS_REQUEST_MESSAGES.alreadyReviewed);
    await writeAudit(tx, {
      action: 'access_request_rejected',
      actor,
      details: `${request.email} (${request.organization})`,
      ip: context.ip,
    });
    await publishEvent(tx, { topic: 'access-request.reviewed' });
  });
}
