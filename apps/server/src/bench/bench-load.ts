/**
 * The benchmark suite's load generator: a closed loop of `clients` concurrent callers, each
 * starting its next call as soon as the last one answered, for a fixed time after a warm-up.
 * The same loop drives HTTP requests to the server and the floor's SQL through the driver.
 */
import http from 'node:http';
import { text as readText } from 'node:stream/consumers';
import { now } from './fanout-clock.ts';
import { summariseLoad, type LoadSummary } from './bench-table.ts';

export type LoadOptions = { clients: number; warmupMs: number; durationMs: number };

/**
 * Runs `call(client)` in a closed loop; `call` throws on a failed answer. Latencies are kept only
 * for calls started inside the measured window (after the warm-up).
 */
export async function runClosedLoop(
  options: LoadOptions,
  call: (client: number) => Promise<void>,
): Promise<LoadSummary> {
  const start = now();
  const measureFrom = start + options.warmupMs;
  const stopAt = measureFrom + options.durationMs;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const loop = async (client: number) => {
    while (now() < stopAt) {
      const begun = now();
      try {
        await call(client);
        if (begun >= measureFrom) latencies.push(now() - begun);
      } catch (error) {
        if (begun >= measureFrom) errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, client) => loop(client)));
  // The window ends when the last call started in it has answered.
  const seconds = (Math.max(stopAt, now()) - measureFrom) / 1_000;
  return summariseLoad(latencies, errors, seconds, firstError);
}

export type HttpClient = {
  /** GET (or another method with a JSON body); resolves the status and body, rejects on timeout. */
  request(
    path: string,
    options?: { method?: string; json?: unknown; timeoutMs?: number },
  ): Promise<{ status: number; body: string }>;
  close(): void;
};

/** Keep-alive HTTP client with one socket per concurrent caller, sending the session cookie. */
export function createHttpClient(
  baseUrl: string,
  options: { cookie: string; sockets: number },
): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.sockets });
  return {
    request(path, { method = 'GET', json, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const body = json === undefined ? undefined : JSON.stringify(json);
        const headers: Record<string, string> = { cookie: options.cookie, origin: baseUrl };
        if (body !== undefined) headers['content-type'] = 'application/json';
        const request = http.request(
          `${baseUrl}${path}`,
          { method, headers, agent },
          (response) =>
            void readText(response).then(
              (text) => resolve({ status: response.statusCode ?? 0, body: text }),
              reject,
            ),
        );
        request.setTimeout(timeoutMs, () => request.destroy(new TimeoutError(path)));
        request.on('error', reject);
        request.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

export class TimeoutError extends Error {
  constructor(path: string) {
    super(`${path}: no answer in time`);
  }
}

/** A call that fails unless the answer is 200: what the closed loop counts as an error. */
export function expectOk(client: HttpClient, path: string) {
  return async () => {
    const answer = await client.request(path);
    if (answer.status !== 200)
      throw new Error(`${path}: ${answer.status} ${answer.body.slice(0, 160)}`);
  };
}
