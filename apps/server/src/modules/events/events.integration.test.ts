import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, patients } from '#src/db/schema/index.ts';
import { openSse } from '#src/test/sse-client.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { WRITE_ORIGIN_HEADER } from '@casebridge/domain/events/live-events';
import {
  changeStatusAsUser,
  getPatientVersion,
  releaseHeldStatusChanges,
} from '#src/test/patient-writes.ts';

describe('live events (GET /api/events)', () => {
  let server: TestServer;
  let baseUrl: string;
  let clinic: string;
  let clinic2: string;
  let attorney: string;
  const idOf = async (name: string) =>
    (await server.context.db.select().from(patients).where(eq(patients.fullName, name)))[0]!.id;
  const setStatus = (id: string, treatmentStatus: string, cookie = clinic) =>
    changeStatusAsUser(server, { cookie, patientId: id, status: treatmentStatus });

  beforeAll(async () => {
    server = await createTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    clinic = await server.login('clinic@demo.test');
    clinic2 = await server.login('clinic2@demo.test');
    attorney = await server.login('attorney@demo.test');
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a signed-out stream', async () => {
    const response = await fetch(`${baseUrl}/api/events`);
    expect(response.status).toBe(401);
  });

  it('streams as text/event-stream with nosniff, unchunked, without the page-only security headers', async () => {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie: clinic },
      signal: controller.signal,
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBeNull();
      // The body runs to the connection's close, unchunked: one system call per write.
      expect(response.headers.get('transfer-encoding')).toBeNull();
      expect(response.headers.get('connection')).toBe('close');
    } finally {
      controller.abort();
    }
  });

  it('gives a write’s origin back to its own user’s streams only', async () => {
    const streams = {
      own: await openSse(`${baseUrl}/api/events`, { cookie: clinic }),
      other: await openSse(`${baseUrl}/api/events`, { cookie: attorney }),
    };
    try {
      const maria = await idOf('Maria Delgado'); // Harbor (clinic) + Morgan (attorney)
      const origin = 'tab0123456789.7';
      const withOrigin = await server.request({
        method: 'PATCH',
        url: `/api/patients/${maria}/status`,
        cookie: clinic,
        headers: { [WRITE_ORIGIN_HEADER]: origin },
        body: {
          treatmentStatus: 'Referred for PT',
          version: await getPatientVersion(server, maria),
        },
      });
      expect(withOrigin.statusCode).toBe(200);
      // A malformed origin is no origin.
      const malformed = await server.request({
        method: 'PATCH',
        url: `/api/patients/${maria}/status`,
        cookie: clinic,
        headers: { [WRITE_ORIGIN_HEADER]: 'not an origin' },
        body: {
          treatmentStatus: 'Referred for MD',
          version: await getPatientVersion(server, maria),
        },
      });
      expect(malformed.statusCode).toBe(200);
      await server.flushEvents();
      const updates = (stream: typeof streams.own) =>
        stream.changes().filter((event) => event.topic === 'patient.updated');
      for (const stream of [streams.own, streams.other])
        await stream.waitFor(() => updates(stream).length >= 2);
      expect(updates(streams.own).map((event) => event.origin)).toEqual([origin, undefined]);
      expect(updates(streams.other).map((event) => event.origin)).toEqual([undefined, undefined]);
    } finally {
      await Promise.all(Object.values(streams).map((stream) => stream.close()));
    }
  });

  it('delivers a patient change to users who may see the patient, never to others', async () => {
    const streams = {
      clinic: await openSse(`${baseUrl}/api/events`, { cookie: clinic }),
      clinic2: await openSse(`${baseUrl}/api/events`, { cookie: clinic2 }),
      attorney: await openSse(`${baseUrl}/api/events`, { cookie: attorney }),
    };
    try {
      const maria = await idOf('Maria Delgado'); // Harbor + Morgan: not Summit
      const sofia = await idOf('Sofia Rossi'); // Summit + Castillo
      expect((await setStatus(maria, 'Evaluated')).statusCode).toBe(200);
      expect((await setStatus(sofia, 'Evaluated', clinic2)).statusCode).toBe(200);
      // The notifications wait for the undo window; closing it now sends them.
      await releaseHeldStatusChanges(server);
      await server.flushEvents();
      await streams.clinic.waitFor(() =>
        streams.clinic.changes().some((event) => event.patientId === maria),
      );
      await streams.clinic2.waitFor(() =>
        streams.clinic2.changes().some((event) => event.patientId === sofia),
      );
      await streams.attorney.waitFor(() =>
        streams.attorney.changes().some((event) => event.patientId === maria),
      );
      expect(streams.clinic2.changes().map((event) => event.patientId)).not.toContain(maria);
      expect(streams.clinic.changes().map((event) => event.patientId)).not.toContain(sofia);
      expect(streams.attorney.changes().map((event) => event.patientId)).not.toContain(sofia);
      // Notifications go only to their recipient; they follow the patient events (a later
      // transaction, once the undo window closed), so wait for the attorney's.
      await streams.attorney.waitFor(() =>
        streams.attorney.changes().some((event) => event.topic === 'notification.created'),
      );
      const clinic2Notifications = streams.clinic2
        .changes()
        .filter((event) => event.topic === 'notification.created');
      const attorneyNotifications = streams.attorney
        .changes()
        .filter((event) => event.topic === 'notification.created');
      expect(attorneyNotifications.length).toBeGreaterThan(0);
      expect(clinic2Notifications.length).toBe(0);
      // The release's own event is for webhooks only. A later change marks where the release's
      // events have all been read, since they were published before it.
      expect((await setStatus(maria, 'Referred for PT')).statusCode).toBe(200);
      await server.flushEvents();
      const releasedAt = async (stream: (typeof streams)['clinic']) => {
        await stream.waitFor(
          () =>
            stream
              .changes()
              .filter((event) => event.topic === 'patient.updated' && event.patientId === maria)
              .length >= 2,
        );
        return stream.changes().filter((event) => event.topic === 'patient.status-released');
      };
      expect(await releasedAt(streams.clinic)).toEqual([]);
      expect(await releasedAt(streams.attorney)).toEqual([]);
      const stored = await server.context.db
        .select()
        .from(events)
        .where(eq(events.topic, 'patient.status-released'));
      // Released: these two changes, and the two of the first test.
      expect(new Set(stored.map((event) => event.patientId))).toEqual(new Set([maria, sofia]));
    } finally {
      await Promise.all(Object.values(streams).map((stream) => stream.close()));
    }
  });

  it('replays exactly the missed events after Last-Event-ID, filtered by scope', async () => {
    const first = await openSse(`${baseUrl}/api/events`, { cookie: clinic2 });
    const sofia = await idOf('Sofia Rossi');
    const maria = await idOf('Maria Delgado');
    await setStatus(sofia, 'Referred for MD', clinic2);
    await server.flushEvents();
    await first.waitFor(() => first.changes().some((event) => event.patientId === sofia));
    const lastSeen = Math.max(...first.changes().map((event) => event.id));
    await first.close();

    // While clinic2 is away: two changes it may see, one it may not.
    await setStatus(sofia, 'Referred for PT', clinic2);
    await setStatus(maria, 'Referred for Imaging', clinic);
    await setStatus(sofia, 'Discharged', clinic2);
    await server.flushEvents();

    const second = await openSse(`${baseUrl}/api/events`, {
      cookie: clinic2,
      'last-event-id': String(lastSeen),
    });
    try {
      await second.waitFor(
        () => second.changes().filter((event) => event.topic === 'patient.updated').length >= 2,
      );
      const replayed = second.changes().filter((event) => event.topic === 'patient.updated');
      expect(replayed.map((event) => event.patientId)).toEqual([sofia, sofia]);
      expect(replayed.every((event) => event.id > lastSeen)).toBe(true);
      const ids = second.changes().map((event) => event.id);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await second.close();
    }
  });
});
