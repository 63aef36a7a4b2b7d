import { rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_PROBE_FILE, probeDisk } from '#src/lib/disk-probe.ts';
import { getFreePort } from '#src/test/server-process.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

const allOk = {
  database: 'ok',
  liveEvents: 'ok',
  disk: 'ok',
  storage: 'ok',
  redis: 'not_configured',
};

describe('GET /api/health', () => {
  it('answers 200 ok while the database answers, and 503 once it is gone', async () => {
    const server = await createTestServer();
    try {
      const healthy = await server.request({ url: '/api/health' });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({ status: 'ok', checks: allOk });

      await server.context.database.close();
      const unavailable = await server.request({ url: '/api/health' });
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.json()).toMatchObject({
        status: 'unavailable',
        checks: { database: 'unavailable' },
      });
    } finally {
      await server.close();
    }
  });

  it('answers 503 when the data disk takes no writes', async () => {
    const server = await createTestServer();
    const probe = path.join(server.context.env.dataDir, DISK_PROBE_FILE);
    try {
      // Every write to /dev/full fails with ENOSPC, as on a full disk.
      await rm(probe, { force: true });
      await symlink('/dev/full', probe);
      const full = await server.request({ url: '/api/health' });
      expect(full.statusCode).toBe(503);
      expect(full.json()).toEqual({
        status: 'unavailable',
        checks: { ...allOk, disk: 'full' },
      });
      await rm(probe);
      expect((await server.request({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers 503 when the disk has too little room left, though a rewrite still succeeds', async () => {
    const server = await createTestServer();
    try {
      expect(await probeDisk(server.context.env.dataDir, Number.MAX_SAFE_INTEGER)).toBe('full');
      expect(await probeDisk(server.context.env.dataDir, 1)).toBe('ok');
    } finally {
      await server.close();
    }
  });

  it('answers 200 degraded, naming the part, when Redis or the file store is down', async () => {
    const server = await createTestServer({
      REDIS_URL: `redis://127.0.0.1:${await getFreePort()}`,
    });
    try {
      const redisDown = await server.request({ url: '/api/health' });
      expect(redisDown.statusCode).toBe(200);
      expect(redisDown.json()).toEqual({
        status: 'degraded',
        checks: { ...allOk, redis: 'down' },
      });
      const { storage } = server.context;
      const exists = storage.exists;
      storage.exists = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000'));
      try {
        const storeDown = (await server.request({ url: '/api/health' })).json();
        expect(storeDown).toMatchObject({ status: 'degraded', checks: { storage: 'unavailable' } });
      } finally {
        storage.exists = exists;
      }
    } finally {
      await server.close();
    }
  });

  it('needs no session', async () => {
    const server = await createTestServer();
    try {
      const response = await server.request({
        url: '/api/health',
        cookie: 'casebridge.session_token=forged',
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('API documentation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves an OpenAPI 3 document listing the routes with their methods', async () => {
    const response = await server.request({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('CaseBridge API');
    expect(Object.keys(document.paths['/api/health'])).toEqual(['get']);
    expect(document.paths['/api/auth/login'].post).toBeDefined();
    expect(document.paths['/api/auth/session'].get).toBeDefined();
    expect(document.paths['/api/access-requests'].post.requestBody).toBeDefined();
    expect(document.paths['/api/events'].get).toBeDefined();
  });

  it('describes request bodies from the domain schemas', async () => {
    const document = (await server.request({ url: '/api/openapi.json' })).json();
    const schema =
      document.paths['/api/access-requests'].post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(
      expect.arrayContaining(['name', 'email', 'organization', 'phone', 'role']),
    );
    expect(schema.properties.role.enum).toEqual([
      'clinic',
      'attorney',
      'lienholder',
      'admin',
      'other',
    ]);
  });

  it('serves Swagger UI at /api/docs', async () => {
    const entry = await server.request({ url: '/api/docs' });
    const page =
      entry.statusCode === 302
        ? await server.request({ url: new URL(entry.headers.location!, 'http://x').pathname })
        : entry;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    const initializer = await server.request({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    const spec = await server.request({ url: '/api/docs/json' });
    expect(spec.json().paths['/api/health']).toBeDefined();
  });
});
