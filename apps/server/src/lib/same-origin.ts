import type { IncomingHttpHeaders } from 'node:http';

/** Whether a state-changing request may proceed: same origin, or a client that is not a browser. */
export function isSameOriginWrite(headers: IncomingHttpHeaders): boolean {
  const origin = headers.origin;
  if (origin !== undefined) {
    if (origin === 'null') return false;
    try {
      return new URL(origin).host === headers.host;
    } catch {
      return false;
    }
  }
  const site = headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
