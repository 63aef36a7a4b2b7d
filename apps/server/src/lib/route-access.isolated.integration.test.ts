import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CAPABILITIES } from '@casebridge/domain/capabilities';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { UndeclaredRouteAccessError } from './route-access.ts';

/**
 * Every route Fastify registers, observed by an onRoute hook added before any of the app's own
 * hooks and routes: the list does not depend on the app's enforcement, so it proves it.
 */
const registered = vi.hoisted((): RouteOptions[] => []);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const observed = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: observed };
});

const methodsOf = (route: RouteOptions) => [route.method].flat().map(String);
const apiRoutes = () => registered.filter((route) => route.url.startsWith('/api'));

describe('route table', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('sees the routes of the real app', () => {
    const keys = apiRoutes().flatMap((route) =>
      methodsOf(route).map((method) => `${method} ${route.url}`),
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/openapi.json',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'GET /api/auth/session',
        'POST /api/access-requests',
        'GET /api/events',
        'GET /api/docs/json',
      ]),
    );
  });

  it('has every /api route declare public or a known capability', () => {
    const known = new Set<string>(['public', ...CAPABILITIES]);
    const undeclared = apiRoutes()
      .filter((route) => !known.has(String(route.config?.access)))
      .map((route) => `${methodsOf(route).join(',')} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('documents every declared route except the docs themselves in the OpenAPI document', async () => {
    const response = await server.request({ url: '/api/openapi.json' });
    const paths = Object.keys(response.json().paths as Record<string, unknown>);
    const toOpenApi = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    const expected = apiRoutes()
      .filter((route) => !route.url.startsWith('/api/docs') && route.url !== '/api/openapi.json')
      .map((route) => toOpenApi(route.url));
    expect(new Set(paths)).toEqual(new Set(expected));
  });
});

describe('registering a route', () => {
  it('throws UndeclaredRouteAccessError for an /api route without access', async () => {
    const server = await createTestServer();
    try {
      expect(() =>
        server.app.get('/api/undeclared-test-route', async () => ({ ok: true })),
      ).toThrow(UndeclaredRouteAccessError);
      expect(() =>
        server.app.post('/api/also-undeclared', { config: {} }, async () => ({ ok: true })),
      ).toThrow('Route POST /api/also-undeclared does not declare its access');
      // A declared route and a non-API route are accepted.
      expect(() =>
        server.app.get('/api/declared-test-route', { config: { access: 'public' } }, async () => ({
          ok: true,
        })),
      ).not.toThrow();
      expect(() => server.app.get('/robots-test.txt', async () => 'ok')).not.toThrow();
    } finally {
      await server.close();
    }
  });
});
