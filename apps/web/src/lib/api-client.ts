import { MESSAGES, ZErrorBody } from '@casebridge/domain/errors';

/** An error answered by the API, carrying its code and a message fit for a toast. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
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
};

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined || isForm
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  lastActivityAt = Date.now();
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ZErrorBody.safeParse(payload);
    const code = parsed.success ? parsed.data.error.code : 'HTTP_ERROR';
    const message = parsed.success ? parsed.data.error.message : MESSAGES.internal;
    if (code === 'SESSION_EXPIRED') sessionEndedListeners.forEach((listener) => listener(message));
    throw new ApiError(response.status, code, message);
  }
  return payload as T;
}

export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return fallback;
}
