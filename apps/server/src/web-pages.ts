/**
 * The web app's files and pages: the built assets (precompressed copies, immutable when hashed)
 * and, for every other GET outside /api, a page of the single-page app. A page the build wrote as
 * HTML (apps/web/src/app/prerender.tsx, in dist/prerendered/) is sent for its address to a
 * visitor without a session cookie, so its first screen shows before the app's code arrives;
 * with a cookie the app decides (it may leave the page at once), so it gets the empty index.html.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasSessionCookie } from './auth/auth.ts';
import { toWebHeaders } from './lib/web-headers.ts';

const PRERENDERED_DIR = 'prerendered';

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

/** Registers the web app's files; returns the page sender for the not-found handler. */
export async function registerWebPages(
  app: FastifyInstance,
  webDist: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => FastifyReply> {
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
  return (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const page = prerendered.get(pathname);
    const file = page && !hasSessionCookie(toWebHeaders(request)) ? page : 'index.html';
    // Which file answers depends on the cookie: a shared cache must not give one for the other.
    return reply.header('cache-control', 'no-cache').header('vary', 'Cookie').sendFile(file);
  };
}
