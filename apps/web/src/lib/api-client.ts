import { MESSAGES, readErrorBody } from '@casebridge/domain/errors';
import { formatEtag } from '@casebridge/domain/versioning/etag';
import { WRITE_ORIGIN_HEADER } from '@casebridge/domain/events/write-origin';
import { beginWrite, endWrite } from './write-origin.ts';

/**
 * An error answered by the API, carrying its code and a message fit for a toast, and the whole
 * answer for the errors that say more (Add Patient's duplicates).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export class NetworkError extends Error {
  constructor() {
    super(MESSAGES.networkError);
  }
}

type SessionEndedListener = (message: string) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Called when the server says the session ended (idle timeout, deactivation). */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

let lastActivityAt = Date.now();
/** When the server last saw this browser act for the user; drives the idle warning. */
export const getLastActivityAt = () => lastActivityAt;

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A create: sent with one `Idempotency-Key` for this user action, and sent again with the
   * same key when the network fails before an answer arrives, so a lost answer never makes a
   * second record (the server answers a repeat with the first answer).
   */
  idempotent?: boolean;
  /** A write of a versioned record: the version it was made from, sent as `If-Match`. */
  ifMatch?: number;
};

/** Tries of an idempotent request when the network fails; the waits between them grow. */
const IDEMPOTENT_TRIES = 3;
const RETRY_WAIT_MS = 500;

/** A fresh `Idempotency-Key` for one user action. */
export const newIdempotencyKey = () => crypto.randomUUID();

/**
 * Runs `attemptOnce` up to IDEMPOTENT_TRIES times while it fails with a NetworkError (no answer arrived),
 * waiting longer each time. Only for requests that carry an `Idempotency-Key`, so a resend of
 * one whose answer was lost creates nothing.
 */
export async function withNetworkRetries<T>(attemptOnce: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await attemptOnce();
    } catch (error) {
      if (!(error instanceof NetworkError) || attempt >= IDEMPOTENT_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_WAIT_MS * attempt));
    }
  }
}

async function send(
  path: string,
  options: RequestOptions,
  idempotencyKey: string | null,
  origin: string | null,
) {
  const { method = 'GET', body, signal } = options;
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (origin) headers[WRITE_ORIGIN_HEADER] = origin;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  if (options.ifMatch !== undefined) headers['if-match'] = formatEtag(options.ifMatch);
  try {
    return await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const origin = options.method && options.method !== 'GET' ? beginWrite() : null;
  try {
    return await fetchAnswer<T>(path, options, origin);
  } finally {
    if (origin) endWrite(origin);
  }
}

async function fetchAnswer<T>(
  path: string,
  options: RequestOptions,
  origin: string | null,
): Promise<T> {
  const idempotencyKey = options.idempotent ? newIdempotencyKey() : null;
  const response = idempotencyKey
    ? await withNetworkRetries(() => send(path, options, idempotencyKey, origin))
    : await send(path, options, null, origin);
  lastActivityAt = Date.now();
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = readErrorBody(payload);
    const code = parsed ? parsed.error.code : 'HTTP_ERROR';
    // A refused request's message names the field for API clients (`dob: Invalid date`); a form
    // shows the problem's own words beside the field, as the specification writes them.
    const message = parsed
      ? (parsed.error.details?.[0]?.message ?? parsed.error.message)
      : MESSAGES.internal;
    if (code === 'SESSION_EXPIRED') sessionEndedListeners.forEach((listener) => listener(message));
    throw new ApiError(response.status, code, message, payload);
  }
  return payload as T;
}

/**
 * The record as it now is, from a write refused because it was made from an older version
 * (409 with `current`); null for any other error.
 */
export function getStaleWriteCurrent(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { current?: unknown } | null;
  return body?.current ?? null;
}

export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return fallback;
}
