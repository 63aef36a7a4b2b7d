import { ROLE_ORGANIZATION_KIND, ROLE_LABELS } from '@casebridge/domain/roles';
import {
  USER_MESSAGES,
  type TAdminUser,
  type TCreateUserParsed,
  type TEditUserParsed,
  type TListUsersParsed,
  type TUserFlagsRequest,
} from '@casebridge/domain/users/user.schemas';
import type { Db } from '#src/db/client.ts';
import { deleteUserSessions } from '#src/auth/session.ts';
import { inChange, type Change } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import { publishSessionsEnded } from '#src/modules/sessions/sessions.service.ts';
import { queueInvitation } from './invitations.service.ts';
import {
  getAdminUser,
  getOrganizationKind,
  insertUser,
  isEmailTaken,
  listUsers,
  lockUser,
  updateUserAsAdmin,
} from './users.queries.ts';
import { assertVersion } from '#src/lib/versioning.ts';

export function listUsersPage(db: Db, query: TListUsersParsed) {
  return listUsers(db, {
    search: query.search || undefined,
    cursor: query.cursor,
    pageSize: query.limit,
  });
}

/** The organisation must exist and be of the role's kind (a clinic user belongs to a clinic). */
async function assertOrganizationFitsRole(
  db: Db,
  input: Pick<TCreateUserParsed, 'role' | 'organizationId'>,
) {
  const expectedKind = ROLE_ORGANIZATION_KIND[input.role];
  if (!expectedKind) return;
  const kind = input.organizationId ? await getOrganizationKind(db, input.organizationId) : null;
  if (!kind) throw new AppError('VALIDATION_FAILED', USER_MESSAGES.organizationRequired);
  if (kind !== expectedKind)
    throw new AppError('VALIDATION_FAILED', USER_MESSAGES.organizationMismatch);
}

/**
 * Creates a user without a password and e-mails an invitation to set one. With 'Require approval
 * for new users' on, the account also waits for an admin's approval before it can sign in.
 */
export async function createUser(
  db: Db,
  actor: Actor,
  input: TCreateUserParsed,
  context: RequestContext,
): Promise<TAdminUser> {
  return inChange(db, { actor, context }, (change) => addUser(change, actor, input));
}

/**
 * `createUser` on the caller's Change (an access request's approval; `casebridge create-admin`,
 * with no actor): `preApproved` skips the approval step (the admin approving the request is that
 * approval), `auditDetails` replaces the audit row's description, `onInvitationLink` is handed
 * the invitation's link (for an operator without a mail server).
 */
export async function addUser(
  change: Change,
  actor: Actor | null,
  input: TCreateUserParsed,
  options: {
    preApproved?: boolean;
    auditDetails?: string;
    onInvitationLink?: (link: string) => void;
  } = {},
): Promise<TAdminUser> {
  const { tx } = change;
  if (await isEmailTaken(tx, input.email)) throw new AppError('CONFLICT', USER_MESSAGES.emailTaken);
  await assertOrganizationFitsRole(tx, input);
  const settings = await getSettings(tx);
  const user = await insertUser(tx, {
    email: input.email,
    name: input.name,
    role: input.role,
    organizationId: input.organizationId,
    approved: options.preApproved === true || !settings.requireUserApproval,
    createdBy: actor && { id: actor.userId, name: actor.name },
  });
  const link = await queueInvitation(change, {
    id: user.id,
    name: user.name,
    email: user.email,
    role: input.role,
  });
  options.onInvitationLink?.(link);
  change
    .audit({
      action: 'user_created',
      details:
        options.auditDetails ??
        `${user.email} (${ROLE_LABELS[input.role]})${user.approved ? '' : ', awaiting approval'}`,
    })
    .publish({ topic: 'user.changed' });
  const created = await getAdminUser(tx, user.id);
  if (!created) throw new Error('created user not found');
  return created;
}

/**
 * The user as the admin list shows them, their row locked for the write; a write made from
 * another version than `expected` is refused (409 with this user) before anything changes.
 * Sign-in and better-auth never write these columns, so only the admin's writes are checked.
 */
async function lockUserAt(tx: Db, userId: string, expected: number): Promise<TAdminUser> {
  const row = await lockUser(tx, userId);
  const user = row ? await getAdminUser(tx, userId) : null;
  if (!user) throw notFound();
  await assertVersion(user, expected, () => user);
  return user;
}

/**
 * Activates, deactivates or approves a user, from the version the admin saw. Deactivation ends
 * every session of the user in the same transaction, so their next request is refused.
 */
export async function updateUser(
  db: Db,
  actor: Actor,
  userId: string,
  input: TUserFlagsRequest & { expected: number },
  context: RequestContext,
): Promise<TAdminUser> {
  if (userId === actor.userId && (input.active === false || input.approved === false))
    throw new AppError('VALIDATION_FAILED', USER_MESSAGES.cannotChangeSelf);
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const before = await lockUserAt(tx, userId, input.expected);
    const flags = {
      ...(input.active === undefined ? {} : { active: input.active }),
      ...(input.approved === undefined ? {} : { approved: input.approved }),
    };
    await updateUserAsAdmin(tx, userId, flags, actor);
    const isEndingSessions = input.active === false || input.approved === false;
    if (isEndingSessions) await deleteUserSessions(tx, userId);
    if (input.active !== undefined && input.active !== before.active) {
      change.audit({
        action: input.active ? 'user_activated' : 'user_deactivated',
        details: before.email,
      });
    }
    if (input.approved !== undefined && input.approved !== before.approved) {
      change.audit({
        action: 'user_updated',
        details: `${before.email} ${input.approved ? 'approved' : 'approval withdrawn'}`,
      });
    }
    const after = await getAdminUser(tx, userId);
    if (!after) throw notFound();
    if (isEndingSessions) publishSessionsEnded(change, userId);
    change.publish({ topic: 'user.changed' });
    return after;
  });
}

const organizationLabel = (user: TAdminUser) => user.organization?.name ?? 'none';

/** 'name "A" → "B"; role Clinic → Attorney; organization X → Y' for what the edit changed. */
function describeProfileChanges(before: TAdminUser, after: TAdminUser): string {
  const changes: string[] = [];
  if (before.name !== after.name)
    changes.push(`name ${JSON.stringify(before.name)} → ${JSON.stringify(after.name)}`);
  if (before.role !== after.role)
    changes.push(`role ${ROLE_LABELS[before.role]} → ${ROLE_LABELS[after.role]}`);
  if (before.organization?.id !== after.organization?.id)
    changes.push(`organization ${organizationLabel(before)} → ${organizationLabel(after)}`);
  return changes.join('; ') || 'no change';
}

/**
 * Edit User: name, role and organisation (of the role's kind), from the version the admin saw.
 * A change of role or organisation ends every session of the user in the same transaction:
 * what they may see changed, so they sign in again, and the live-event hub closes their streams
 * at once (`sessions.ended`). An admin cannot change their own role or organisation (they
 * would sign themselves out).
 */
export async function editUser(
  db: Db,
  actor: Actor,
  userId: string,
  input: TEditUserParsed & { expected: number },
  context: RequestContext,
): Promise<TAdminUser> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const before = await lockUserAt(tx, userId, input.expected);
    const isAccessChange =
      before.role !== input.role || (before.organization?.id ?? null) !== input.organizationId;
    if (isAccessChange && userId === actor.userId)
      throw new AppError('VALIDATION_FAILED', USER_MESSAGES.cannotChangeOwnRole);
    await assertOrganizationFitsRole(tx, input);
    const { name, role, organizationId } = input;
    await updateUserAsAdmin(tx, userId, { name, role, organizationId }, actor);
    if (isAccessChange) await deleteUserSessions(tx, userId);
    const after = await getAdminUser(tx, userId);
    if (!after) throw notFound();
    change.audit({
      action: 'user_edited',
      details: `${before.email}: ${describeProfileChanges(before, after)}${isAccessChange ? ' (sessions ended)' : ''}`,
    });
    if (isAccessChange) publishSessionsEnded(change, userId);
    change.publish({ topic: 'user.changed' });
    return after;
  });
}

/** A fresh invitation link (the old ones stop working), e.g. after the first one expired. */
export async function resendInvitation(
  db: Db,
  actor: Actor,
  userId: string,
  context: RequestContext,
): Promise<void> {
  await inChange(db, { actor, context }, async (change) => {
    const user = await getAdminUser(change.tx, userId);
    if (!user) throw notFound();
    // Only for accounts still without a password: otherwise whoever reads the outbox could
    // reset a working account's password.
    if (user.hasPassword) throw new AppError('CONFLICT', USER_MESSAGES.alreadyHasPassword);
    if (!user.active) throw new AppError('VALIDATION_FAILED', USER_MESSAGES.inactiveUser);
    await queueInvitation(change, user);
    change.audit({ action: 'user_updated', details: `${user.email} invitation queued` });
  });
}
