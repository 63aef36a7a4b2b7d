import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, gt, max } from 'drizzle-orm';
import { events } from '#src/db/schema/index.ts';
import { MAX_STREAMS_PER_USER, REPLAY_LIMIT, type EventRow } from '#src/events/event-hub.ts';
import { publishEvent, type LiveEvent } from '#src/events/outbox.ts';
import { openSse } from '#src/test/sse-client.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { samplePdf } from '#src/modules/documents/document-test-files.ts';
import { getPatientId, subscribeAs, upload } from '#src/modules/documents/document-test-support.ts';
import { changeStatusAsUser } from '#src/test/patient-writes.ts';

const ACCOUNTS = [
  'admin@demo.test',
  'clinic@demo.test',
  'clinic2@demo.test',
  'attorney@demo.test',
  'attorney2@demo.test',
  'lienholder@demo.test',
] as const;
type Account = (typeof ACCOUNTS)[number];

/** Setup steps must work; a failure here is a broken fixture, not a finding. */
function mustAnswer<T extends { statusCode: number; body: string }>(response: T, status: number) {
  if (response.statusCode !== status)
    throw new Error(`setup request answered ${response.statusCode}: ${response.body}`);
  return response;
}

describe('event replay after Last-Event-ID, by the live delivery rule', () => {
  let server: TestServer;
  let baseUrl: string;
  const cookies = {} as Record<Account, string>;
  const subscribers = {} as Record<Account, Awaited<ReturnType<typeof subscribeAs>>>;
  const actors = {} as Record<Account, Awaited<ReturnType<typeof subscribeAs>>['actor']>;
  let maria: string; // Harbor + Morgan + MedLien, Referred
  let becker: string; // Harbor + Morgan + MedLien, Discharged
  let sofia: string; // Summit + Castillo
  let afterId: number;
  const uploaded: Record<string, string> = {};

  const latestEventId = async () =>
    Number((await server.context.db.select({ id: max(events.id) }).from(events))[0]?.id ?? 0);
  const eventsAfter = (id: number) =>
    server.context.db.select().from(events).where(gt(events.id, id)).orderBy(asc(events.id));
  const documentIdOf = (event: EventRow) =>
    (event.payload as { documentId?: string } | null)?.documentId;

  beforeAll(async () => {
    server = await createTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    for (const email of ACCOUNTS) {
      cookies[email] = await server.login(email);
      const subscriber = await subscribeAs(server, email);
      subscribers[email] = subscriber;
      actors[email] = subscriber.actor;
    }
    maria = await getPatientId(server, 'Maria Delgado');
    becker = await getPatientId(server, 'Thomas Becker');
    sofia = await getPatientId(server, 'Sofia Rossi');

    // While everyone is away: patient, document, notification, admin-only and broadcast events.
    afterId = await latestEventId();
    const setStatus = (id: string, treatmentStatus: string, cookie: string) =>
      changeStatusAsUser(server, { cookie, patientId: id, status: treatmentStatus });
    mustAnswer(await setStatus(maria, 'Evaluated', cookies['clinic@demo.test']), 200);
    mustAnswer(await setStatus(sofia, 'Evaluated', cookies['clinic2@demo.test']), 200);
    for (const [name, patientId, category] of [
      ['maria-intake', maria, 'Intake'],
      ['maria-mri', maria, 'MRI'],
      ['becker-intake', becker, 'Intake'],
    ] as const) {
      const response = await upload(server, {
        patientId,
        cookie: cookies['clinic@demo.test'],
        category,
        file: { fileName: `${name}.pdf`, data: samplePdf() },
      });
      uploaded[name] = mustAnswer(response, 201).json().id;
    }
    const db = server.context.db;
    await publishEvent(db, { topic: 'access-request.created' });
    await publishEvent(db, { topic: 'settings.changed' });
    // No valid category (a row the contract now refuses to write) counts as Intake; a patient
    // that does not exist is nobody's.
    const withoutCategory = { topic: 'document.created', patientId: becker, payload: {} };
    await publishEvent(db, withoutCategory as unknown as LiveEvent);
    await publishEvent(db, { topic: 'patient.updated', patientId: randomUUID() });
    await server.flushEvents();
  });
  afterAll(async () => server.close());

  it('replays to each role exactly what live delivery sent it', async () => {
    const missed = await eventsAfter(afterId);
    expect(missed.length).toBeGreaterThan(10);
    for (const email of ACCOUNTS) {
      const expected = subscribers[email].received
        .map((event) => event.id)
        .filter((id) => id > afterId);
      const replay = await server.context.hub.replayMissed(actors[email], afterId);
      expect({ email, ids: replay.events.map((event) => event.id) }).toEqual({
        email,
        ids: expected,
      });
      expect(replay.resyncId).toBeNull();
    }
  });

  it('never replays out-of-scope, other users’ or admin-only events, and Intake only to who may see it', async () => {
    const replayOf = async (email: Account) =>
      (await server.context.hub.replayMissed(actors[email], afterId)).events;
    const clinic2 = await replayOf('clinic2@demo.test');
    expect(clinic2.some((event) => event.patientId === maria || event.patientId === becker)).toBe(
      false,
    );
    expect(clinic2.some((event) => event.patientId === sofia)).toBe(true);
    for (const email of ACCOUNTS) {
      const replay = await replayOf(email);
      expect(
        replay.every(
          (e) => !e.recipientUserIds || e.recipientUserIds.includes(actors[email].userId),
        ),
      ).toBe(true);
      const hasAdminEvent = replay.some((event) => event.topic === 'access-request.created');
      expect({ email, hasAdminEvent }).toEqual({
        email,
        hasAdminEvent: email === 'admin@demo.test',
      });
      expect(replay.some((event) => event.topic === 'settings.changed')).toBe(true);
    }

    const documentsOf = async (email: Account) =>
      (await replayOf(email))
        .filter((event) => event.topic === 'document.created')
        .map((event) => documentIdOf(event) ?? 'no-category');
    const all = [uploaded['maria-intake'], uploaded['maria-mri'], uploaded['becker-intake']];
    expect(await documentsOf('admin@demo.test')).toEqual([...all, 'no-category']);
    expect(await documentsOf('clinic@demo.test')).toEqual([...all, 'no-category']);
    // Becker is Discharged, so his attorney sees his Intake; Maria (Evaluated) keeps hers hidden.
    expect(await documentsOf('attorney@demo.test')).toEqual([
      uploaded['maria-mri'],
      uploaded['becker-intake'],
      'no-category',
    ]);
    expect(await documentsOf('lienholder@demo.test')).toEqual([uploaded['maria-mri']]);
    expect(await documentsOf('clinic2@demo.test')).toEqual([]);
    expect(await documentsOf('attorney2@demo.test')).toEqual([]);
  });

  it('replays over the stream after a reconnect, Intake included only while allowed', async () => {
    const stream = await openSse(`${baseUrl}/api/events`, {
      cookie: cookies['attorney@demo.test'],
      'last-event-id': String(afterId),
    });
    try {
      await stream.waitFor(() =>
        stream.changes().some((event) => event.payload?.documentId === uploaded['becker-intake']),
      );
      const changes = stream.changes();
      expect(changes.some((event) => event.patientId === sofia)).toBe(false);
      expect(changes.some((event) => event.payload?.documentId === uploaded['maria-intake'])).toBe(
        false,
      );
      expect(stream.messages.some((message) => message.event === 'resync')).toBe(false);
    } finally {
      await stream.close();
    }
  });

  it('sends a resync instead of replaying more than REPLAY_LIMIT events', async () => {
    const db = server.context.db;
    const attorney2 = actors['attorney2@demo.test'];
    const reconnect = async (from: number) =>
      openSse(`${baseUrl}/api/events`, {
        cookie: cookies['attorney2@demo.test'],
        'last-event-id': String(from),
      });
    const addOwnEvents = (count: number) =>
      db.insert(events).values(
        Array.from({ length: count }, () => ({
          topic: 'notification.created',
          recipientUserIds: [attorney2.userId],
          payload: {},
        })),
      );

    // Exactly the limit: replayed in full.
    const beforeFull = await latestEventId();
    await addOwnEvents(REPLAY_LIMIT);
    const full = await reconnect(beforeFull);
    try {
      await full.waitFor(() => full.changes().length >= REPLAY_LIMIT, 10_000);
      expect(full.changes()).toHaveLength(REPLAY_LIMIT);
      expect(full.messages.some((message) => message.event === 'resync')).toBe(false);
    } finally {
      await full.close();
    }

    // One more than the limit: a resync to the newest event, and no replay.
    const beforeTooMany = await latestEventId();
    await addOwnEvents(REPLAY_LIMIT + 1);
    const newest = await latestEventId();
    const tooMany = await reconnect(beforeTooMany);
    try {
      await tooMany.waitFor(() => tooMany.messages.some((message) => message.event === 'resync'));
      expect(tooMany.messages.find((message) => message.event === 'resync')?.id).toBe(
        String(newest),
      );
      expect(tooMany.changes()).toEqual([]);
    } finally {
      await tooMany.close();
    }
    // Someone else's events do not count towards another user's limit.
    const attorney = await server.context.hub.replayMissed(
      actors['attorney@demo.test'],
      beforeFull,
    );
    expect(attorney).toEqual({ events: [], resyncId: null });
    await server.flushEvents();
  });
});

describe('open streams per user', () => {
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    server = await createTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => server.close());

  it(`refuses a user’s stream beyond ${MAX_STREAMS_PER_USER} with 429, and only that user’s`, async () => {
    const clinic = await server.login('clinic@demo.test');
    const clinic2 = await server.login('clinic2@demo.test');
    const open = (cookie: string) => openSse(`${baseUrl}/api/events`, { cookie });
    const streams = [];
    try {
      for (let index = 0; index < MAX_STREAMS_PER_USER; index += 1)
        streams.push(await open(clinic));
      expect(streams.map((stream) => stream.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));

      const refused = await fetch(`${baseUrl}/api/events`, { headers: { cookie: clinic } });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        error: {
          code: 'RATE_LIMITED',
          message:
            'Too many open live-update streams. Close some CaseBridge tabs and reload this one.',
        },
      });
      // Another user is not affected (a second sign-in of the same user would share the limit).
      const other = await open(clinic2);
      streams.push(other);
      expect(other.status).toBe(200);

      // Closing one frees a slot.
      const sizeBefore = server.context.hub.size;
      await streams.shift()!.close();
      const deadline = Date.now() + 3_000;
      while (server.context.hub.size >= sizeBefore && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const again = await open(clinic);
      streams.push(again);
      expect(again.status).toBe(200);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });
});
