import type { FastifyInstance } from 'fastify';
import { isSessionStillValid } from '../../auth/session.ts';
import type { EventRow } from '../../events/event-hub.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireActor } from '../../lib/require-actor.ts';
import { getSettings } from '../settings/settings.queries.ts';

const TOO_MANY_STREAMS_MESSAGE =
  'Too many open live-update streams. Close some CaseBridge tabs and reload this one.';

function formatEvent(event: EventRow): string {
  const data = JSON.stringify({
    id: event.id,
    topic: event.topic,
    patientId: event.patientId,
    payload: event.payload,
  });
  return `id: ${event.id}\nevent: change\ndata: ${data}\n\n`;
}

/**
 * GET /api/events: the live stream. A reconnect sends Last-Event-ID and first receives what it
 * missed; every event passes the same visibility rules as the API before it is written.
 */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/events',
    {
      config: { access: 'session' },
      schema: {
        tags: ['events'],
        summary: 'Server-sent events stream of changes the user may see',
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // Past MAX_STREAMS_PER_USER the new stream is refused (429) rather than the oldest closed:
      // EventSource reopens a closed stream by itself, so eleven tabs would evict each other in
      // a loop, while a refused EventSource stops. Nothing awaits between here and hub.add().
      if (!app.ctx.hub.hasRoomFor(actor.userId))
        throw new AppError('RATE_LIMITED', TOO_MANY_STREAMS_MESSAGE);
      const lastEventId = Number(
        request.headers['last-event-id'] ??
          (request.query as Record<string, string>).lastEventId ??
          NaN,
      );
      const { hub, db } = app.ctx;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.write('retry: 2000\n\n');

      let isOpen = true;
      const pending: EventRow[] = [];
      let isReplaying = Number.isFinite(lastEventId);
      const remove = hub.add({
        actor,
        send: (event) => {
          if (!isOpen) return;
          if (isReplaying) pending.push(event);
          else raw.write(formatEvent(event));
        },
      });

      if (isReplaying) {
        const { events: missed, resyncId } = await hub.replayMissed(actor, lastEventId);
        // Too much was missed to replay: the client refetches everything (event-hub.ts).
        if (resyncId !== null) raw.write(`id: ${resyncId}\nevent: resync\ndata: {}\n\n`);
        const seen = new Set<number>();
        for (const event of missed) {
          seen.add(event.id);
          raw.write(formatEvent(event));
        }
        for (const event of pending) if (!seen.has(event.id)) raw.write(formatEvent(event));
        pending.length = 0;
        isReplaying = false;
      } else {
        raw.write(': connected\n\n');
      }

      // The stream ends when the session does (sign-out, idle timeout, expiry, deactivation);
      // the check does not count as activity, so an abandoned tab still times out.
      const heartbeat = setInterval(async () => {
        const settings = await getSettings(db).catch(() => null);
        const isValid = settings
          ? await isSessionStillValid(db, actor.sessionId, settings.sessionTimeoutMinutes).catch(
              () => false,
            )
          : false;
        if (!isOpen) return;
        if (!isValid) {
          raw.write('event: session-ended\ndata: {}\n\n');
          close();
          raw.end();
          return;
        }
        raw.write(': ping\n\n');
      }, hub.heartbeatMs);

      function close() {
        if (!isOpen) return;
        isOpen = false;
        clearInterval(heartbeat);
        remove();
      }
      request.raw.on('close', close);
    },
  );
}
