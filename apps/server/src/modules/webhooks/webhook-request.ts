import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_KEEP_BYTES } from '@casebridge/domain/webhooks/webhook.schemas';

/** No answer (no status) within the send's time. */
export class WebhookTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs / 1000} s`);
    this.name = 'WebhookTimeoutError';
  }
}

export type WebhookPost = {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** The addresses the connection may use (webhook-url.ts `publicOnlyLookup` in production). */
  lookup?: LookupFunction;
};

/** The answer's status and its first WEBHOOK_RESPONSE_KEEP_BYTES as text. */
export type WebhookAnswer = { status: number; body: string };

/** Text columns refuse NUL; a cut multi-byte character at the end becomes U+FFFD. */
const toStoredText = (chunks: Buffer[]) =>
  new TextDecoder()
    .decode(Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_KEEP_BYTES))
    .replaceAll('\u0000', '');

/**
 * POSTs a delivery on a connection of its own (node:http, since fetch takes no `lookup`) and
 * reads what the delivery keeps of the answer: a redirect is an answer like any other, never
 * followed, and the rest of a long body is not read. Rejects with WebhookTimeoutError when no
 * status comes within `timeoutMs`, else with the connection's error (a lookup's refusal
 * included). Once the status has come, the answer is that status with the text read by then,
 * even if the body is cut off or still coming at `timeoutMs`.
 */
export function postWebhook(url: string, post: WebhookPost): Promise<WebhookAnswer> {
  const send = new URL(url).protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'POST',
      headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
      // No pooled connection: each send resolves and checks its address anew.
      agent: false,
      ...(post.lookup ? { lookup: post.lookup } : {}),
    });
    /** Once the status has come: settles with it and the text read so far. */
    let answered: (() => void) | null = null;
    const timer = setTimeout(
      () => request.destroy(new WebhookTimeoutError(post.timeoutMs)),
      post.timeoutMs,
    );
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      outcome();
    };
    // A timeout or a lost connection: before the status a failure, after it the answer so far.
    request.on('error', (error) => (answered ? answered() : settle(() => reject(error))));
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        settle(() => resolve({ status: response.statusCode ?? 0, body: toStoredText(chunks) }));
      answered = done;
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
        if (size >= WEBHOOK_RESPONSE_KEEP_BYTES) {
          done();
          request.destroy();
        }
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(post.body);
  });
}
