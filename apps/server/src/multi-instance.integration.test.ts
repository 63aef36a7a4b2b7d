import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { multipartBody, samplePdf } from './modules/documents/document-test-files.ts';
import { startTestSmtpServer, type TestSmtpServer } from '#src/mail/smtp-sink.ts';
import { cloneTemplateDatabase, type ClonedDatabase } from './test/postgres-clone.ts';
import { startS3Emulator, type S3Emulator } from './test/s3-emulator.ts';
import { getFreePort, startServerProcess, type ServerProcess } from './test/server-process.ts';
import { MAX_STREAMS_PER_USER } from './events/event-hub.ts';
import { openSse } from './test/sse-client.ts';

const template = inject('testTemplate');
/** Ten times a runner's concurrency (4), so a single instance cannot take them all at once. */
const MAIL_COUNT = 40;
/** Both instances must accept each other's sessions: one secret, as in a real deployment. */
const AUTH_SECRET = randomBytes(32).toString('base64url');
// Every instance unwraps the documents any other one stored: they share the master key.
const DOCUMENT_KEY = randomBytes(32).toString('base64');

type Instance = { name: 'A' | 'B'; server: ServerProcess; dataDir: string; sender: string };

/**
 * Two real server processes (`main.ts`, as production runs it) sharing one PostgreSQL database,
 * one object store, one SMTP server and the auth secret, but no memory and no data directory:
 * what one instance does must be seen, served or sent correctly by the other.
 */
describe.runIf(template.kind === 'postgres')('two server processes on one database', () => {
  let database: ClonedDatabase | undefined;
  let sql: pg.Client | undefined;
  let smtp: TestSmtpServer | undefined;
  let s3: S3Emulator | undefined;
  let root: string | undefined;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;
  let mariaId: string;

  beforeAll(async () => {
    // Only narrows the type: runIf already skips the suite on PGlite.
    if (template.kind !== 'postgres') return;
    root = await mkdtemp(path.join(os.tmpdir(), 'casebridge-multi-'));
    database = await cloneTemplateDatabase(template, 'multi');
    sql = new pg.Client({ connectionString: database.databaseUrl });
    await sql.connect();
    smtp = await startTestSmtpServer();
    s3 = await startS3Emulator();
    const storageUrl = s3.storageUrl('documents');
    const { databaseUrl } = database;
    const smtpUrl = smtp.url;
    const started = await Promise.allSettled(
      (['A', 'B'] as const).map(async (name) => {
        const port = await getFreePort();
        const dataDir = path.join(root!, name);
        // The health check probes the data directory by writing to it; it must exist.
        await mkdir(dataDir);
        const sender = `noreply-${name.toLowerCase()}@casebridge.test`;
        const server = await startServerProcess({
          port,
          env: {
            NODE_ENV: 'test',
            HOST: '127.0.0.1',
            APP_URL: `http://127.0.0.1:${port}`,
            DATABASE_URL: databaseUrl,
            DATA_DIR: dataDir,
            AUTH_SECRET,
            DOCUMENT_KEY,
            SEED_DEMO: 'false',
            LOG_LEVEL: 'warn',
            SMTP_URL: smtpUrl,
            // The sender tells which instance's worker sent a mail.
            MAIL_FROM: `CaseBridge ${name} <${sender}>`,
            STORAGE_URL: storageUrl,
          },
        });
        instances.push({ name, server, dataDir, sender });
      }),
    );
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    a = instances.find((instance) => instance.name === 'A')!;
    b = instances.find((instance) => instance.name === 'B')!;
    const { rows } = await sql.query<{ id: string }>(
      'select id from patients where full_name = $1',
      ['Maria Delgado'],
    );
    mariaId = rows[0]!.id;
  }, 60_000);

  afterAll(async () => {
    // Every step runs whatever failed before it: no server process may outlive the file.
    await Promise.allSettled(instances.map((instance) => instance.server.stop()));
    await Promise.allSettled([sql?.end(), smtp?.close(), s3?.stop()]);
    await database?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  }, 30_000);

  /** A request as a browser on that instance's page would send it (same Origin as APP_URL). */
  function call(
    instance: Instance,
    url: string,
    init: {
      method?: string;
      cookie?: string;
      json?: unknown;
      body?: Buffer;
      headers?: Record<string, string>;
    } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    if (init.method && init.method !== 'GET') headers.origin = instance.server.baseUrl;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${instance.server.baseUrl}${url}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
      signal: AbortSignal.timeout(10_000),
    });
  }

  async function signIn(instance: Instance, email: string): Promise<string> {
    const response = await call(instance, '/api/auth/login', {
      method: 'POST',
      json: { email, password: DEMO_PASSWORD },
    });
    expect(response.status, `sign-in of ${email} on ${instance.name}`).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!.trim())
      .filter((pair) => !pair.endsWith('='))
      .join('; ');
  }

  it('accepts on one instance a session signed in on the other', async () => {
    const cookie = await signIn(a, 'clinic@demo.test');
    const onB = await call(b, '/api/auth/session', { cookie });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ user: { email: 'clinic@demo.test' } });
  });

  it('refuses on one instance, at once, a session signed out on the other', async () => {
    const cookie = await signIn(a, 'attorney2@demo.test');
    // B checks the session and keeps the check (auth/session-cache.ts) ...
    expect((await call(b, '/api/patients/stats', { cookie })).status).toBe(200);
    expect((await call(b, '/api/patients/stats', { cookie })).status).toBe(200);
    expect((await call(a, '/api/auth/logout', { method: 'POST', cookie })).status).toBe(204);
    // ... and drops it on A's NOTIFY, well within the five seconds it would otherwise keep it.
    await expect
      .poll(async () => (await call(b, '/api/patients/stats', { cookie })).status, {
        timeout: 1_000,
        interval: 20,
      })
      .toBe(401);
  });

  it('delivers a change made through one instance to a live stream on the other', async () => {
    const clinic = await signIn(a, 'clinic@demo.test');
    // Signed in on A, streaming from B: the session and the events both cross instances.
    const attorney = await signIn(a, 'attorney@demo.test');
    const stream = await openSse(`${b.server.baseUrl}/api/events`, { cookie: attorney });
    try {
      expect(stream.status).toBe(200);
      const posted = await call(a, `/api/patients/${mariaId}/messages`, {
        method: 'POST',
        cookie: clinic,
        json: { body: `across instances ${randomUUID()}` },
      });
      expect(posted.status).toBe(201);
      const { message } = (await posted.json()) as { message: { id: string } };
      const messageId = message.id;
      const read = await call(a, `/api/patients/${mariaId}`, { cookie: clinic });
      const { version } = (await read.json()) as { version: number };
      const changed = await call(a, `/api/patients/${mariaId}/status`, {
        method: 'PATCH',
        cookie: clinic,
        json: { treatmentStatus: 'Evaluated', version },
      });
      expect(changed.status).toBe(200);

      const receivedOnB = () => stream.changes().filter((event) => event.patientId === mariaId);
      await stream.waitFor(
        () =>
          receivedOnB().some((event) => event.payload?.messageId === messageId) &&
          receivedOnB().some((event) => event.topic === 'patient.updated'),
        10_000,
      );
      expect(
        receivedOnB()
          .filter((event) => event.topic === 'message.created')
          .map((event) => event.payload.messageId),
      ).toEqual([messageId]);
    } finally {
      await stream.close();
    }
  });

  it('counts a user’s open live streams across both instances', async () => {
    const cookie = await signIn(a, 'lienholder@demo.test');
    const streams: Array<Awaited<ReturnType<typeof openSse>>> = [];
    try {
      for (let index = 0; index < MAX_STREAMS_PER_USER; index += 1) {
        const instance = index % 2 === 0 ? a : b;
        streams.push(await openSse(`${instance.server.baseUrl}/api/events`, { cookie }));
      }
      expect(streams.map((stream) => stream.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
      // Five are open on each instance; the eleventh is refused on either.
      for (const instance of [a, b]) {
        const refused = await call(instance, '/api/events', { cookie });
        expect(refused.status).toBe(429);
      }
      // Closing one on A makes room on B.
      await streams.shift()!.close();
      const deadline = Date.now() + 5_000;
      let reopened: Awaited<ReturnType<typeof openSse>> | null = null;
      while (!reopened && Date.now() < deadline) {
        const attempt = await openSse(`${b.server.baseUrl}/api/events`, { cookie });
        if (attempt.status === 200) reopened = attempt;
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(reopened).not.toBeNull();
      streams.push(reopened!);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it('serves a document uploaded through one instance from the other, byte for byte', async () => {
    const clinic = await signIn(a, 'clinic@demo.test');
    // Unique bytes, so that no other file anywhere could be the one served.
    const data = Buffer.concat([samplePdf(), Buffer.from(`%${randomUUID()}\n`)]);
    const body = multipartBody({ category: 'MRI' }, { fileName: 'across.pdf', data });
    const uploaded = await call(a, `/api/patients/${mariaId}/documents`, {
      method: 'POST',
      cookie: clinic,
      body: body.payload,
      headers: body.headers,
    });
    expect(uploaded.status).toBe(201);
    const { id: documentId } = (await uploaded.json()) as { id: string };

    const downloaded = await call(b, `/api/documents/${documentId}/download`, { cookie: clinic });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(data)).toBe(true);
  });

  it('sends each queued mail exactly once, with both instances’ workers claiming', async () => {
    const subject = `multi-instance ${randomUUID()}`;
    // One statement: every mail is due at once, before either worker's next tick.
    const { rows: queued } = await sql!.query<{ id: string }>(
      `insert into mail_outbox (kind, to_address, subject, html, text)
       select 'test', 'recipient' || i || '@example.test', $1 || ' #' || i, '<p>' || i || '</p>', 'mail ' || i
       from generate_series(1, $2::int) as i
       returning id`,
      [subject, MAIL_COUNT],
    );
    const ids = queued.map((row) => row.id).toSorted();
    // Each with its sending job, as a write's Change queues them.
    await sql!.query(
      `insert into jobs (name, payload, key)
       select 'mail.send', jsonb_build_object('mailId', id), 'mail:' || id from unnest($1::uuid[]) as id`,
      [ids],
    );
    const ours = () => smtp!.received.filter((mail) => mail.subject.startsWith(subject));
    const countSent = async () =>
      (
        await sql!.query<{ sent: number }>(
          `select count(*)::int as sent from mail_outbox where id = any($1::uuid[]) and status = 'sent'`,
          [ids],
        )
      ).rows[0]!.sent;

    // Each runner polls every second and runs at most 4 jobs at once.
    const deadline = Date.now() + 30_000;
    while (
      (ours().length < MAIL_COUNT || (await countSent()) < MAIL_COUNT) &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 200));
    // A second send of a mail already marked sent would arrive just after: give it the time.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    expect(await countSent()).toBe(MAIL_COUNT);
    const received = ours();
    // The Message-ID carries the outbox row id: each row arrived once, and no other did.
    const receivedIds = received.map((mail) => /^<([^@]+)@/.exec(mail.messageId)?.[1]).toSorted();
    expect(receivedIds).toEqual(ids);
    expect(new Set(received.map((mail) => mail.subject)).size).toBe(MAIL_COUNT);
    // Both runners claimed from the same queue: neither could have taken all 40 in one poll.
    expect(new Set(received.map((mail) => mail.from))).toEqual(new Set([a.sender, b.sender]));
  }, 45_000);
});
