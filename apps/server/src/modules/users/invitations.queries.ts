import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TInvitationDelivery } from '@casebridge/domain/users/invitation-delivery';
import type { Db } from '#src/db/client.ts';
import { mailOutbox, userInvitations, users } from '#src/db/schema/index.ts';

/** The outbox kind of invitation e-mails. */
export const INVITATION_MAIL_KIND = 'invitation';

export async function insertInvitation(
  db: Db,
  input: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(userInvitations).values(input);
}

/** The invitation behind a token hash with its user, whatever its state. */
export async function findInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: userInvitations.id,
      userId: userInvitations.userId,
      expiresAt: userInvitations.expiresAt,
      usedAt: userInvitations.usedAt,
      name: users.name,
      email: users.email,
      role: users.role,
      active: users.active,
    })
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .where(eq(userInvitations.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Marks the invitation used if, and only if, it is still unused and unexpired. The condition is
 * in the UPDATE itself, so two simultaneous accepts cannot both succeed.
 */
export async function claimInvitation(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(userInvitations)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userInvitations.id, id),
        isNull(userInvitations.usedAt),
        gt(userInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: userInvitations.id });
  return rows.length > 0;
}

/** A new link replaces the old ones: every other unused invitation of the user stops working. */
export async function revokeOpenInvitations(db: Db, userId: string): Promise<void> {
  await db
    .update(userInvitations)
    .set({ usedAt: new Date() })
    .where(and(eq(userInvitations.userId, userId), isNull(userInvitations.usedAt)));
}

const newestInvitationMails = (db: Db, userIds: readonly string[]) =>
  db
    .selectDistinctOn([mailOutbox.subjectId], {
      id: mailOutbox.id,
      userId: mailOutbox.subjectId,
      status: mailOutbox.status,
      queuedAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.kind, INVITATION_MAIL_KIND), inArray(mailOutbox.subjectId, [...userIds])),
    )
    .orderBy(mailOutbox.subjectId, desc(mailOutbox.createdAt));

/**
 * Where each user's newest invitation e-mail stands, for the user list: one query for the page,
 * by the index on the mail's subject (mail_outbox_subject_idx). A new link revokes the old ones,
 * so only the newest mail matters.
 */
export async function listInvitationDeliveries(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, TInvitationDelivery>> {
  if (userIds.length === 0) return new Map();
  const rows = await newestInvitationMails(db, userIds);
  return new Map(
    rows.flatMap((row) =>
      row.userId
        ? [
            [
              row.userId,
              {
                status:
                  row.status === 'sent' ? 'sent' : row.status === 'failed' ? 'failed' : 'queued',
                queuedAt: row.queuedAt.toISOString(),
                sentAt: row.sentAt?.toISOString() ?? null,
              },
            ] as const,
          ]
        : [],
    ),
  );
}

/** The newest invitation e-mail queued for a user, to send it at once. */
export async function findNewestInvitationMailId(db: Db, userId: string): Promise<string | null> {
  const [row] = await newestInvitationMails(db, [userId]);
  return row?.id ?? null;
}
