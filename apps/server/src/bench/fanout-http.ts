import http from 'node:http';
import { text as readText } from 'node:stream/consumers';
import { FANOUT } from './fanout-config.ts';

/** Keep-alive, so a write's latency is the server's work, not a TCP handshake. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export type HttpAnswer = { status: number; body: string; setCookies: string[] };

export function sendRequest(
  url: string,
  options: { method: string; json?: unknown; cookie?: string },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.cookie) headers.cookie = options.cookie;
    const request = http.request(
      url,
      { method: options.method, headers, agent, timeout: FANOUT.requestTimeoutMs },
      (response) =>
        void readText(response).then(
          (text) =>
            resolve({
              status: response.statusCode ?? 0,
              body: text,
              setCookies: response.headers['set-cookie'] ?? [],
            }),
          reject,
        ),
    );
    request.on('timeout', () => request.destroy(new Error(`${url}: timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Signs in through the API and returns the Cookie header that carries the session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await sendRequest(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    json: { email, password },
  });
  if (answer.status !== 200)
    throw new Error(`sign-in of ${email}: ${answer.status} ${answer.body.slice(0, 200)}`);
  // Cookies being cleared (`name=; Max-Age=0`) are not sent back.
  return answer.setCookies
    .map((cookie) => cookie.split(';')[0]!.trim())
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Runs `task` over `items` with at most `limit` at a time. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return results;
}
