import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOGIN_LIMITS } from '@casebridge/domain/constants';
import { loginFailures, messages, patients } from './db/schema/index.ts';
import { PUBLIC_RATE_LIMITS } from './lib/rate-limits.ts';
import { createTestServer, type TestServer } from './test/test-server.ts';

/** Failures one account may have from one address before its next try must wait. */
const FREE_FAILURES = LOGIN_LIMITS.perAccountAndAddress.freeFailures;

describe('hardening', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives a burst of parallel guesses no more password checks than the limit', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 25 }, () =>
        server.request({
          method: 'POST',
          url: '/api/auth/login',
          body: { email: 'clinic2@demo.test', password: 'wrong-password' },
        }),
      ),
    );
    const codes = attempts.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(FREE_FAILURES);
    expect(codes.filter((code) => code === 429)).toHaveLength(25 - FREE_FAILURES);
    const rows = await server.context.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.email, 'clinic2@demo.test'));
    expect(rows).toHaveLength(FREE_FAILURES);
  });

  it('clears the recorded attempts after a successful sign-in', async () => {
    await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'attorney@demo.test', password: 'wrong-password' },
    });
    await server.login('attorney@demo.test');
    const rows = await server.context.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.email, 'attorney@demo.test'));
    expect(rows).toHaveLength(0);
  });

  it('refuses text with a NUL byte with 400 and stores nothing', async () => {
    const cookie = await server.login('clinic@demo.test');
    const [maria] = await server.context.db
      .select()
      .from(patients)
      .where(eq(patients.fullName, 'Maria Delgado'));
    const before = await server.context.db
      .select()
      .from(messages)
      .where(eq(messages.patientId, maria!.id));
    const response = await server.request({
      method: 'POST',
      url: `/api/patients/${maria!.id}/messages`,
      cookie,
      body: { body: 'lumbar\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Text must not contain control characters');
    expect(
      await server.context.db.select().from(messages).where(eq(messages.patientId, maria!.id)),
    ).toHaveLength(before.length);
    const search = await server.request({ url: '/api/patients?search=a%00b', cookie });
    expect(search.statusCode).toBe(400);
  });

  it('refuses an id with a control character as a bad request, never a lookup', async () => {
    const admin = await server.login('admin@demo.test');
    for (const [method, url] of [
      ['GET', '/api/users/abc%00def'],
      ['PATCH', '/api/users/%00'],
      ['GET', '/api/patients/%00'],
      ['GET', '/api/organizations/%07x'],
      ['GET', '/api/documents/%00/download'],
    ] as const) {
      const response = await server.request({ method, url, cookie: admin, body: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Text must not contain control characters');
    }
  });

  it('answers a multipart upload with a wrong boundary or a truncated body with 400', async () => {
    const cookie = await server.login('clinic@demo.test');
    const [maria] = await server.context.db
      .select()
      .from(patients)
      .where(eq(patients.fullName, 'Maria Delgado'));
    const part = (boundary: string, name: string, value: string, fileName?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
      `${fileName ? `; filename="${fileName}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n${value}`;
    const bodies: Array<[string, string]> = [
      // The body does not use the boundary the header announces.
      ['multipart/form-data; boundary=zzz', `${part('yyy', 'category', 'MRI')}\r\n--yyy--\r\n`],
      // The client stopped sending in the middle of the file.
      [
        'multipart/form-data; boundary=zzz',
        `${part('zzz', 'category', 'MRI')}\r\n${part('zzz', 'file', '%PDF-1.4 half a', 'a.pdf')}`,
      ],
      // No boundary at all.
      ['multipart/form-data', 'x'],
      // Cut inside the file part's headers, right after its boundary, and in a field's value.
      [
        'multipart/form-data; boundary=zzz',
        `${part('zzz', 'category', 'MRI')}\r\n--zzz\r\nContent-Disposition: form-data; name="file"; filena`,
      ],
      ['multipart/form-data; boundary=zzz', `${part('zzz', 'category', 'MRI')}\r\n--zzz\r\n`],
      [
        'multipart/form-data; boundary=zzz',
        `--zzz\r\nContent-Disposition: form-data; name="category"\r\n\r\nMR`,
      ],
      // The file's part complete, the closing boundary cut short.
      [
        'multipart/form-data; boundary=zzz',
        `${part('zzz', 'category', 'MRI')}\r\n${part('zzz', 'file', '%PDF-1.4 whole', 'a.pdf')}\r\n--zz`,
      ],
    ];
    for (const [contentType, payload] of bodies) {
      const response = await server.request({
        method: 'POST',
        url: `/api/patients/${maria!.id}/documents`,
        cookie,
        headers: { 'content-type': contentType },
        body: payload,
      });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers API calls with Cache-Control: no-store', async () => {
    const cookie = await server.login('admin@demo.test');
    const response = await server.request({ url: '/api/patients', cookie });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses writes with an opaque or malformed Origin', async () => {
    for (const origin of ['null', 'garbage']) {
      const response = await server.request({
        method: 'POST',
        url: '/api/access-requests',
        headers: { origin, host: 'localhost:3000' },
        body: { name: 'A', email: 'a@b.co', organization: 'X', phone: '1', role: 'other' },
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('limits anonymous access requests per IP', async () => {
    const body = {
      name: 'Spam',
      email: 'spam@example.com',
      organization: 'Spam Co',
      phone: '1',
      role: 'other',
    };
    const codes: number[] = [];
    for (let index = 0; index <= PUBLIC_RATE_LIMITS.accessRequest.max; index += 1) {
      codes.push(
        (await server.request({ method: 'POST', url: '/api/access-requests', body })).statusCode,
      );
    }
    expect(codes.slice(0, PUBLIC_RATE_LIMITS.accessRequest.max).every((code) => code === 201)).toBe(
      true,
    );
    expect(codes.at(-1)).toBe(429);
  });
});

describe('forwarded addresses', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says which proxies to trust', async () => {
    const untrusted = await createTestServer({
      NODE_ENV: 'production',
      APP_URL: 'https://casebridge.example',
    });
    const trusted = await createTestServer({
      NODE_ENV: 'production',
      APP_URL: 'https://casebridge.example',
      TRUST_PROXY: '1',
    });
    try {
      const headers = { 'x-forwarded-for': '203.0.113.77' };
      const body = { email: 'nobody@demo.test', password: 'wrong-password' };
      await untrusted.request({ method: 'POST', url: '/api/auth/login', headers, body });
      await trusted.request({ method: 'POST', url: '/api/auth/login', headers, body });
      const [untrustedRow] = await untrusted.context.db.select().from(loginFailures);
      const [trustedRow] = await trusted.context.db.select().from(loginFailures);
      expect(untrustedRow?.ip).toBe('127.0.0.1');
      expect(trustedRow?.ip).toBe('203.0.113.77');
    } finally {
      await untrusted.close();
      await trusted.close();
    }
  });
});
