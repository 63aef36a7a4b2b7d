import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * How many times helmet built its middleware. A caller cannot see this; it guards the cost: a
 * build parses and checks the whole policy again (ADR 0030).
 */
const builds = vi.hoisted(() => ({ count: 0 }));
vi.mock('helmet', async (importOriginal) => {
  const actual = await importOriginal<typeof import('helmet')>();
  const counted = ((...args: Parameters<typeof actual.default>) => {
    builds.count += 1;
    return actual.default(...args);
  }) as typeof actual.default;
  return { ...actual, default: Object.assign(counted, actual.default) };
});

describe('security headers', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('are set on every answer by a middleware built once with the app, not per request', async () => {
    const builtWithTheApp = builds.count;
    expect(builtWithTheApp).toBeGreaterThan(0);
    for (const url of ['/api/health', '/api/auth/session', '/api/no-such-route']) {
      const response = await server.request({ url });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(builds.count).toBe(builtWithTheApp);
  });
});
