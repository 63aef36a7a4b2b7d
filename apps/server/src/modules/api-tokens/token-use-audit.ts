import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@casebridge/domain/errors';
import type { Db } from '#src/db/client.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { writeAuditOnItsOwn } from '#src/modules/audit/audit.service.ts';

/** The audit row's text for one use of a token: its name, the call and the answer's status. */
export function describeTokenUse(tokenName: string, method: string, url: string, status: number) {
  return `token "${tokenName}": ${method} ${url.split('?')[0]} -> ${status}`;
}

/**
 * Every use of an API token is audited with the token's name (docs/architecture/integrations.md).
 * Called from an onSend
 * hook, so it runs for every answer, the error handler's included, before anything is sent. The
 * row is written on its own (not in the handler's transaction, which an error rolls back). If it
 * cannot be written the answer is withheld: a 500 goes out instead of the data.
 */
export async function auditTokenUse(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const token = request.actor?.token;
  if (!token) return payload;
  try {
    await writeAuditOnItsOwn(db, {
      action: 'api_token_used',
      actor: request.actor,
      details: describeTokenUse(token.name, request.method, request.url, reply.statusCode),
      ip: requestContext(request).ip,
    });
    return payload;
  } catch (error) {
    request.log.error({ err: error }, 'API token use not audited; answer withheld');
    reply.status(500);
    reply.removeHeader('content-length');
    reply.removeHeader('content-disposition');
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ error: { code: 'INTERNAL', message: MESSAGES.internal } });
  }
}
