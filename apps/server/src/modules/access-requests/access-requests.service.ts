import type { TCreateAccessRequest } from '@casebridge/domain/access-requests/access-request.schemas';
import { ROLE_LABELS } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { inChange } from '#src/change/change.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { escapeHtml, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
import {
  listNotificationAudience,
  listRecipientAddresses,
} from '#src/modules/notifications/recipients.ts';
import { insertAccessRequest } from './access-requests.queries.ts';

/**
 * Stores a public access request and tells every admin: an in-app notification and an e-mail
 * through the outbox. All of it commits together or not at all.
 */
export async function createAccessRequest(
  db: Db,
  input: TCreateAccessRequest,
  context: RequestContext,
) {
  // Nobody is signed in: the request comes from the public form.
  return inChange(db, { actor: null, context }, async (change) => {
    const { tx } = change;
    const request = await insertAccessRequest(tx, input);
    change.audit({ action: 'access_request_created', details: `${input.email} (${input.role})` });
    const roleLabel = ROLE_LABELS[input.role];
    const notified = await change.notify(
      await listNotificationAudience(tx, { type: 'access_request' }),
      {
        type: 'access_request',
        content: `New access request from ${input.name} (${input.organization}, ${roleLabel})`,
        linkTo: '/dashboard/admin?tab=users',
      },
    );
    const addresses = await listRecipientAddresses(tx, notified);
    const link = `${context.appUrl}/dashboard/admin?tab=users`;
    const title = 'New access request';
    const lines = [
      `Name: ${input.name}`,
      `E-mail: ${input.email}`,
      `Organization: ${input.organization}`,
      `Phone: ${input.phone}`,
      `Requested role: ${roleLabel}`,
      `Review it: ${link}`,
    ];
    change.mail(
      addresses.map(({ address }) => ({
        kind: 'access_request',
        to: address,
        subject: `New access request - ${input.organization}`,
        text: renderMailText(title, lines),
        html: renderMailHtml(
          title,
          `${lines
            .slice(0, -1)
            .map((line) => `<p style="margin:4px 0">${escapeHtml(line)}</p>`)
            .join(
              '',
            )}<p style="margin-top:16px"><a href="${escapeHtml(link)}">Review the request</a></p>`,
        ),
      })),
    );
    change.publish({ topic: 'access-request.created' });
    return request;
  });
}
