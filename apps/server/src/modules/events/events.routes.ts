import type { FastifyInstance } from 'fastify';
import { ZErrorBody } from '@casebridge/domain/errors';
import { z } from 'zod';
import type { EventClient, EventHub, EventRow, StreamEndReason } from '#src/events/event-hub.ts';
import { createWriteCoalescer } from '#src/events/write-coalescer.ts';
import { RateLimitedError } from '#src/lib/app-error.ts';
import { eventStreamResponse } from '#src/lib/openapi.ts';
import { requireActor } from '#src/lib/require-actor.ts';

const TOO_MANY_STREAMS_MESSAGE =
  'Too many open live-update streams. Close some CaseBridge tabs and reload this one.';
/**
 * A client that reads slower than events arrive is cut off past this much unsent data rather
 * than buffered without limit; it reconnects with Last-Event-ID and replays what it missed.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const STREAM_HEADERS_KEPT = new Set(['x-content-type-options']);
/**
 * A refused stream's Retry-After: a slot frees as soon as one of the user's streams closes, and
 * one held by a crashed instance lapses within SLOT_TTL_MS (lib/stream-slots.ts).
 */
export const STREAM_RETRY_AFTER_SECONDS = 30;
/** The `retry:` hint each stream starts with: how long EventSource waits before reconnecting. */
export const RECONNECT_AFTER_MS = 2_000;
/** The largest id a Last-Event-ID may carry: events.id is a bigserial read as a JS number. */
const LAST_EVENT_ID = /^\d{1,15}$/;

/** One frame per event, shared by every stream it goes to; the origin's user gets their own. */
const frames = new WeakMap<EventRow, string>();
const originFrames = new WeakMap<EventRow, string>();
function formatEvent(event: EventRow, userId: string): string {
  // The write's origin goes only to the user who made it (lib/request-context.ts).
  const withOrigin = event.origin !== null && event.originUserId === userId;
  const cache = withOrigin ? originFrames : frames;
  let frame = cache.get(event);
  if (frame === undefined) {
    const data = JSON.stringify({
      id: event.id,
      topic: event.topic,
      patientId: event.patientId,
      payload: event.payload,
      ...(withOrigin ? { origin: event.origin } : {}),
    });
    frame = `id: ${event.id}\nevent: change\ndata: ${data}\n\n`;
    cache.set(event, frame);
  }
  return frame;
}

/** Adds the stream to the hub, which frees its slot when it is removed; or frees it now. */
function addOrFreeSlot(hub: EventHub, client: EventClient & { slotId: string }): () => void {
  try {
    return hub.add(client);
  } catch (error) {
    hub.releaseStream(client.slotId);
    throw error;
  }
}

/**
 * The Last-Event-ID a reconnect sends (header, or `lastEventId` for clients that cannot set
 * headers): absent, a valid id, or 'invalid' (the client has state we cannot place: resync).
 */
function parseLastEventId(value: unknown): number | 'invalid' | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !LAST_EVENT_ID.test(value)) return 'invalid';
  return Number(value);
}

/**
 * GET /api/events: the live stream. A reconnect sends Last-Event-ID and first receives what it
 * missed; every event passes the same visibility rule (canReceiveEvent) as replay.
 */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const coalescer = createWriteCoalescer();
  app.get(
    '/events',
    {
      config: { access: 'session' },
      schema: {
        tags: ['events'],
        operationId: 'streamEvents',
        summary: 'Stream live changes',
        description: 'Server-sent events stream of changes the user may see',
        // Declared so the unknown-parameter check (lib/strict-query.ts) lets it through; its
        // form is judged by parseLastEventId, like the header's.
        querystring: z.object({ lastEventId: z.string().optional() }),
        // The stream's frames, for the contract (lib/openapi.ts); 429 past the per-user cap; 503
        // once the instance has begun to shut down (EventHub.closeStreams).
        response: { 200: eventStreamResponse, 429: ZErrorBody, 503: ZErrorBody },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { hub } = app.ctx;
      const lastEventId = parseLastEventId(
        request.headers['last-event-id'] ?? (request.query as Record<string, unknown>).lastEventId,
      );
      // Past MAX_STREAMS_PER_USER (across instances) the new stream is refused (429) rather than
      // the oldest closed: EventSource reopens a closed stream by itself, so eleven tabs would
      // evict each other in a loop. The browser retries a refused stream later (event-stream.ts).
      const slotId = await hub.reserveStream(actor.userId);
      if (!slotId) throw new RateLimitedError(TOO_MANY_STREAMS_MESSAGE, STREAM_RETRY_AFTER_SECONDS);
      // The client left while the slot was being taken: no 'close' is coming to free it.
      if (request.raw.destroyed || request.socket.destroyed) {
        hub.releaseStream(slotId);
        return;
      }

      const raw = reply.raw;
      let isOpen = true;
      // Until the replay is written, live events wait here so that the order stays by id.
      let pending: EventRow[] | null = lastEventId === null ? null : [];
      let lastWrittenId = 0;
      // Frames wait in `queued` until the coalescer flushes this stream (write-coalescer.ts).
      let queued = '';
      const stream = {
        flush() {
          const text = queued;
          queued = '';
          if (!isOpen || text === '') return;
          raw.write(text);
          if (raw.writableLength > MAX_BUFFERED_BYTES) end('overflow');
        },
      };
      const write = (event: EventRow) => {
        if (event.id <= lastWrittenId) return;
        lastWrittenId = event.id;
        queued += formatEvent(event, actor.userId);
        coalescer.schedule(stream);
      };
      const end = (reason: StreamEndReason) => {
        if (!isOpen) return;
        isOpen = false;
        remove();
        // Only an ended session stops the browser from reconnecting.
        const last = reason === 'session-ended' ? 'event: session-ended\ndata: {}\n\n' : '';
        coalescer.cancel(stream);
        raw.end(queued + last);
        queued = '';
      };
      // Registered before a byte is sent, so a failure here is an ordinary error answer. From
      // here on the hub holds the slot: removing the stream, however it ends, frees it.
      const remove = addOrFreeSlot(hub, {
        actor,
        slotId,
        send: (event) => {
          if (!isOpen) return;
          if (pending) pending.push(event);
          else write(event);
        },
        ping: () => {
          if (isOpen) raw.write(': ping\n\n');
        },
        end,
      });
      request.raw.on('close', () => {
        isOpen = false;
        coalescer.cancel(stream);
        remove();
      });

      reply.hijack();
      try {
        // The page-security headers (CSP, frame and referrer policies …) mean nothing to an
        // event stream that is never rendered, yet each open stream would hold them for its
        // lifetime: about 3 KB per stream. nosniff stays.
        for (const name of raw.getHeaderNames())
          if (!STREAM_HEADERS_KEPT.has(name)) raw.removeHeader(name);
        // The body runs until the connection closes, not in chunks: chunked encoding makes each
        // write (corked to the next tick either way) a writev of size, CRLF, frame and CRLF
        // instead of one plain write, about 70 % more CPU here, and at 1,000 streams every event
        // is 1,000 writes. A stream never reuses its connection anyway; removing the header is
        // how Node is told not to chunk (ADR 0028).
        raw.removeHeader('transfer-encoding');
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'close',
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
        });
        raw.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);

        if (lastEventId === null) {
          raw.write(': connected\n\n');
          return;
        }
        // An id we cannot place is answered as one from the future: a resync.
        const afterId = lastEventId === 'invalid' ? Number.MAX_SAFE_INTEGER : lastEventId;
        const replay = await hub.replayMissed(actor, afterId).catch(() => null);
        if (!isOpen) return;
        if (!replay) {
          // The database is away: end the stream; the browser retries and replays then.
          end('shutdown');
          return;
        }
        // Too much was missed to replay: the client refetches everything (event-hub.ts).
        if (replay.resyncId !== null) {
          raw.write(`id: ${replay.resyncId}\nevent: resync\ndata: {}\n\n`);
          lastWrittenId = replay.resyncId;
        }
        for (const event of replay.events) write(event);
        const waiting = pending ?? [];
        pending = null;
        for (const event of waiting) write(event);
      } catch (error) {
        // The answer has begun, so no error answer can follow: end the stream (the browser
        // reconnects) rather than leave it open with nothing coming.
        request.log.error({ err: error }, 'live stream failed while opening');
        end('shutdown');
      }
    },
  );
}
