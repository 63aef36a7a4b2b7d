/**
 * The floor of the list, search and counter figures: the SQL the server runs for a request,
 * captured from drizzle's query log while the service answers it once, then replayed through
 * the `pg` driver with no framework, validation, session or audit around it. Only the reads are
 * replayed: replaying the audit append (`select audit_append(…)`, ADR 0027) would add rows to
 * the chain, one per call under its lock, where the server appends a batch of concurrent
 * requests' rows at once. The server's ratio to the floor therefore includes the audit write.
 */
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  ZListPatientsQuery,
  type TListPatientsQuery,
} from '@casebridge/domain/patients/patient.schemas';
import { grantsActiveUntil } from '#src/auth/session.ts';
import type { Db } from '#src/db/client.ts';
import { createStatementNamer, preparingClient } from '#src/db/prepared-statements.ts';
import * as schema from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { getActorPatientStats, listActorPatients } from '#src/modules/patients/patients.service.ts';

export type Statement = { text: string; params: unknown[] };

/** What a figure's request does, once for the server (a path) and once for the floor (a call). */
export type Operation = { kind: 'list'; query: TListPatientsQuery } | { kind: 'counters' };

/**
 * Statements that only read: replayable any number of times. The audit chain's append, its lock
 * and its next id are selects too (`select audit_append(…)`, ADR 0027), but they are the audit
 * write, which is not replayed.
 */
export function isReplayableRead(text: string): boolean {
  const head = text.trimStart().slice(0, 12).toLowerCase();
  if (!head.startsWith('select') && !head.startsWith('with')) return false;
  return !/\bfor\s+(no\s+key\s+)?update\b|pg_advisory|nextval\(|audit_append\(|audit_chain_lock\(/i.test(
    text,
  );
}

/** Runs `operation` through the service as `email` and returns the reads it sent. */
export async function captureStatements(
  databaseUrl: string,
  email: string,
  operation: Operation,
): Promise<Statement[]> {
  const captured: Statement[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (text, params) => captured.push({ text, params }) },
    }) as unknown as Db;
    const actor = await loadActor(db, email);
    captured.length = 0;
    if (operation.kind === 'list')
      await listActorPatients(db, actor, ZListPatientsQuery.parse(operation.query), {
        ip: '127.0.0.1',
        appUrl: '',
        writeOrigin: null,
      });
    else await getActorPatientStats(db, actor);
  } finally {
    await pool.end();
  }
  return captured.filter((statement) => isReplayableRead(statement.text));
}

async function loadActor(db: Db, email: string): Promise<Actor> {
  const { users, organizations } = schema;
  // As the session check finds it: the audit and the scope skip the grant queries without one.
  const [row] = await db
    .select({ user: users, organization: organizations, grantsActiveUntil })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email} in an organisation`);
  return {
    userId: row.user.id,
    email: row.user.email,
    name: row.user.name,
    role: row.user.role,
    organizationId: row.organization.id,
    organizationName: row.organization.name,
    organizationKind: row.organization.kind,
    sessionId: 'bench-floor',
    createdAt: new Date(),
    grantsActiveUntil: row.grantsActiveUntil === null ? null : new Date(row.grantsActiveUntil),
  };
}

/**
 * One driver connection per client, each replaying the statements in order per call, prepared
 * as the app's pool prepares them (db/prepared-statements.ts).
 */
export async function openReplayers(databaseUrl: string, clients: number) {
  const Client = preparingClient(createStatementNamer());
  const connections = await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  return {
    replay: (statements: readonly Statement[]) => async (client: number) => {
      const connection = connections[client]!;
      for (const statement of statements)
        await connection.query({ text: statement.text }, statement.params);
    },
    close: () => Promise.all(connections.map((connection) => connection.end())),
  };
}
