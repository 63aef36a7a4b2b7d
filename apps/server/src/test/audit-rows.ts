import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuditAction } from '@casebridge/domain/audit';
import { auditLogs, patients, users } from '#src/db/schema/index.ts';
import type { TestServer } from './test-server.ts';

/** Which audit rows a test counts: its own actor (and patient), never a whole table. */
export type AuditRowFilter = {
  email: string;
  action: AuditAction;
  /** A patient id, or null for rows about no patient; omitted: any. */
  patientId?: string | null;
};

async function userIdOf(server: TestServer, email: string): Promise<string> {
  const [user] = await server.context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

async function conditionsOf(server: TestServer, filter: AuditRowFilter): Promise<SQL[]> {
  const conditions = [
    eq(auditLogs.userId, await userIdOf(server, filter.email)),
    eq(auditLogs.action, filter.action),
  ];
  if (filter.patientId !== undefined && filter.patientId !== null)
    conditions.push(eq(auditLogs.patientId, filter.patientId));
  return conditions;
}

export async function countAuditRows(server: TestServer, filter: AuditRowFilter) {
  const [row] = await server.context.db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(...(await conditionsOf(server, filter))));
  return row?.n ?? 0;
}

/** The rows of the filter, oldest first. */
export async function listAuditRows(server: TestServer, filter: AuditRowFilter) {
  return server.context.db
    .select()
    .from(auditLogs)
    .where(and(...(await conditionsOf(server, filter))))
    .orderBy(asc(auditLogs.id));
}

/**
 * Runs one request and checks it wrote exactly one audit row of the filter (counted before and
 * after: the append-only log cannot be cleared between tests). Returns the answer and the row.
 */
export async function expectOneAuditRow(
  server: TestServer,
  filter: AuditRowFilter,
  run: () => Promise<LightMyRequestResponse>,
) {
  const before = await countAuditRows(server, filter);
  const response = await run();
  const rows = await listAuditRows(server, filter);
  expect(rows.length - before).toBe(1);
  const row = rows.at(-1)!;
  if (filter.patientId === null) expect(row.patientId).toBeNull();
  return { response, row };
}

export async function patientIdByName(server: TestServer, fullName: string): Promise<string> {
  const [row] = await server.context.db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.fullName, fullName));
  if (!row) throw new Error(`no patient ${fullName}`);
  return row.id;
}
