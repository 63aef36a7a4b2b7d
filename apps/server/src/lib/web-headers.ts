import type { FastifyRequest } from 'fastify';

/** Converts Fastify's incoming headers into a WHATWG Headers object for better-auth. */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else headers.set(name, String(value));
  }
  return headers;
}
