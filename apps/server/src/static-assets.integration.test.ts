import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './test/test-server.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSET = '/assets/index-Bx7f3k2q.js';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const INDEX = `<!doctype html><html><body><div id="root"></div><script type="module" src="${ASSET}"></script></body></html>`;
const LOGIN = `<!doctype html><html><body><div id="root" data-prerendered><h1>Sign in</h1></div></body></html>`;
const SESSION_COOKIE = 'casebridge.session_token=anything.signature';

/**
 * A stand-in for the web build's server-render module (apps/web/src/app/server-render.tsx, built
 * to <dist>-server/server-render.js): what the server asks of it, visibly.
 */
const RENDERER = `
export async function renderPage(url, session) {
  if (url.includes('fail')) throw new Error('a component touched window');
  return '<h1>' + session.user.role + ' at ' + url + '</h1>';
}
export function fillDocument(template, { root, session }) {
  return template.replace('<div id="root"></div>',
    '<div id="root"' + (root === null ? '' : ' data-prerendered') + '>' + (root ?? '') + '</div>' +
    '<script type="application/json" id="session">' + JSON.stringify(session) + '</script>');
}
`;

/**
 * A web build as `vite build` writes it (scripts/precompress.mjs adds the .br and .gz copies):
 * the server serves whatever WEB_DIST_DIR holds.
 */
async function writeDist(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'casebridge-dist-'));
  await mkdir(path.join(dist, 'assets'));
  const files: [string, string | Buffer][] = [
    ['index.html', INDEX],
    ['index.html.br', brotliCompressSync(INDEX)],
    [ASSET, SCRIPT],
    [`${ASSET}.br`, brotliCompressSync(SCRIPT)],
    [`${ASSET}.gz`, gzipSync(SCRIPT)],
    ['prerendered/login.html', LOGIN],
  ];
  await mkdir(path.join(dist, 'prerendered'));
  for (const [file, content] of files) await writeFile(path.join(dist, file), content);
  await mkdir(`${dist}-server`);
  await writeFile(path.join(`${dist}-server`, 'server-render.js'), RENDERER);
  return dist;
}

describe('the web build: caching and precompressed copies', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await writeDist();
    server = await createTestServer({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dist, { recursive: true, force: true });
    await rm(`${dist}-server`, { recursive: true, force: true });
  });

  it('serves a hashed asset as immutable for a year, uncompressed when none is accepted', async () => {
    const response = await server.request({ url: ASSET });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it("sends the .br copy to a client that accepts brotli, as the script's own type", async () => {
    const response = await server.request({
      url: ASSET,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the .gz copy to a client that accepts gzip only', async () => {
    const response = await server.request({ url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves the page itself, and every app path, as no-cache (compressed when accepted)', async () => {
    for (const url of ['/index.html', '/dashboard/clinic']) {
      const response = await server.request({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
    }
  });

  it('sends a page the build wrote as HTML for its address, to a visitor without a session', async () => {
    for (const url of ['/login', '/login?next=%2Fdirectory']) {
      const response = await server.request({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['vary']).toMatch(/cookie/i);
      expect(response.body).toBe(LOGIN);
    }
  });

  it('sends the empty page to a request with a session cookie, and for every other path', async () => {
    const signedIn = await server.request({
      url: '/login',
      headers: { cookie: SESSION_COOKIE },
    });
    expect(signedIn.body).toBe(INDEX);
    expect(signedIn.headers['vary']).toMatch(/cookie/i);
    for (const url of ['/signup', '/login/extra', '/prerendered'])
      expect((await server.request({ url })).body).toBe(INDEX);
  });

  describe('signed in', () => {
    let cookie = '';
    beforeAll(async () => {
      cookie = await server.login('clinic@demo.test');
    });

    /** The page's session data, as the browser app reads it (apps/web/src/app/document.ts). */
    const sessionIn = (html: string) =>
      JSON.parse(/<script type="application\/json" id="session">(.*?)<\/script>/.exec(html)![1]!);

    it("renders the user's own dashboard with their session in it, private and compressed", async () => {
      const response = await server.request({
        url: '/dashboard/clinic?status=active',
        cookie,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers['vary']).toMatch(/cookie/i);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['content-encoding']).toBe('br');
      const html = brotliDecompressSync(response.rawPayload).toString();
      expect(html).toContain(
        '<div id="root" data-prerendered><h1>clinic at /dashboard/clinic?status=active</h1></div>',
      );
      expect(sessionIn(html).user.email).toBe('clinic@demo.test');
    });

    it('puts the session in every other page, and renders none of them', async () => {
      for (const url of ['/directory', '/dashboard/admin', '/login']) {
        const response = await server.request({ url, cookie });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<div id="root"></div>');
        expect(sessionIn(response.body).user.role).toBe('clinic');
      }
    });

    it('sends the page without its first screen when rendering it fails', async () => {
      const response = await server.request({ url: '/dashboard/clinic?fail=1', cookie });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(sessionIn(response.body).user.role).toBe('clinic');
    });

    it('sends the empty page for a cookie that opens no session: the app asks and says why', async () => {
      const response = await server.request({ url: '/dashboard/clinic', cookie: SESSION_COOKIE });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
    });
  });
});
