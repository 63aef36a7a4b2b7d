import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import {
  accessRequests,
  billingEntries,
  documents,
  idempotencyKeys,
  messages,
  organizations,
  patients,
  users,
} from '#src/db/schema/index.ts';
import { makeSamplePdf } from '#src/db/seed/sample-files.ts';
import { multipartBody } from '#src/modules/documents/document-test-files.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAY_HEADER,
  pruneIdempotencyKeys,
} from './idempotency.ts';

describe('Idempotency-Key on creates', () => {
  let server: TestServer;
  let clinic: string;
  let attorney: string;
  let maria: string;
  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
    attorney = await server.login('attorney@demo.test');
    maria = await getPatientId(server, 'Maria Delgado');
  });
  afterAll(async () => server.close());

  const billingCount = async () =>
    (await server.context.db.select({ n: count() }).from(billingEntries))[0]!.n;
  const addBilling = (key: string, amount = '120.00', cookie = clinic) =>
    server.request({
      method: 'POST',
      url: `/api/patients/${maria}/billing`,
      cookie,
      headers: { 'idempotency-key': key },
      body: { cptCode: '97110', sessionCount: '1', amount },
    });

  it('answers a repeat with the first answer and creates one billing line', async () => {
    const before = await billingCount();
    const key = randomUUID();
    const first = await addBilling(key);
    const repeat = await addBilling(key);
    expect(first.statusCode).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await billingCount()).toBe(before + 1);
  });

  it('creates one record when the same key arrives several times at once', async () => {
    const before = await billingCount();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => addBilling(key)));
    expect(await billingCount()).toBe(before + 1);
    const created = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(created.length + refused.length).toBe(6);
    expect(new Set(created.map((answer) => answer.json().id)).size).toBe(1);
    for (const answer of refused)
      expect(answer.json().error.message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
  });

  it('refuses the same key for a different request, and changes nothing', async () => {
    const key = randomUUID();
    expect((await addBilling(key, '10.00')).statusCode).toBe(201);
    const before = await billingCount();
    const other = await addBilling(key, '99.00');
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: IDEMPOTENCY_MESSAGES.reused,
    });
    expect(await billingCount()).toBe(before);
  });

  it("keeps each user's keys apart", async () => {
    const key = randomUUID();
    const admin = await server.login('admin@demo.test');
    const otherSession = await server.login('clinic@demo.test');
    const before = await billingCount();
    expect((await addBilling(key, '5.00')).statusCode).toBe(201);
    // The same user in another session shares the key; another user has keys of their own.
    expect((await addBilling(key, '5.00', otherSession)).headers[IDEMPOTENT_REPLAY_HEADER]).toBe(
      'true',
    );
    const byAdmin = await addBilling(key, '5.00', admin);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(await billingCount()).toBe(before + 2);
    const scopes = await server.context.db
      .select({ scope: idempotencyKeys.scope })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    const ids = await server.context.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, ['clinic@demo.test', 'admin@demo.test']));
    expect(scopes.map((row) => row.scope).toSorted()).toEqual(
      ids.map((row) => `user:${row.id}`).toSorted(),
    );
  });

  it('refuses a malformed key before anything is created', async () => {
    const before = await billingCount();
    for (const key of ['short', 'x'.repeat(201), 'has space inside']) {
      const response = await addBilling(key);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    }
    expect(await billingCount()).toBe(before);
  });

  it('replays a refusal too: a repeat of a rejected create is rejected the same way', async () => {
    const key = randomUUID();
    const send = () =>
      server.request({
        method: 'POST',
        url: `/api/patients/${maria}/billing`,
        cookie: attorney,
        headers: { 'idempotency-key': key },
        body: { cptCode: '97110', sessionCount: '1', amount: '1.00' },
      });
    const first = await send();
    expect(first.statusCode).toBe(403);
    expect((await send()).body).toBe(first.body);
  });

  it('makes one patient and one message for a repeated key', async () => {
    const db = server.context.db;
    const [clinicUser] = await db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, 'clinic@demo.test'));
    const [firm] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.kind, 'firm'))
      .limit(1);
    const patientKey = randomUUID();
    const createPatient = () =>
      server.request({
        method: 'POST',
        url: '/api/patients',
        cookie: clinic,
        headers: { 'idempotency-key': patientKey },
        body: {
          fullName: 'Idem Potent',
          dob: '1980-01-02',
          clinicIds: [clinicUser!.organizationId],
          firmId: firm!.id,
        },
      });
    const [a, b] = [await createPatient(), await createPatient()];
    expect(a.statusCode).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    const named = await db.select().from(patients).where(eq(patients.fullName, 'Idem Potent'));
    expect(named).toHaveLength(1);

    const messageKey = randomUUID();
    const send = () =>
      server.request({
        method: 'POST',
        url: `/api/patients/${maria}/messages`,
        cookie: clinic,
        headers: { 'idempotency-key': messageKey },
        body: { body: 'Sent once, whatever the network does' },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const sent = await db
      .select()
      .from(messages)
      .where(eq(messages.body, 'Sent once, whatever the network does'));
    expect(sent).toHaveLength(1);
  });

  it('scopes a public create to the client address', async () => {
    const key = randomUUID();
    const request = () =>
      server.request({
        method: 'POST',
        url: '/api/access-requests',
        headers: { 'idempotency-key': key },
        body: {
          name: 'Once Only',
          email: 'once.only@example.test',
          organization: 'Once Physio',
          phone: '555-0101',
          role: 'clinic',
        },
      });
    expect((await request()).statusCode).toBe(201);
    expect((await request()).headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    const rows = await server.context.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'once.only@example.test'));
    expect(rows).toHaveLength(1);
  });

  it('lets a repeat run once the first request died without answering', async () => {
    const before = await billingCount();
    const key = randomUUID();
    // What a request killed mid-way leaves: its claim, no answer, nothing created.
    const first = await addBilling(key);
    const createdId = first.json().id as string;
    await server.context.db.delete(billingEntries).where(eq(billingEntries.id, createdId));
    await server.context.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null })
      .where(eq(idempotencyKeys.key, key));
    // While the claim could still be a running request's, the repeat is refused…
    const early = await addBilling(key);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    // …and once it has gone unrefreshed for a minute, the repeat runs and creates one line.
    await server.context.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(eq(idempotencyKeys.key, key));
    const retried = await addBilling(key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(await billingCount()).toBe(before + 1);
    const replay = await addBilling(key);
    expect(replay.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(replay.json().id).toBe(retried.json().id);
  });

  it('forgets keys after the retention period', async () => {
    const key = randomUUID();
    await addBilling(key, '7.00');
    await server.context.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '49 hours'` })
      .where(eq(idempotencyKeys.key, key));
    await pruneIdempotencyKeys(server.context.db);
    const left = await server.context.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(left).toEqual([]);
  });

  describe('on an upload', () => {
    const documentCount = async () =>
      (await server.context.db.select({ n: count() }).from(documents))[0]!.n;
    /** A PDF whose one line of text is `line`: the same length gives the same size. */
    const pdf = (line: string) => makeSamplePdf('Retry test', [line]);
    /**
     * Uploads `data` with the key, in 7-byte chunks so the boundary falls across them; each call
     * makes a new boundary, as a browser's resend of the same form does, of another length too.
     */
    let resends = 0;
    const uploadWith = (key: string, data: Buffer) => {
      resends += 1;
      const body = multipartBody({ category: 'Intake' }, { fileName: 'retry.pdf', data });
      const boundary = /boundary=(\S+)/.exec(body.headers['content-type']!)![1]!;
      const longer = `${boundary}${'x'.repeat(resends)}`;
      const payload = Buffer.from(
        body.payload.toString('latin1').replaceAll(boundary, longer),
        'latin1',
      );
      body.headers['content-type'] = `multipart/form-data; boundary=${longer}`;
      body.payload = payload;
      const chunks = Array.from({ length: Math.ceil(body.payload.length / 7) }, (_, index) =>
        body.payload.subarray(index * 7, index * 7 + 7),
      );
      return server.app.inject({
        method: 'POST',
        url: `/api/patients/${maria}/documents`,
        headers: {
          ...body.headers,
          cookie: clinic,
          'content-length': String(body.payload.length),
          'idempotency-key': key,
        },
        payload: Readable.from(chunks),
      });
    };

    it('replays a resend of the same file under a new boundary', async () => {
      const before = await documentCount();
      const key = randomUUID();
      const first = await uploadWith(key, pdf('Visit notes one'));
      const resend = await uploadWith(key, pdf('Visit notes one'));
      expect(first.statusCode).toBe(201);
      expect(resend.statusCode).toBe(201);
      expect(resend.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
      expect(resend.json().id).toBe(first.json().id);
      expect(await documentCount()).toBe(before + 1);
    });

    it('refuses a repeat whose file differs but has the same size', async () => {
      const key = randomUUID();
      const original = pdf('Visit notes one');
      const other = pdf('Visit notes two');
      expect(other.length).toBe(original.length);
      expect((await uploadWith(key, original)).statusCode).toBe(201);
      const before = await documentCount();
      const repeat = await uploadWith(key, other);
      expect(repeat.statusCode).toBe(422);
      expect(repeat.json().error).toEqual({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: IDEMPOTENCY_MESSAGES.reused,
      });
      expect(await documentCount()).toBe(before);
    });
  });
});
