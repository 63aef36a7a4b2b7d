import { vi } from 'vitest';

/** One request the app made through `apiFetch`, as a handler and a test see it. */
export type FakeRequest = {
  method: string;
  /** The path below /api, without the query string: '/patients/p1'. */
  path: string;
  /** The path below /api with its query string, exactly as the app asked for it. */
  url: string;
  query: URLSearchParams;
  /** Values of the route's `:name` segments. */
  params: Record<string, string>;
  /** The parsed JSON body, the FormData of an upload, or undefined. */
  body: unknown;
  /** The request's headers, names in lower case: `if-match`, `idempotency-key`. */
  headers: Record<string, string>;
};

/**
 * Answers one route. A Response is sent as is, undefined as 204, anything else as JSON 200.
 * Throwing makes fetch reject, which the app reports as a network failure.
 */
export type FakeHandler = (request: FakeRequest) => unknown;

/** A fixed answer: a Response, undefined for 204, or a JSON body. */
type FakeAnswer = Response | object | string | number | boolean | null | undefined;

/** Keys are 'METHOD /path' with `:name` segments; each value is a handler or a fixed answer. */
export type FakeRoutes = Record<string, FakeHandler | FakeAnswer>;

export type FakeApi = {
  /** Every request, in order, answered or not. */
  readonly calls: FakeRequest[];
  /** Adds routes or replaces same-named ones, e.g. to make the next save fail. */
  use: (routes: FakeRoutes) => void;
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server's error body (`{ error: { code, message } }`) with its status. */
export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

type Route = { method: string; segments: string[]; answer: unknown };

function parseRoute(key: string, answer: unknown): Route {
  const [method, pattern] = key.split(' ');
  if (!method || !pattern?.startsWith('/'))
    throw new Error(`Fake API route "${key}" is not 'METHOD /path'`);
  return { method: method.toUpperCase(), segments: pattern.split('/'), answer };
}

function matchRoute(route: Route, method: string, path: string): Record<string, string> | null {
  const segments = path.split('/');
  if (route.method !== method || route.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, expected] of route.segments.entries()) {
    const actual = segments[index] ?? '';
    if (expected.startsWith(':')) params[expected.slice(1)] = decodeURIComponent(actual);
    else if (expected !== actual) return null;
  }
  return params;
}

function readBody(body: RequestInit['body']): unknown {
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  return body ?? undefined;
}

async function toResponse(answer: unknown): Promise<Response> {
  const value = await answer;
  // A Response given once as a route's value answers every call: each gets its own copy.
  if (value instanceof Response) return value.clone();
  if (value === undefined) return new Response(null, { status: 204 });
  return json(value);
}

/**
 * Replaces `fetch` for this test with the given routes. The app's api-client stays real, so
 * its error mapping, session-ended handling and request shapes are what the test exercises.
 * A request no route answers gets the server's 404 body naming it. setup.ts unstubs after each
 * test.
 */
export function installFakeApi(initialRoutes: FakeRoutes = {}): FakeApi {
  let routes = Object.entries(initialRoutes).map(([key, answer]) => parseRoute(key, answer));
  const calls: FakeRequest[] = [];
  const fakeFetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = input.replace(/^\/api/, '');
    const parsed = new URL(url, 'http://fake.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: FakeRequest = {
      method,
      path: parsed.pathname,
      url,
      query: parsed.searchParams,
      params: {},
      body: readBody(init.body),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
    };
    calls.push(request);
    for (const route of routes) {
      const params = matchRoute(route, method, request.path);
      if (!params) continue;
      request.params = params;
      const { answer } = route;
      return toResponse(typeof answer === 'function' ? (answer as FakeHandler)(request) : answer);
    }
    return apiError(404, 'NOT_FOUND', `No fake API route for ${method} ${request.path}`);
  };
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  return {
    calls,
    use(next) {
      const added = Object.entries(next).map(([key, answer]) => parseRoute(key, answer));
      const replaced = new Set(added.map((route) => `${route.method} ${route.segments.join('/')}`));
      routes = [
        ...added,
        ...routes.filter((route) => !replaced.has(`${route.method} ${route.segments.join('/')}`)),
      ];
    },
  };
}
