import type { FastifyRequest } from 'fastify';
import { WRITE_ORIGIN_HEADER, ZWriteOrigin } from '@casebridge/domain/events/live-events';

/**
 * What a service needs to know about the request it works for, beside the actor: built once per
 * request by `requestContext` and passed explicitly, so a reader of the service sees where the
 * address in an audit row or the origin on an event comes from.
 */
export type RequestContext = {
  /** The client's address as the proxy settings resolve it (TRUST_PROXY), for audit rows. */
  ip: string;
  /** The public address, for links in e-mails. */
  appUrl: string;
  /**
   * The browser write this request is (`<tab>.<n>`, from WRITE_ORIGIN_HEADER) and the user who
   * made it: the events the write publishes carry it back to that user's streams, so the tab
   * knows its own change. Null outside a browser write or before the user is known.
   */
  writeOrigin: { origin: string; userId: string } | null;
};

/** The one place that reads a request's address and write origin. */
export function requestContext(request: FastifyRequest): RequestContext {
  const origin = ZWriteOrigin.safeParse(request.headers[WRITE_ORIGIN_HEADER]);
  const userId = request.actor?.userId;
  return {
    ip: request.ip || 'unknown',
    appUrl: request.server.ctx.env.appUrl,
    writeOrigin: origin.success && userId ? { origin: origin.data, userId } : null,
  };
}

/** The context of work no request asked for: a job, a command-line tool, the demo seed. */
export function systemContext(appUrl = ''): RequestContext {
  return { ip: 'system', appUrl, writeOrigin: null };
}
