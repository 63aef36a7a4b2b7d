/**
 * The web app's files and pages: the built assets (precompressed copies, immutable when hashed)
 * and, for every other GET outside /api, a page of the single-page app.
 *
 * - Without a session cookie: a page the build wrote as HTML (dist/prerendered/, the sign-in
 *   form) for its address, else the empty index.html. Static, precompressed.
 * - With one that opens a session: index.html with that session in it (no request from the app
 *   to ask), and on the user's own dashboard its first screen rendered by the web app's
 *   server-render module (`<dist>-server/server-render.js`; apps/web/src/app/server-render.tsx),
 *   so the heading and layout show before the app's code has arrived. Parts loaded on demand
 *   (the header's menus, the admin console's tabs) are rendered as their fallbacks, as the
 *   browser's hydrating render shows them (ADR 0026).
 * - With a cookie that no longer opens one: the empty index.html; the app asks and says why.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSessionResponse } from '@casebridge/domain/auth/auth.schemas';
import { getDashboardPath } from '@casebridge/domain/roles';
import { hasSessionCookie } from './auth/auth.ts';
import { AppError } from './lib/app-error.ts';
import { toWebHeaders } from './lib/web-headers.ts';
import { readSession } from './modules/auth/auth.service.ts';

const PRERENDERED_DIR = 'prerendered';

/** What the server uses of apps/web/src/app/server-render.tsx, as built for Node. */
type WebRenderer = {
  renderPage(url: string, session: TSessionResponse): Promise<string>;
  fillDocument(
    template: string,
    parts: { root: string | null; session: TSessionResponse | null },
  ): string;
};

/** '/login' → 'prerendered/login.html', for each page the build wrote. */
function readPrerenderedPages(webDist: string): Map<string, string> {
  const dir = path.join(webDist, PRERENDERED_DIR);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [`/${file.slice(0, -'.html'.length)}`, `${PRERENDERED_DIR}/${file}`]),
  );
}

async function loadRenderer(webDist: string): Promise<WebRenderer | null> {
  const file = path.join(`${webDist}-server`, 'server-render.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as WebRenderer;
}

/** The encodings a request accepts, by Accept-Encoding (a q of 0 refuses one). */
function acceptedEncodings(request: FastifyRequest): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(request.headers['accept-encoding'] ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}

/**
 * A page made for this request, brotli or gzip when accepted. The not-found handler that sends it
 * is no route, so @fastify/compress (which hooks each route) does not see it.
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('vary', 'Cookie, Accept-Encoding');
  const accepted = acceptedEncodings(request);
  if (accepted.has('br'))
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, BROTLI_OPTIONS));
  if (accepted.has('gzip')) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/** Quality 4, as @fastify/compress: most of the gain of 11 for a fraction of its time. */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** Registers the web app's files; returns the page sender for the not-found handler. */
export async function registerWebPages(
  app: FastifyInstance,
  webDist: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies beside each file (scripts/precompress.mjs): a client
    // that accepts one gets it as it is, with Content-Encoding and Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  const prerendered = readPrerenderedPages(webDist);
  const renderer = await loadRenderer(webDist);
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');

  return async (request, reply) => {
    // Which page answers depends on the cookie: a shared cache must not give one for the other.
    reply.header('cache-control', 'no-cache').header('vary', 'Cookie');
    const headers = toWebHeaders(request);
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (!hasSessionCookie(headers))
      return reply.sendFile(prerendered.get(pathname) ?? 'index.html');
    if (!renderer) return reply.sendFile('index.html');
    const session = await readSession(app.ctx, headers).catch((error: unknown) => {
      // A session that ended is the app's to explain; anything else is worth a line in the log.
      if (!(error instanceof AppError))
        request.log.warn({ err: error }, 'reading the session for a page failed');
      return null;
    });
    if (!session) return reply.sendFile('index.html');

    let root: string | null = null;
    if (session.secondFactor === 'complete' && pathname === getDashboardPath(session.user.role)) {
      root = await renderer.renderPage(request.url, session).catch((error: unknown) => {
        request.log.warn({ err: error }, 'rendering the dashboard failed; sending the empty page');
        return null;
      });
    }
    reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8');
    return sendCompressed(request, reply, renderer.fillDocument(template, { root, session }));
  };
}
