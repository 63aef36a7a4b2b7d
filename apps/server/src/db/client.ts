import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createStatementNamer, preparingClient } from './prepared-statements.ts';
import { createQueryGate, hasQueryPriority } from './query-priority.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a LISTEN subscriber is told: each notification, and the connection going up and down. */
export type ListenHandlers = {
  onNotify(payload: string): void;
  /** The subscription is (again) in place; after a reconnect, notifications may have been missed. */
  onConnected?(isReconnect: boolean): void;
  onDisconnected?(reason: string): void;
};

export type DatabaseLog = { info(message: string): void; warn(message: string): void };

/** The database behind the app: PGlite in process, or a PostgreSQL server through node-postgres. */
export type Database = {
  db: Db;
  /**
   * The live streams' bookkeeping (their slots): on PostgreSQL a small pool of its own, so a storm
   * of streams opening at once queues there and never takes the connections requests need. On
   * PGlite, the one connection.
   */
  streamsDb: Db;
  kind: 'pglite' | 'postgres';
  /** The request pool's connections (PostgreSQL); null on PGlite, which has one. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. On PostgreSQL a lost
   * connection is reopened with backoff and reported through the handlers.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Applies the migrations this code knows and the database has not (see migrateDatabase). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory. */
  pgliteDir?: string;
  /** A PGlite instance made by the caller (tests clone a migrated template this way). */
  pglite?: PGlite;
  /** Where waiting for the server and reconnecting are reported. */
  log?: DatabaseLog;
  /** How long to wait for PostgreSQL at start before giving up (default 60 s). */
  startupWaitMs?: number;
  /** PostgreSQL connections this process may hold (DATABASE_POOL_SIZE, 10 by default). */
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const database = openPostgres(options.databaseUrl, options.log, options.poolSize);
    await waitForDatabase(database, options);
    return database;
  }
  return openPglite(options.pglite ?? (await createPglite(options.pgliteDir ?? 'memory://')));
}

/**
 * The contrib extensions the migrations create (patient list search): every PGlite
 * opened on the app's data must load them, or a write to an index that uses them fails.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin } satisfies PGliteOptions['extensions'];

export async function createPglite(dir: string): Promise<PGlite> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  return PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
}

/**
 * The PGlite client the app's queries go through: its statements and transactions pass the
 * query gate, write requests' first (db/query-priority.ts). Drizzle calls only these three.
 */
function gateWrites(client: PGlite): PGlite {
  const gate = createQueryGate();
  const gated: Pick<PGlite, 'query' | 'exec' | 'transaction'> = {
    query: (...args) => gate(hasQueryPriority(), () => client.query(...args)),
    exec: (...args) => gate(hasQueryPriority(), () => client.exec(...args)),
    transaction: (callback) => gate(hasQueryPriority(), () => client.transaction(callback)),
  };
  return gated as PGlite;
}

function openPglite(client: PGlite): Database {
  const db = drizzlePglite({ client: gateWrites(client), schema }) as unknown as Db;
  let isClosed = false;
  return {
    db,
    streamsDb: db,
    kind: 'pglite',
    poolStats: () => null,
    async migrate() {
      // oxlint-disable-next-line typescript/no-explicit-any -- the drizzle migrators take their driver's own db type
      await migratePglite(db as any, { migrationsFolder: MIGRATIONS_DIR });
    },
    async listen(channel, handlers) {
      const unsubscribe = await client.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onConnected?.(false);
      return async () => {
        if (!isClosed) await unsubscribe();
      };
    },
    async ping() {
      if (isClosed) throw new Error('database closed');
      await client.query('select 1');
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      await client.close();
    },
  };
}

/**
 * Timeouts so that a network partition answers within seconds instead of hanging: opening a
 * connection, and any one statement (server side, with a client-side backstop for a server that
 * no longer answers at all). TCP keepalive lets the OS notice a peer that vanished.
 */
export const POSTGRES_TIMEOUTS = {
  connectionTimeoutMillis: 3_000,
  statement_timeout: 10_000,
  query_timeout: 12_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 5_000,
} as const;
/** How often the LISTEN connection proves it is alive (a partition sends no error). */
const LISTEN_PROBE_MS = 5_000;
/** Named connections, so an operator (or a fault drill) can tell them apart in pg_stat_activity. */
export const APPLICATION_NAME = {
  pool: 'casebridge',
  listen: 'casebridge-listen',
  streams: 'casebridge-streams',
  migrate: 'casebridge-migrate',
} as const;
/** The streams pool's size: a slot takes one short transaction. */
const STREAMS_POOL_SIZE = 2;
const RECONNECT_MAX_MS = 5_000;

/** Connections per process unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/** How long a client whose connection died may stay checked out before the pool takes it back. */
const DEAD_CLIENT_GRACE_MS = 1_000;

/**
 * The connection pool, hardened against lost connections. A client's connection error (server
 * restart, terminated backend) must not crash the process: the query or transaction using it
 * fails. And a client whose connection died while checked out is taken back if its user never
 * releases it: drizzle's transaction sends BEGIN before its try/finally, so a BEGIN on a dead
 * connection never releases the client, and each such leak would shrink the pool for good (and
 * make pool.end() wait forever).
 */
export function createPool(
  url: string,
  max = DEFAULT_POOL_SIZE,
  applicationName: string = APPLICATION_NAME.pool,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    Client: preparingClient(createStatementNamer()),
    ...POSTGRES_TIMEOUTS,
  });
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  // The pool only listens on idle clients, so every client gets its own listener when made.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    client.on('end', () => {
      const timer = setTimeout(() => {
        if (checkedOut.has(client)) client.release(new Error('connection ended while checked out'));
      }, DEAD_CLIENT_GRACE_MS);
      timer.unref();
    });
  });
  return pool;
}

/** Resolves when the promise does or after `ms`, whichever is first; says which. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  const result = await Promise.race([settled, timeout]);
  clearTimeout(timer);
  return result;
}

function openPostgres(url: string, log?: DatabaseLog, poolSize?: number): Database {
  const pool = createPool(url, poolSize);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const streamsPool = createPool(url, STREAMS_POOL_SIZE, APPLICATION_NAME.streams);
  const streamsDb = drizzlePg(streamsPool, { schema }) as unknown as Db;
  let isClosed = false;
  const unlisteners = new Set<() => Promise<void>>();
  return {
    db,
    streamsDb,
    kind: 'postgres',
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    migrate: () => migratePostgres(url, log),
    async listen(channel, handlers) {
      const subscription = await listenWithReconnect(url, channel, handlers, log);
      const unlisten = async () => {
        unlisteners.delete(unlisten);
        await subscription.stop();
      };
      unlisteners.add(unlisten);
      return unlisten;
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      // Idempotent like PGlite's: pg-pool throws when ended twice.
      if (isClosed) return;
      isClosed = true;
      await Promise.all([...unlisteners].map((unlisten) => unlisten()));
      // A connection that never answers must not hold a shutdown past its deadline.
      if (!(await settlesWithin(Promise.all([pool.end(), streamsPool.end()]), 5_000)))
        log?.warn('PostgreSQL pool did not close within 5 s; leaving it to the process exit');
    },
  };
}

/**
 * A dedicated LISTEN connection that heals itself: when it errors, ends or stops answering the
 * probe, it is dropped and reopened with backoff (250 ms doubling to 5 s), and the subscriber is
 * told, so it can catch up on what it missed. Resolves once the first subscription is in place.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  log?: DatabaseLog,
): Promise<{ stop(): Promise<void> }> {
  let client: pg.Client | null = null;
  let isStopped = false;
  let attempt = 0;
  let probe: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;

  const drop = (reason: string) => {
    const current = client;
    if (!current) return;
    client = null;
    if (probe) clearInterval(probe);
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
    if (isStopped) return;
    handlers.onDisconnected?.(reason);
    scheduleConnect();
  };

  const connect = async (isReconnect: boolean) => {
    const next = new pg.Client({
      connectionString: url,
      application_name: APPLICATION_NAME.listen,
      ...POSTGRES_TIMEOUTS,
    });
    next.on('error', (error) => drop(error.message));
    next.on('end', () => drop('connection ended'));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      throw error;
    }
    if (isStopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    probe = setInterval(() => {
      next.query('select 1').catch((error: Error) => {
        if (client === next) drop(`probe failed: ${error.message}`);
      });
    }, LISTEN_PROBE_MS);
    probe.unref();
    handlers.onConnected?.(isReconnect);
  };

  const scheduleConnect = () => {
    if (isStopped || retry) return;
    const delay = Math.min(250 * 2 ** attempt, RECONNECT_MAX_MS);
    attempt += 1;
    retry = setTimeout(() => {
      retry = null;
      connect(true).catch((error: Error) => {
        if (attempt === 1 || attempt % 20 === 0)
          log?.warn(`LISTEN reconnect attempt ${attempt} failed: ${error.message}`);
        scheduleConnect();
      });
    }, delay);
    retry.unref();
  };

  await connect(false);
  return {
    async stop() {
      isStopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (probe) clearInterval(probe);
      if (current) await settlesWithin(current.end(), 2_000);
    },
  };
}

/**
 * PostgreSQL may come up after the app (containers starting together): wait for it with
 * bounded retries and a clear log line each time, rather than exiting at the first refusal.
 */
async function waitForDatabase(database: Database, options: DatabaseOptions): Promise<void> {
  const deadline = Date.now() + (options.startupWaitMs ?? 60_000);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await database.ping();
      if (attempt > 1) options.log?.info('PostgreSQL is answering');
      return;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (Date.now() >= deadline) {
        await database.close();
        throw new Error(`PostgreSQL did not answer in time: ${reason}`, { cause: error });
      }
      const where = new URL(options.databaseUrl!).host;
      options.log?.warn(`Waiting for PostgreSQL at ${where} (attempt ${attempt}): ${reason}`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(500 * attempt, 5_000)));
    }
  }
}

/**
 * Brings the schema up to this code's migrations; applied ones are skipped. Migrations only add
 * (tables, columns, indexes), so an instance of the previous release keeps serving on a schema
 * one release newer (docs/deployment.md#upgrading).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.migrate();
}

/** Which lock serialises migrators: pg_advisory_lock's key, 'casebridge migrations' in ASCII. */
const MIGRATION_LOCK_KEY = 0x63626d6967;
const MIGRATION_LOCK_WAIT_MS = 5 * 60_000;

/**
 * On its own connection, without the request pool's statement timeout (a migration may build an
 * index over a large table), and under an advisory lock: instances starting together, or an
 * instance starting while `casebridge migrate` runs, wait for the first migrator and then find
 * nothing left to apply, instead of applying a migration twice and failing.
 */
async function migratePostgres(url: string, log?: DatabaseLog): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    application_name: APPLICATION_NAME.migrate,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectionTimeoutMillis,
    keepAlive: true,
  });
  await client.connect();
  try {
    const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
    for (let attempt = 1; ; attempt += 1) {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [MIGRATION_LOCK_KEY],
      );
      if (rows[0]?.locked) break;
      if (Date.now() >= deadline)
        throw new Error('Another process held the migration lock for 5 minutes; nothing migrated');
      if (attempt === 1) log?.info('Waiting for another process to finish migrating');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // oxlint-disable-next-line typescript/no-explicit-any -- the drizzle migrators take their driver's own db type
    await migratePg(drizzlePg(client, { schema }) as any, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // Ending the session releases the advisory lock with it.
    await client.end();
  }
}
