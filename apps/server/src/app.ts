import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { actorMayUse } from '@casebridge/domain/capabilities';
import { MESSAGES } from '@casebridge/domain/errors';
import type { AppContext } from './app-context.ts';
import { readBearerSecret, resolveTokenActor } from './auth/api-token.ts';
import { resolveActor } from './auth/session.ts';
import { writeMayChangeSessions } from './auth/session-cache.ts';
import { AppError } from './lib/app-error.ts';
import { isVendorPublicRoute, UndeclaredRouteAccessError } from './lib/route-access.ts';
import { toWebHeaders } from './lib/web-headers.ts';
import { runWithQueryPriority } from './db/query-priority.ts';
import { registerApiRoutes } from './routes.ts';
import { getSettings } from './modules/settings/settings.queries.ts';
import { registerIdempotency } from './lib/idempotency.ts';
import { findMalformedText } from './lib/control-characters.ts';
import { createErrorHandler, toFieldName } from './lib/error-handler.ts';
import { toLoggableError } from './lib/loggable-error.ts';
import { openApiOptions } from './lib/openapi.ts';
import { registerOpenApiRules } from './lib/openapi-operations.ts';
import { isSameOriginWrite } from './lib/same-origin.ts';
import { refuseUnknownQueryParameters } from './lib/strict-query.ts';
import { createRateLimitBackend } from './lib/rate-limit-backend.ts';
import { auditTokenUse } from './modules/api-tokens/token-use-audit.ts';
import { requestContext } from './lib/request-context.ts';
import { registerWebPages } from './web-pages.ts';

/**
 * What the compression plugin may encode beside the types mime-db marks compressible: JSON and
 * text answers, except the event stream. Unlike the plugin's default, no application/octet-stream.
 */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)/;

const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type BuildAppOptions = {
  context: AppContext;
  logger?: boolean;
  /** Where log lines go (stdout by default); tests read them to prove nothing sensitive leaks. */
  loggerStream?: LogStream;
};

export type LogStream = { write(line: string): void };

export async function buildApp({
  context,
  logger = true,
  loggerStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = context;
  const isLocal = env.appUrl.startsWith('http://');
  const app = Fastify({
    logger: logger
      ? {
          level: env.logLevel,
          ...(loggerStream ? { stream: loggerStream } : {}),
          // Log the path only: query strings may carry patient names (searches).
          serializers: {
            req: (request) => ({
              id: request.id,
              method: request.method,
              path: request.url.split('?')[0],
            }),
            res: (reply) => ({ statusCode: reply.statusCode }),
            err: toLoggableError,
          },
          redact: ['req.headers.cookie', 'req.headers.authorization', 'body.password'],
        }
      : false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy:
      typeof env.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (env.trustProxy as number)
        : env.trustProxy,
    bodyLimit: 1024 * 1024,
    // A client that sends its headers and then trickles (or stalls) the body would otherwise hold
    // a socket forever. These cover receiving the request only: a response still being written,
    // such as a live event stream, is not cut off.
    requestTimeout: env.requestTimeoutMs,
    // Longer than the 60 s idle timeout of common load balancers, so that they, not we, close
    // an idle connection and never send a request onto one we are closing.
    keepAliveTimeout: 72_000,
    http: {
      requestTimeout: env.requestTimeoutMs,
      headersTimeout: env.headersTimeoutMs,
      // Node checks both timeouts only this often (30 s by default): keep it in proportion.
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.max(100, Math.floor(env.headersTimeoutMs / 4)),
      ),
    },
  });

  // A request already in flight when closing starts is answered, but its keep-alive connection
  // would then sit idle and hold app.close() open until keepAliveTimeout: end it with the answer.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });

  app.decorate('ctx', context);
  app.decorateRequest('actor', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every API route must say who may call it; an undeclared route fails at start-up.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (isVendorPublicRoute(route.url)) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    if (!route.config?.access)
      throw new UndeclaredRouteAccessError(String(route.method), route.url);
    // A query parameter the route does not declare is refused, not ignored (lib/strict-query.ts).
    refuseUnknownQueryParameters(route);
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // On PGlite a write request's statements go ahead of waiting reads (db/query-priority.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) done();
    else runWithQueryPriority(done);
  });

  // Helmet's security headers on every answer, from one middleware built here: @fastify/helmet
  // built a new one for each request, parsing the CSP again (3 % of a list request's CPU).
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: isLocal ? false : { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (error) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  await app.register(cookie);
  // API answers of 1 KB or more go out brotli- or gzip-encoded when the client accepts it (README,
  // 'Bundle budget'). Not the live-event stream: that route takes over the socket (hijack), so no
  // hook can buffer an event, and text/event-stream is not compressible for the plugin either.
  // Not the web build's files: @fastify/static sends their precompressed copies with their own
  // Content-Encoding, which the plugin leaves alone. Binary files (octet-stream, PDFs, images)
  // are sent as stored: mime-db marks them incompressible. Request bodies are not decompressed.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE_TYPES,
    globalDecompression: false,
  });
  // A first line against floods of the public write endpoints, counted in Redis or the database
  // so that every instance shares it; account throttling of sign-in lives in the database too.
  const rateLimits = createRateLimitBackend(context, {
    info: (message) => app.log.info(message),
    warn: (message) => app.log.warn(message),
  });
  app.addHook('onClose', rateLimits.close);
  await app.register(rateLimit, { global: false, ...rateLimits.options });

  // The API contract: metadata, shared answers and examples live in lib/openapi.ts; each route's
  // operationId, security and roles are set as it registers (lib/openapi-operations.ts).
  registerOpenApiRules(app);
  await app.register(swagger, openApiOptions(app, env));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Cross-site writes are refused: a state-changing request must come from this origin. Browsers
  // send Origin (or at least Sec-Fetch-Site) on every such request; non-browser API clients send
  // neither and carry no ambient cookies, so they pass. SameSite=Lax cookies are the first line.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOriginWrite(request.headers))
      throw new AppError('FORBIDDEN', 'Cross-origin request refused');
  });

  // Text no field may hold — control characters (NUL breaks PostgreSQL) and lone surrogates
  // (PostgreSQL cannot store them) — is refused before any handler sees it, in the body, the
  // query or a path parameter (an id), with the field it is in.
  app.addHook('preValidation', async (request) => {
    const { body, query, params } = request;
    for (const [location, value] of [
      ['body', body],
      ['query', query],
      ['params', params],
    ] as const) {
      const found = findMalformedText(value);
      if (found) {
        throw new AppError('VALIDATION_FAILED', found.message, {
          field: toFieldName(found.path, location),
          location,
        });
      }
    }
  });

  // A create repeated with the same Idempotency-Key answers as the first and creates nothing.
  registerIdempotency(app, context.db);

  // Every answer's latency, by its route's pattern (never the URL, which carries ids): the
  // metrics' request rate and latency (metrics/metrics.ts).
  app.addHook('onResponse', async (request, reply) => {
    context.metrics.observeRequest(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  // Patient data must not linger in browser or proxy caches.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  // Authentication, the second factor and capability run before the body is parsed or validated.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    // A request that sends Authorization is judged by its API token alone (auth/api-token.ts):
    // a malformed, unknown, revoked or expired one is refused, never helped by a cookie.
    const bearer = readBearerSecret(request.headers.authorization);
    let actor;
    if (bearer.kind === 'bearer') {
      actor = bearer.secret
        ? await resolveTokenActor(context.db, bearer.secret, requestContext(request).ip)
        : null;
    } else {
      const settings = await context.sessionCache.getSettings(() => getSettings(context.db));
      actor = await resolveActor(
        context.db,
        context.auth,
        toWebHeaders(request),
        settings.sessionTimeoutMinutes,
        {
          secondFactorStep: request.routeOptions.config?.secondFactorStep,
          cache: context.sessionCache,
        },
      );
    }
    if (!actor) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    // Known from here on, so a token's refused call is audited too (below).
    request.actor = actor;
    if (!actorMayUse(actor, access)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  });

  // Every request an API token authenticated writes its audit row naming the token, whatever
  // the answer: onSend runs for the error handler's answers as for the handler's.
  app.addHook('onSend', async (request, reply, payload) =>
    auditTokenUse(context.db, request, reply, payload),
  );

  // A change made here is known here before its NOTIFY comes back (auth/session-cache.ts): the
  // next request of the same client, on this instance, must not meet a check from before it.
  app.addHook('onSend', async (request) => {
    if (
      !SAFE_METHODS.has(request.method) &&
      writeMayChangeSessions(request.routeOptions.config?.access)
    )
      context.sessionCache.invalidate('*');
  });

  // Every error answer, its code, the field at fault and Retry-After: lib/error-handler.ts.
  app.setErrorHandler(createErrorHandler(context.db));

  await app.register(registerApiRoutes, { prefix: '/api' });

  const webDist = env.webDistDir ? path.resolve(env.webDistDir) : DEFAULT_WEB_DIST;
  const sendPage = existsSync(path.join(webDist, 'index.html'))
    ? await registerWebPages(app, webDist)
    : null;

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api') || !sendPage || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: MESSAGES.notFound } });
    }
    // History fallback: every other page is the SPA.
    return sendPage(request, reply);
  });

  return app;
}
