/**
 * Errors the multipart parser (busboy, under @fastify/multipart) raises for a body that is not
 * valid multipart: a boundary the body does not use or no boundary at all, a malformed part
 * header, or a body that ends mid-part (a client that stopped sending). They are the client's
 * fault, so they answer 400, never 500; the parser gives them no code, only these messages.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of (multipart data|form|file)$/,
  /^Malformed (part|urlencoded) header/,
  /^Malformed content type$/,
];

export const MALFORMED_MULTIPART_MESSAGE =
  'The upload could not be read: the request body is not complete multipart form data';

export function isMalformedMultipart(error: { message?: unknown }, contentType: unknown): boolean {
  if (!String(contentType ?? '').startsWith('multipart/')) return false;
  const message = String(error.message ?? '');
  return MALFORMED_MULTIPART.some((pattern) => pattern.test(message));
}
