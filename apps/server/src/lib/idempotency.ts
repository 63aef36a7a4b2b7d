import { createHash } from 'node:crypto';
import { finished } from 'node:stream/promises';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '#src/db/client.ts';
import { idempotencyKeys } from '#src/db/schema/index.ts';
import { AppError } from './app-error.ts';
import { requestContext } from './request-context.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The answer to a repeat carries this header, so a client can tell a replay from a first run. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
/** Keys are kept at least this long: a day promised to clients, two days cover a weekend retry. */
export const IDEMPOTENCY_RETENTION_HOURS = 48;
/** Printable ASCII, 8–200 characters: a UUID from the browser, or a client's own request id. */
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 8 to 200 printable characters',
  reused: 'This Idempotency-Key was already used for a different request',
  inProgress:
    'A request with this Idempotency-Key is still running or did not finish; check whether it was saved before trying again',
} as const;

/**
 * A running request refreshes its claim this often; a claim not refreshed for CLAIM_LAPSE_MS
 * belonged to a request that died (its instance killed, its connection to the database lost),
 * and a repeat takes it over instead of being refused until the key expires.
 */
const CLAIM_REFRESH_MS = 15_000;
export const CLAIM_LAPSE_MS = 60_000;

type Claim = {
  scope: string;
  key: string;
  refresh: NodeJS.Timeout;
  /** A multipart body's hash, once its handler has read it all; null if it did not. */
  bodyHash: (() => Promise<string | null>) | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Claim | null;
  }
}

const claimOf = (claim: Pick<Claim, 'scope' | 'key'>) =>
  and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));

/** Who the key belongs to: the signed-in user, or the client address on public routes. */
function scopeOf(request: FastifyRequest): string {
  return request.actor ? `user:${request.actor.userId}` : `ip:${requestContext(request).ip}`;
}

const isMultipart = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('multipart/');

/**
 * What the key promises to repeat: method, route, parameters and body. A multipart upload's body
 * is read by its handler, not before it: it is compared by its own hash (MultipartHash), never by
 * its length, which a new boundary may change.
 */
function hashRequest(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.method,
        request.routeOptions.url,
        request.params,
        isMultipart(request) ? 'multipart' : request.body,
      ]),
    )
    .digest('hex');
}

/**
 * The SHA-256 of a multipart body with its boundary left out: a browser that sends the same form
 * again picks a new boundary, and that resend is the same request. Each occurrence of the
 * boundary is hashed as a fixed marker; the last bytes of a chunk wait for the next one, so an
 * occurrence split across two chunks is still found.
 */
class MultipartHash {
  private readonly hash = createHash('sha256');
  private readonly boundary: Buffer;
  private pending = Buffer.alloc(0);

  constructor(boundary: Buffer) {
    this.boundary = boundary;
  }

  static of(request: FastifyRequest): MultipartHash {
    const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(String(request.headers['content-type']));
    return new MultipartHash(Buffer.from(match?.[1] ?? match?.[2] ?? '\r\n'));
  }

  update(chunk: Buffer): void {
    let data = Buffer.concat([this.pending, chunk]);
    for (let at = data.indexOf(this.boundary); at !== -1; at = data.indexOf(this.boundary)) {
      this.hash.update(data.subarray(0, at)).update('\0boundary\0');
      data = data.subarray(at + this.boundary.length);
    }
    const kept = Math.min(data.length, this.boundary.length - 1);
    this.hash.update(data.subarray(0, data.length - kept));
    this.pending = Buffer.from(data.subarray(data.length - kept));
  }

  digest(): string {
    return this.hash.update(this.pending).digest('hex');
  }
}

/**
 * Hashes a multipart body as its handler reads it. The stream is paused first, so the listener
 * does not start the flow before the handler's parser is attached (a pipe resumes it). Resolves
 * to null when the handler answered without reading the whole body: that answer did not depend
 * on it.
 */
function hashWhileRead(request: FastifyRequest): () => Promise<string | null> {
  const { raw } = request;
  const hash = MultipartHash.of(request);
  raw.pause();
  raw.on('data', (chunk: Buffer) => hash.update(chunk));
  return async () => {
    if (!raw.readableEnded && raw.readableFlowing === true)
      await finished(raw, { writable: false }).catch(() => undefined);
    return raw.readableEnded ? hash.digest() : null;
  };
}

async function hashOfBody(request: FastifyRequest): Promise<string> {
  const hash = MultipartHash.of(request);
  for await (const chunk of request.raw) hash.update(chunk as Buffer);
  return hash.digest();
}

const reused = () => new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);

/** Sign-in and sign-out set cookies, which are never stored: they are not replayable. */
const isReplayableRoute = (request: FastifyRequest) =>
  request.method === 'POST' &&
  request.url.startsWith('/api/') &&
  !request.url.startsWith('/api/auth/');

/**
 * `Idempotency-Key` on creates: the first request with a key claims it (an insert that only one
 * request can win), runs, and its answer is stored; a repeat with the same key and scope gets that
 * answer back and changes nothing, and a repeat with another request (for an upload, another file
 * of the same size) is refused with 422. A repeat while the first still runs is refused with 409 rather
 * than risk a second record; a first request that died before answering stops refreshing its
 * claim, and once that has lapsed (CLAIM_LAPSE_MS) a repeat takes the key over and runs. A 5xx
 * answer releases the key so the client can try again. Claims live in the database, so every
 * instance honours them.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotency', null);

  // After authentication and validation: the scope needs the actor, the hash the parsed body.
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined || !isReplayableRoute(request)) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key))
      throw new AppError('VALIDATION_FAILED', IDEMPOTENCY_MESSAGES.invalidKey);
    const scope = scopeOf(request);
    const requestHash = hashRequest(request);
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    const hold = () => {
      const claim = { scope, key };
      const refresh = setInterval(() => {
        db.update(idempotencyKeys)
          .set({ createdAt: sql`now()` })
          .where(and(claimOf(claim), isNull(idempotencyKeys.statusCode)))
          .catch(() => undefined);
      }, CLAIM_REFRESH_MS);
      refresh.unref();
      const bodyHash = isMultipart(request) ? hashWhileRead(request) : null;
      request.idempotency = { ...claim, refresh, bodyHash };
    };
    if (claimed) return hold();
    // The first request died without answering: its claim lapsed, and this repeat runs instead.
    const [takenOver] = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          claimOf({ scope, key }),
          eq(idempotencyKeys.requestHash, requestHash),
          isNull(idempotencyKeys.statusCode),
          lt(idempotencyKeys.createdAt, sql`now() - ${`${CLAIM_LAPSE_MS} milliseconds`}::interval`),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (takenOver) return hold();
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!first) throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.inProgress);
    if (first.requestHash !== requestHash) throw reused();
    if (first.statusCode === null) throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.inProgress);
    if (first.bodyHash !== null && (await hashOfBody(request)) !== first.bodyHash) throw reused();
    return reply
      .code(first.statusCode)
      .header(IDEMPOTENT_REPLAY_HEADER, 'true')
      .type('application/json; charset=utf-8')
      .send(first.responseBody ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    clearInterval(claim.refresh);
    const where = claimOf(claim);
    if (reply.statusCode >= 500 || (typeof payload !== 'string' && payload !== null)) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const bodyHash = claim.bodyHash ? await claim.bodyHash() : null;
    await db
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, responseBody: payload ?? '', bodyHash })
      .where(where);
    return payload;
  });

  // A request that ends without a reply sent through onSend (its connection gone) stops
  // refreshing too: its claim lapses, and a repeat may run.
  app.addHook('onResponse', async (request) => {
    if (request.idempotency) clearInterval(request.idempotency.refresh);
  });
}

/** Deletes keys past the retention period. */
export async function pruneIdempotencyKeys(db: Db): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      lt(
        idempotencyKeys.createdAt,
        sql`now() - ${`${IDEMPOTENCY_RETENTION_HOURS} hours`}::interval`,
      ),
    );
}
