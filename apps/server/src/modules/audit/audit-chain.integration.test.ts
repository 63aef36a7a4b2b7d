import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, like, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from '#src/db/client.ts';
import { auditLogs, events, patients } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import type { TAuditCheckpoint } from '@casebridge/domain/audit/audit-chain.schemas';
import type { Db } from '#src/db/client.ts';
import { getChainHead, listChainRows } from './audit-chain.queries.ts';
import { AUDIT_GENESIS_HASH, hashAuditRow, hmacAuditRow } from './audit-hash.ts';
import { createAuditKeyring, getAuditKeyring } from './audit-key.ts';
import { verifyAuditChain } from './audit-verify.ts';
import { inChange } from '#src/change/change.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { writeAudit, writeAuditOnItsOwn } from './audit.service.ts';

const SYSTEM = { actor: null, context: systemContext() };

/** Verifies under the keys the server signs with, as the admin tool does. */
const verifyChain = (db: Db, checkpoint?: TAuditCheckpoint) =>
  verifyAuditChain(db, { keys: getAuditKeyring(db), checkpoint });

/** The message of an error and of its causes (Drizzle wraps the driver's error). */
async function failureOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    const parts: string[] = [];
    for (let current = error; current instanceof Error; current = current.cause)
      parts.push(current.message);
    return parts.join(' / ');
  }
  return 'no error';
}

/** Runs `change` with the append-only trigger off, as someone with full database access could. */
async function tamper(server: TestServer, change: SQL) {
  const { db } = server.context;
  await db.execute(sql`alter table audit_logs disable trigger audit_logs_append_only`);
  try {
    await db.execute(change);
  } finally {
    await db.execute(sql`alter table audit_logs enable trigger audit_logs_append_only`);
  }
}

async function countEvents(server: TestServer): Promise<number> {
  const [row] = await server.context.db.select({ n: count() }).from(events);
  return Number(row?.n ?? 0);
}

async function countRows(server: TestServer): Promise<number> {
  const [row] = await server.context.db.select({ n: count() }).from(auditLogs);
  return row?.n ?? 0;
}

describe('the audit hash chain', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await createTestServer();
    admin = await server.login('admin@demo.test');
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses UPDATE, DELETE and TRUNCATE on audit_logs in the database itself', async () => {
    const { db } = server.context;
    const before = await db.select().from(auditLogs);
    expect(before.length).toBeGreaterThan(0);
    expect(
      await failureOf(
        db
          .update(auditLogs)
          .set({ details: 'x' })
          .where(sql`true`),
      ),
    ).toMatch(/audit_logs is append-only: UPDATE refused/);
    expect(await failureOf(db.delete(auditLogs).where(sql`true`))).toMatch(
      /audit_logs is append-only: DELETE refused/,
    );
    expect(await failureOf(db.execute(sql`truncate audit_logs`))).toMatch(
      /audit_logs is append-only: TRUNCATE refused/,
    );
    expect(await db.select().from(auditLogs)).toEqual(before);
  });

  it('computes the same hash in SQL (the migration backfill) as in TypeScript', async () => {
    const row = {
      id: 42,
      timestamp: '2026-03-04T05:06:07.089012Z',
      userId: 'user "1"',
      userName: 'Zoë Ærø 😀 \\ back\tslash',
      userRole: null,
      action: 'patient_viewed',
      patientId: '0b6c6a1e-4d0f-4c5e-9a37-2f1f3d6f9a10',
      details: 'ids: a, b\nline two\u0001',
      ip: '203.0.113.9',
    };
    const result = (await server.context.db.execute(sql`
      select audit_log_hash(${AUDIT_GENESIS_HASH}, ${row.id}, ${row.timestamp}::timestamptz,
        ${row.userId}, ${row.userName}, null, ${row.action}, ${row.patientId}::uuid,
        ${row.details}, ${row.ip}) as hash
    `)) as unknown as { rows: { hash: string }[] };
    expect(result.rows[0]?.hash).toBe(hashAuditRow(AUDIT_GENESIS_HASH, row));
  });

  it('chains the rows written before the chain existed, as the migration does', async () => {
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0010_audit_append_only.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((part) => /\bDO \$\$/.test(part));
    expect(backfill).toBeDefined();
    // As the rows were before the chain was keyed: SHA-256, no key.
    await tamper(
      server,
      sql`update audit_logs set hash = null, previous_hash = null, hash_version = 1, hash_key_id = null`,
    );
    expect(await verifyChain(server.context.db)).toMatchObject({ intact: false });
    await tamper(server, sql.raw(backfill ?? ''));
    expect(await verifyChain(server.context.db)).toEqual({
      intact: true,
      rows: await countRows(server),
      brokenAtId: null,
    });
  });

  it('stays one unbroken chain under 30 concurrent audited requests', async () => {
    const [patient] = await server.context.db.select({ id: patients.id }).from(patients).limit(1);
    const before = await countRows(server);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        server.request({ url: `/api/patients/${patient?.id}`, cookie: admin }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    expect(await countRows(server)).toBe(before + 30);
    expect(await verifyChain(server.context.db)).toEqual({
      intact: true,
      rows: before + 30,
      brokenAtId: null,
    });
  });

  it('appends a change’s row and publishes its events in one statement, in the chain', async () => {
    const before = await countRows(server);
    const eventsBefore = await countEvents(server);
    await inChange(server.context.db, SYSTEM, async (change) => {
      change
        .audit({ action: 'settings_updated', details: 'with its event' })
        .publish({ topic: 'settings.changed' }, { topic: 'organization.changed' });
    });
    await inChange(server.context.db, SYSTEM, async (change) => {
      change.audit({ action: 'settings_updated', details: 'no event' });
    });
    expect({ rows: await countRows(server), events: await countEvents(server) }).toEqual({
      rows: before + 2,
      events: eventsBefore + 2,
    });
    expect(await verifyChain(server.context.db)).toEqual({
      intact: true,
      rows: before + 2,
      brokenAtId: null,
    });
  });

  const batchActor = { userId: 'batch-test', name: 'Batch Test', role: 'admin' as const };
  const writeBatch = (details: readonly string[]) =>
    Promise.allSettled(
      details.map((text) =>
        writeAuditOnItsOwn(server.context.db, {
          action: 'patient_viewed',
          actor: batchActor,
          details: text,
        }),
      ),
    );
  const batchRows = (prefix: string) =>
    server.context.db
      .select({ id: auditLogs.id, details: auditLogs.details, timestamp: auditLogs.timestamp })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, batchActor.userId), like(auditLogs.details, `${prefix}%`)))
      .orderBy(auditLogs.id);

  it('appends rows of concurrent reads together, in the order asked, one chain', async () => {
    const before = await countRows(server);
    const asked = Array.from({ length: 40 }, (_, index) => `together ${index}`);
    const results = await writeBatch(asked);
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const rows = await batchRows('together');
    expect(rows.map((row) => row.details)).toEqual(asked);
    // Rows of one transaction share its now(): fewer transactions than rows.
    const transactions = new Set(rows.map((row) => row.timestamp.toISOString())).size;
    expect(transactions).toBeLessThan(rows.length);
    expect(await verifyChain(server.context.db)).toEqual({
      intact: true,
      rows: before + 40,
      brokenAtId: null,
    });
  });

  it('fails only the request whose row cannot be written', async () => {
    // A NUL character is refused by PostgreSQL's text type: that row's batch fails.
    const asked = Array.from({ length: 10 }, (_, index) =>
      index === 6 ? 'alone \u0000 bad' : `alone ${index}`,
    );
    const results = await writeBatch(asked);
    expect(results.map((result) => result.status)).toEqual(
      asked.map((_, index) => (index === 6 ? 'rejected' : 'fulfilled')),
    );
    expect((await batchRows('alone')).map((row) => row.details)).toEqual(
      asked.filter((_, index) => index !== 6),
    );
    expect((await verifyChain(server.context.db)).intact).toBe(true);
  });

  it('answers the admin tool for admins, audits it, and refuses every other role', async () => {
    const rows = await countRows(server);
    const response = await server.request({
      method: 'POST',
      url: '/api/admin/audit/verify',
      cookie: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ intact: true, rows, brokenAtId: null });
    const [audit] = await server.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'audit_chain_verified'));
    expect(audit?.details).toBe(`Audit chain intact: ${rows} rows`);
    for (const email of ['clinic@demo.test', 'attorney@demo.test', 'lienholder@demo.test']) {
      const refused = await server.request({
        method: 'POST',
        url: '/api/admin/audit/verify',
        cookie: await server.login(email),
      });
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('verifying a tampered audit chain', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await createTestServer();
    // Each sign-in writes an audit row: a chain of several rows to tamper with.
    for (const email of ['clinic@demo.test', 'attorney@demo.test', 'lienholder@demo.test'])
      await server.login(email);
    admin = await server.login('admin@demo.test');
  });
  afterAll(async () => {
    await server.close();
  });

  const ids = async () =>
    (
      await server.context.db.select({ id: auditLogs.id }).from(auditLogs).orderBy(auditLogs.id)
    ).map((row) => row.id);

  it('names the row whose details were edited', async () => {
    const all = await ids();
    const target = all[Math.floor(all.length / 2)];
    await tamper(
      server,
      sql`update audit_logs set details = 'nothing happened' where id = ${target}`,
    );
    expect(await verifyChain(server.context.db)).toEqual({
      intact: false,
      rows: all.indexOf(target ?? 0),
      brokenAtId: target,
      reason: 'hash',
    });
    const response = await server.request({
      method: 'POST',
      url: '/api/admin/audit/verify',
      cookie: admin,
    });
    expect(response.json()).toMatchObject({ intact: false, brokenAtId: target });
  });

  it('names the row after one that was removed', async () => {
    const all = await ids();
    const [, removed, next] = all;
    await tamper(server, sql`delete from audit_logs where id = ${removed}`);
    expect(await verifyChain(server.context.db)).toMatchObject({
      intact: false,
      brokenAtId: next,
    });
  });
});

describe.runIf(inject('testTemplate').kind === 'postgres')(
  'one audit chain written by two instances on one PostgreSQL database',
  () => {
    const instances: TestServer[] = [];
    beforeAll(async () => {
      const first = await createTestServer();
      instances.push(first, await createTestServer({}, { joinDatabaseUrl: first.databaseUrl }));
    });
    afterAll(async () => {
      // The second instance joined the first one's database: it closes first.
      for (const instance of instances.splice(0).toReversed()) await instance.close();
    });

    it('stays unbroken while both append reads and changes at once', async () => {
      const [first, second] = instances as [TestServer, TestServer];
      const before = await countRows(first);
      const actor = { userId: 'two-instances', name: 'Two Instances', role: 'admin' as const };
      const entry = (text: string) => ({ action: 'patient_viewed' as const, actor, details: text });
      const eventsBefore = await countEvents(first);
      // Reads go through each instance's batching appender; changes append inside a
      // transaction of their own, which holds the chain lock to its commit, some with their
      // event in the same statement.
      const writes = [first, second].flatMap((instance, which) =>
        Array.from({ length: 40 }, (_, index) => {
          const text = `${which} ${index}`;
          if (index % 4 === 0)
            return instance.context.db.transaction((tx) => writeAudit(tx, entry(text)));
          if (index % 4 === 1)
            return inChange(instance.context.db, SYSTEM, async (change) => {
              change.audit(entry(text)).publish({ topic: 'settings.changed' });
            });
          return writeAuditOnItsOwn(instance.context.db, entry(text));
        }),
      );
      await Promise.all(writes);
      expect(await countEvents(first)).toBe(eventsBefore + 20);
      expect(await countRows(first)).toBe(before + 80);
      expect(await verifyChain(second.context.db)).toEqual({
        intact: true,
        rows: before + 80,
        brokenAtId: null,
      });
    });
  },
);

describe('the keyed audit chain against someone with database access', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    for (const email of ['clinic@demo.test', 'attorney@demo.test', 'lienholder@demo.test'])
      await server.login(email);
    await server.login('admin@demo.test');
  });
  afterAll(async () => {
    await server.close();
  });

  const chainRows = () => listChainRows(server.context.db, 0, 10_000);

  /**
   * Edits one row and rewrites every hash from it onward with `hashOf`, as someone who can
   * write the database and knows the hash's definition (not the key) would.
   */
  async function rewriteFrom(
    targetId: number,
    hashOf: (previousHash: string, row: Awaited<ReturnType<typeof chainRows>>[number]) => string,
    marker: { version: number; keyId: string | null },
  ) {
    const rows = await chainRows();
    let previousHash = AUDIT_GENESIS_HASH;
    for (const row of rows) {
      if (row.id < targetId) {
        previousHash = row.hash ?? '';
        continue;
      }
      const content = row.id === targetId ? { ...row, details: 'nothing happened' } : row;
      const hash = hashOf(previousHash, content);
      await tamper(
        server,
        sql`update audit_logs set details = ${content.details}, previous_hash = ${previousHash},
          hash = ${hash}, hash_version = ${marker.version}, hash_key_id = ${marker.keyId}
          where id = ${row.id}`,
      );
      previousHash = hash;
    }
  }

  it('signs each new row with HMAC-SHA-256 under the audit key, in SQL as in TypeScript', async () => {
    const { current } = getAuditKeyring(server.context.db);
    const rows = await chainRows();
    expect(rows.length).toBeGreaterThan(0);
    let previousHash = AUDIT_GENESIS_HASH;
    for (const row of rows) {
      expect(row).toMatchObject({ hashVersion: 2, hashKeyId: current.id });
      expect(row.hash).toBe(hmacAuditRow(current.key, previousHash, row));
      expect(row.hash).not.toBe(hashAuditRow(previousHash, row));
      previousHash = row.hash ?? '';
    }
    const content = {
      id: 42,
      timestamp: '2026-03-04T05:06:07.089012Z',
      userId: 'user "1"',
      userName: 'Zoë Ærø 😀 \\ back\tslash',
      userRole: null,
      action: 'patient_viewed',
      patientId: '0b6c6a1e-4d0f-4c5e-9a37-2f1f3d6f9a10',
      details: 'ids: a, b\nline two\u0001',
      ip: '203.0.113.9',
    };
    const result = (await server.context.db.execute(sql`
      select audit_log_hmac(p.inner_pad, p.outer_pad, ${AUDIT_GENESIS_HASH}, ${content.id},
        ${content.timestamp}::timestamptz, ${content.userId}, ${content.userName}, null,
        ${content.action}, ${content.patientId}::uuid, ${content.details}, ${content.ip}) as hash
      from audit_hmac_pads(decode(${current.key.toString('hex')}, 'hex')) p
    `)) as unknown as { rows: { hash: string }[] };
    expect(result.rows[0]?.hash).toBe(hmacAuditRow(current.key, AUDIT_GENESIS_HASH, content));
    // The SQL HMAC itself, on RFC 4231's test case 2.
    const vector = (await server.context.db.execute(sql`
      select encode(sha256(p.outer_pad || sha256(p.inner_pad ||
        convert_to('what do ya want for nothing?', 'UTF8'))), 'hex') as hmac
      from audit_hmac_pads(convert_to('Jefe', 'UTF8')) p
    `)) as unknown as { rows: { hmac: string }[] };
    expect(vector.rows[0]?.hmac).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('keeps no key in the database and none in the error of a failed append', async () => {
    const key = getAuditKeyring(server.context.db).current.key.toString('hex');
    const dump = await server.context.db.execute(sql`select * from audit_logs`);
    expect(JSON.stringify(dump)).not.toContain(key);
    const failure = await failureOf(
      writeAudit(server.context.db, { action: 'patient_viewed', details: 'bad \u0000 row' }),
    );
    expect(failure).not.toBe('no error');
    expect(failure).not.toContain(key);
  });

  it('fails when verified under another key', async () => {
    const [first] = await chainRows();
    const otherKeys = createAuditKeyring(Buffer.alloc(32, 'another key'));
    expect(await verifyAuditChain(server.context.db, { keys: otherKeys })).toEqual({
      intact: false,
      rows: 0,
      brokenAtId: first?.id,
      reason: 'unknown-key',
    });
  });

  it('detects a chain recomputed from a row onward with unkeyed SHA-256', async () => {
    const rows = await chainRows();
    const target = rows[1]!;
    const checkpoint = await getChainHead(server.context.db);
    await rewriteFrom(target.id, hashAuditRow, { version: 1, keyId: null });
    expect(await verifyChain(server.context.db)).toMatchObject({
      intact: false,
      brokenAtId: target.id,
      reason: 'unkeyed',
    });
    // Recomputed while still claiming the key's id: the HMAC does not match.
    const { current } = getAuditKeyring(server.context.db);
    await rewriteFrom(target.id, hashAuditRow, { version: 2, keyId: current.id });
    expect(await verifyChain(server.context.db)).toMatchObject({
      intact: false,
      brokenAtId: target.id,
      reason: 'hash',
    });
    // Or under a key of the forger's own, named as the real one.
    const forged = Buffer.alloc(32, 'forged');
    await rewriteFrom(target.id, (previous, row) => hmacAuditRow(forged, previous, row), {
      version: 2,
      keyId: current.id,
    });
    expect(await verifyChain(server.context.db)).toMatchObject({
      intact: false,
      brokenAtId: target.id,
      reason: 'hash',
    });
    // Rewritten whole, unkeyed from the first row, it walks; the checkpoint shows it.
    await rewriteFrom(rows[0]!.id, hashAuditRow, { version: 1, keyId: null });
    expect(await verifyChain(server.context.db)).toMatchObject({ intact: true });
    expect(await verifyChain(server.context.db, checkpoint ?? undefined)).toMatchObject({
      intact: false,
      brokenAtId: checkpoint?.id,
      reason: 'checkpoint-differs',
    });
  });
});

describe('an audit chain cut off at the end', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    for (const email of ['clinic@demo.test', 'attorney@demo.test', 'admin@demo.test'])
      await server.login(email);
  });
  afterAll(async () => {
    await server.close();
  });

  it('is reported given a checkpoint taken before the cut', async () => {
    const { db } = server.context;
    const checkpoint = await getChainHead(db);
    expect(checkpoint).not.toBeNull();
    const rows = await countRows(server);
    expect(await verifyChain(db, checkpoint!)).toEqual({
      intact: true,
      rows,
      brokenAtId: null,
      checkpointId: checkpoint!.id,
    });
    await tamper(server, sql`delete from audit_logs where id >= ${checkpoint!.id - 1}`);
    // The rest still walks: only the checkpoint tells that rows are gone.
    expect(await verifyChain(db)).toMatchObject({ intact: true, rows: rows - 2 });
    expect(await verifyChain(db, checkpoint!)).toEqual({
      intact: false,
      rows: rows - 2,
      brokenAtId: checkpoint!.id,
      reason: 'checkpoint-missing',
    });
  });
});

describe('audit rows written before the chain was keyed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('still verify by SHA-256, with keyed rows after them', async () => {
    const { db } = server.context;
    // A log as migration 0023 found it: SHA-256 rows, version 1, no key.
    await tamper(server, sql`delete from audit_logs`);
    let previousHash = AUDIT_GENESIS_HASH;
    for (const [index, action] of ['login', 'patient_viewed', 'logout'].entries()) {
      const row = {
        id: 1_000_000 + index,
        timestamp: `2025-01-0${index + 1}T10:00:00.000000Z`,
        userId: null,
        userName: 'Old Row',
        userRole: 'admin',
        action,
        patientId: null,
        details: `before the key ${index}`,
        ip: null,
      };
      const hash = hashAuditRow(previousHash, row);
      await db.insert(auditLogs).values({
        ...row,
        timestamp: new Date(row.timestamp),
        userRole: 'admin',
        previousHash,
        hash,
        hashVersion: 1,
      });
      previousHash = hash;
    }
    await db.execute(sql`select setval(pg_get_serial_sequence('audit_logs', 'id'), 1000002, true)`);
    expect(await verifyChain(db)).toEqual({ intact: true, rows: 3, brokenAtId: null });
    await writeAudit(db, { action: 'settings_updated', details: 'after the key' });
    await writeAuditOnItsOwn(db, { action: 'patient_viewed', details: 'after the key, a read' });
    const rows = await listChainRows(db, 0, 10);
    expect(rows.map((row) => row.hashVersion)).toEqual([1, 1, 1, 2, 2]);
    expect(await verifyChain(db)).toEqual({ intact: true, rows: 5, brokenAtId: null });
  });
});
