import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { messages, patients } from '#src/db/schema/index.ts';
import { APPLICATION_NAME } from '#src/db/client.ts';
import { openSse } from '#src/test/sse-client.ts';
import { createTestServer, type DemoEmail, type TestServer } from '#src/test/test-server.ts';

const WRITERS = 8;
const MESSAGES_PER_WRITER = 12;

type Stream = Awaited<ReturnType<typeof openSse>> & { email: DemoEmail; seesPatients: boolean };

/**
 * The production path: PostgreSQL, several writers, two server instances on one database.
 * Every acknowledged change must reach every stream allowed to see it exactly once and in id
 * order, also when the database drops the instances' connections in the middle.
 */
describe.runIf(inject('testTemplate').kind === 'postgres')(
  'live delivery across two instances on PostgreSQL',
  () => {
    let first: TestServer;
    let second: TestServer;
    const urls: string[] = [];
    const cookies = {} as Record<DemoEmail, string>;
    let patientIds: string[];

    beforeAll(async () => {
      first = await createTestServer();
      second = await createTestServer({}, { joinDatabaseUrl: first.databaseUrl });
      urls.push(await first.app.listen({ port: 0, host: '127.0.0.1' }));
      urls.push(await second.app.listen({ port: 0, host: '127.0.0.1' }));
      for (const email of [
        'admin@demo.test',
        'clinic@demo.test',
        'clinic2@demo.test',
        'attorney@demo.test',
        'lienholder@demo.test',
      ] as const)
        cookies[email] = await first.login(email);
      // Both with Harbor clinic, Morgan firm and MedLien: clinic2 (Summit) sees neither.
      const rows = await first.context.db
        .select({ id: patients.id })
        .from(patients)
        .where(inArray(patients.fullName, ['Maria Delgado', 'Thomas Becker']));
      patientIds = rows.map((row) => row.id);
      if (patientIds.length !== 2) throw new Error('demo patients missing');
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    async function openStreams(): Promise<Stream[]> {
      const plan: Array<[number, DemoEmail, boolean]> = [
        [0, 'clinic@demo.test', true],
        [0, 'attorney@demo.test', true],
        [0, 'clinic2@demo.test', false],
        [1, 'admin@demo.test', true],
        [1, 'lienholder@demo.test', true],
        [1, 'clinic@demo.test', true],
      ];
      return Promise.all(
        plan.map(async ([instance, email, seesPatients]) => {
          const stream = await openSse(`${urls[instance]}/api/events`, { cookie: cookies[email] });
          expect(stream.status).toBe(200);
          return Object.assign(stream, { email, seesPatients });
        }),
      );
    }

    /** 8 writers, alternating instances and patients; returns the acknowledged message ids. */
    async function writeMessages(label: string, midway?: () => Promise<void>) {
      const acknowledged: string[] = [];
      let sent = 0;
      let midwayDone: Promise<void> | null = null;
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, writer) => {
          for (let index = 0; index < MESSAGES_PER_WRITER; index += 1) {
            sent += 1;
            if (midway && sent === Math.floor((WRITERS * MESSAGES_PER_WRITER) / 3))
              midwayDone = midway();
            const server = (writer + index) % 2 === 0 ? first : second;
            const response = await server.request({
              method: 'POST',
              url: `/api/patients/${patientIds[index % 2]}/messages`,
              cookie: cookies['clinic@demo.test'],
              body: { body: `${label} writer ${writer} message ${index}` },
            });
            if (response.statusCode === 201) acknowledged.push(response.json().message.id);
          }
        }),
      );
      await midwayDone;
      return acknowledged;
    }

    const messageIdsOf = (stream: Stream) =>
      stream
        .changes()
        .filter(
          (event) => event.topic === 'message.created' && patientIds.includes(event.patientId),
        )
        .map((event) => event.payload.messageId as string);

    async function expectExactlyOnceInOrder(streams: Stream[], acknowledged: string[]) {
      for (const stream of streams.filter((candidate) => candidate.seesPatients)) {
        await stream.waitFor(() => {
          const received = new Set(messageIdsOf(stream));
          return acknowledged.every((id) => received.has(id));
        }, 20_000);
      }
      await Promise.all([first.flushEvents(), second.flushEvents()]);
      const committed = new Set(
        (
          await first.context.db
            .select({ id: messages.id })
            .from(messages)
            .where(inArray(messages.patientId, patientIds))
        ).map((row) => row.id),
      );
      for (const stream of streams) {
        const received = messageIdsOf(stream);
        const ids = stream.changes().map((event) => event.id);
        expect({
          email: stream.email,
          inIdOrder: ids.every((id, i) => i === 0 || id > ids[i - 1]!),
        }).toEqual({ email: stream.email, inIdOrder: true });
        expect({
          email: stream.email,
          duplicates: received.length - new Set(received).size,
        }).toEqual({ email: stream.email, duplicates: 0 });
        if (!stream.seesPatients) {
          expect({ email: stream.email, received }).toEqual({ email: stream.email, received: [] });
          continue;
        }
        const missing = acknowledged.filter((id) => !received.includes(id));
        expect({ email: stream.email, missing }).toEqual({ email: stream.email, missing: [] });
        // Anything beyond the acknowledged ones must at least have been committed.
        expect(received.filter((id) => !committed.has(id))).toEqual([]);
      }
    }

    it('delivers every acknowledged change exactly once, in id order, to every permitted stream', async () => {
      const streams = await openStreams();
      try {
        const acknowledged = await writeMessages('steady');
        expect(acknowledged).toHaveLength(WRITERS * MESSAGES_PER_WRITER);
        await expectExactlyOnceInOrder(streams, acknowledged);
      } finally {
        await Promise.all(streams.map((stream) => stream.close()));
      }
    });

    it('loses nothing when the database terminates the instances’ connections midway', async () => {
      const streams = await openStreams();
      const admin = new pg.Client({ connectionString: first.databaseUrl });
      await admin.connect();
      let terminated = 0;
      try {
        const acknowledged = await writeMessages('terminated', async () => {
          const { rows } = await admin.query<{ ok: boolean }>(
            `select pg_terminate_backend(pid) as ok from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid()
               and application_name in ($1, $2)`,
            [APPLICATION_NAME.pool, APPLICATION_NAME.listen],
          );
          terminated = rows.filter((row) => row.ok).length;
        });
        // Both instances' LISTEN connections at least, and the writes went on afterwards.
        expect(terminated).toBeGreaterThanOrEqual(2);
        expect(acknowledged.length).toBeGreaterThan((WRITERS * MESSAGES_PER_WRITER) / 2);
        await expectExactlyOnceInOrder(streams, acknowledged);
      } finally {
        await admin.end();
        await Promise.all(streams.map((stream) => stream.close()));
      }
    });

    it('resumes live delivery after its LISTEN connection dies, and health says so meanwhile', async () => {
      const stream = Object.assign(
        await openSse(`${urls[1]}/api/events`, { cookie: cookies['attorney@demo.test'] }),
        { email: 'attorney@demo.test' as const, seesPatients: true },
      );
      const admin = new pg.Client({ connectionString: first.databaseUrl });
      await admin.connect();
      try {
        const healthOf = async () => (await second.request({ url: '/api/health' })).json();
        expect(await healthOf()).toMatchObject({ status: 'ok' });
        // Kill both instances' listeners (which one reconnected last is not known); their pools
        // stay up, so only live delivery is hurt.
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and application_name = $1`,
          [APPLICATION_NAME.listen],
        );
        const states: string[] = [];
        const deadline = Date.now() + 10_000;
        let recovered = false;
        while (Date.now() < deadline && !recovered) {
          const health = await healthOf();
          states.push(health.checks.liveEvents);
          recovered = states.includes('down') && health.status === 'ok';
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(states).toContain('down');
        expect(recovered).toBe(true);

        const response = await first.request({
          method: 'POST',
          url: `/api/patients/${patientIds[0]}/messages`,
          cookie: cookies['clinic@demo.test'],
          body: { body: 'after the listener came back' },
        });
        expect(response.statusCode).toBe(201);
        const id = response.json().message.id;
        await stream.waitFor(() => messageIdsOf(stream).includes(id), 10_000);
        const [row] = await first.context.db.select().from(messages).where(eq(messages.id, id));
        expect(row).toBeDefined();
      } finally {
        await admin.end();
        await stream.close();
      }
    });
  },
);
