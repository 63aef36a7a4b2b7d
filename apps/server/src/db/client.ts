import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Listener = (payload: string) => void;

/** The database behind the app: PGlite in process, or a PostgreSQL server through node-postgres. */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
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
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.pglite ?? (await createPglite(options.pgliteDir ?? 'memory://')));
}

export async function createPglite(dir: string): Promise<PGlite> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  return PGlite.create(dir);
}

function openPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let isClosed = false;
  return {
    db,
    kind: 'pglite',
    async listen(channel, listener) {
      const unsubscribe = await client.listen(channel, listener);
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

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client's error (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let isClosed = false;
  return {
    db,
    kind: 'postgres',
    async listen(channel, listener) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) listener(message.payload ?? '');
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.end().catch(() => undefined);
      };
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      // Idempotent like PGlite's: pg-pool throws when ended twice.
      if (isClosed) return;
      isClosed = true;
      await pool.end();
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    // oxlint-disable-next-line typescript/no-explicit-any -- the drizzle migrators take their driver's own db type
    await migratePglite(database.db as any, config);
  } else {
    // oxlint-disable-next-line typescript/no-explicit-any -- see above
    await migratePg(database.db as any, config);
  }
}
