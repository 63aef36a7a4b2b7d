import {
  MAIL_OUTBOX_MESSAGES,
  type TMailOutboxDetail,
  type TMailOutboxItem,
  type TRetryFailedMailResult,
} from '@casebridge/domain/admin/system-tools.schemas';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { inChange } from '#src/change/change.ts';
import { mailJobs } from '#src/mail/mail-outbox.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { hideSecretLinks } from '#src/mail/session-links.ts';
import {
  findMailPatientId,
  getMail,
  getMailRow,
  listMail as selectMailPage,
  requeueFailedMail,
  toItem,
} from './mail-outbox.queries.ts';

/**
 * One e-mail with its text, for an admin: the text may hold health information (the detailed
 * notification content), so opening it is audited like any read of a patient's record. The
 * token of a link that acts for the recipient (invitation, reset, address confirmation) is
 * hidden, with or without a mail server.
 */
export async function viewMail(
  db: Db,
  actor: Actor,
  id: string,
  context: RequestContext,
): Promise<TMailOutboxDetail> {
  const mail = await getMail(db, id, context.appUrl);
  if (!mail) throw notFound();
  await auditPatientRead(db, actor, {
    action: 'mail_viewed',
    patientId: await findMailPatientId(db, mail),
    details: `${mail.kind} e-mail ${mail.id}`,
    ip: context.ip,
  });
  return { ...mail, ...hideSecretLinks(mail.text) };
}

/** An admin's retry of one failed mail: back in the queue, due now, with a fresh window. */
export async function retryFailedMail(
  db: Db,
  actor: Actor,
  id: string,
  context: RequestContext,
): Promise<TMailOutboxItem> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const [mail] = await requeueFailedMail(tx, id);
    if (!mail) {
      const existing = await getMailRow(tx, id);
      if (!existing) throw notFound();
      throw new AppError('CONFLICT', MAIL_OUTBOX_MESSAGES.notFailed);
    }
    change.enqueue(...mailJobs([mail.id])).audit({
      action: 'mail_retried',
      details: `Requeued failed ${mail.kind} e-mail ${mail.id} to ${mail.toAddress}`,
    });
    return toItem(mail);
  });
}

/** 'Retry all failed': every failed mail back in the queue, one audit row naming the count. */
export async function retryAllFailedMail(
  db: Db,
  actor: Actor,
  context: RequestContext,
): Promise<TRetryFailedMailResult> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const mails = await requeueFailedMail(tx);
    if (mails.length > 0) {
      change
        .enqueue(...mailJobs(mails.map((mail) => mail.id)))
        .audit({ action: 'mail_retried', details: `Requeued ${mails.length} failed e-mails` });
    }
    return { retried: mails.length };
  });
}

/** A page of the outbox, newest first, filtered by status and text, with the count beside it. */
/** Unsent mail by status and the age of the oldest (the metrics'). */
export { countUnsentMail } from './mail-outbox.queries.ts';

export function listMail(
  db: Db,
  filter: Parameters<typeof selectMailPage>[1],
  page: { cursor?: string | undefined; pageSize: number },
) {
  return selectMailPage(db, filter, page);
}
