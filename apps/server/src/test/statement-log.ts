import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '#src/db/client.ts';
import * as schema from '#src/db/schema/index.ts';
import type { TestServer } from './test-server.ts';

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * The test server's database through a second handle that records each statement it sends:
 * for tests that a piece of work takes a bounded number of round trips, whatever its size.
 * Transaction control (begin, commit: logged by one driver, not the other) is left out.
 */
export function withStatementLog(server: TestServer): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logger = {
    logQuery: (text: string) => {
      if (!TRANSACTION_CONTROL.test(text)) statements.push(text);
    },
  };
  const client = (server.context.db as unknown as { $client: unknown }).$client;
  const db = server.databaseUrl
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite({ client: client as PGlite, schema, logger });
  return { db: db as unknown as Db, statements };
}
