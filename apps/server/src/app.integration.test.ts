import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { AppError } from './lib/app-error.ts';
import { createTestServer, toCookieHeader, type TestServer } from './test/test-server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function parseCsp(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

describe('security headers', () => {
  it('sends a strict CSP, nosniff, a referrer policy and no HSTS on http://localhost', async () => {
    const server = await createTestServer({ APP_URL: 'http://localhost:3000' });
    try {
      const response = await server.request({ url: '/api/health' });
      const csp = parseCsp(response.headers['content-security-policy'] as string);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('sends HSTS when the app is served over https', async () => {
    const server = await createTestServer({ APP_URL: 'https://casebridge.example' });
    try {
      const response = await server.request({ url: '/api/health' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(response.headers['strict-transport-security']).toMatch(/includeSubDomains/);
    } finally {
      await server.close();
    }
  });
});

describe('errors and request ids', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    // Routes that fail on purpose, registered before the app first answers a request.
    server.app.get('/api/test-crash', { config: { access: 'public' } }, async () => {
      throw new Error('connection to db-internal:5432 failed for password=hunter2');
    });
    server.app.get('/api/test-app-error', { config: { access: 'public' } }, async () => {
      throw new AppError('CONFLICT', 'That already exists');
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers an unknown /api route with the error body and no stack', async () => {
    const response = await server.request({ url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('hides what an unexpected error says and where it came from', async () => {
    const response = await server.request({ url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong' },
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('stack');
    expect(response.body).not.toMatch(/\.ts:\d+/);
  });

  it('maps an AppError to its status and code', async () => {
    const response = await server.request({ url: '/api/test-app-error' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'That already exists' },
    });
  });

  it('answers a signed-out call to a protected route with 401 and the error body', async () => {
    const response = await server.request({ url: '/api/patients' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' },
    });
  });

  it('answers malformed JSON with the error body', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/access-requests',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error).toSorted()).toEqual(['code', 'message']);
    expect(response.body).not.toContain('stack');
  });

  it('gives every response its own request id and ignores one sent by the client', async () => {
    const first = await server.request({ url: '/api/health' });
    const second = await server.request({ url: '/api/does-not-exist' });
    const spoofed = await server.request({
      url: '/api/health',
      headers: { 'x-request-id': 'attacker-chosen-id' },
    });
    for (const response of [first, second, spoofed])
      expect(response.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    expect(spoofed.headers['x-request-id']).not.toBe('attacker-chosen-id');
  });
});

describe('logs', () => {
  it('record requests without passwords, session cookies or query strings', async () => {
    const lines: string[] = [];
    const server = await createTestServer(
      { LOG_LEVEL: 'info' },
      { loggerStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const wrongPassword = 'wrong-password-Zq81x';
      await server.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: 'clinic@demo.test', password: wrongPassword },
      });
      const login = await server.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: 'clinic@demo.test', password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const cookie = toCookieHeader(login);
      const token = login.cookies.find((item) => item.name === 'casebridge.session_token')?.value;
      expect(token).toBeTruthy();
      const search = await server.request({
        url: '/api/patients?search=Maria%20Delgado',
        cookie,
      });
      await server.request({ url: '/api/auth/session', cookie });

      const log = lines.join('');
      // The stream really received the request logs, so the absences below mean something.
      expect(log).toContain('/api/auth/login');
      expect(log).toContain('/api/patients');
      expect(log).toContain(String(search.headers['x-request-id']));
      expect(log).not.toContain(DEMO_PASSWORD);
      expect(log).not.toContain(wrongPassword);
      expect(log).not.toContain(token!);
      expect(log).not.toContain(decodeURIComponent(token!));
      expect(log).not.toContain('search=');
      expect(log).not.toContain('Maria');
      expect(log).not.toContain('Delgado');
    } finally {
      await server.close();
    }
  });
});
