import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '#src/test/test-template.ts';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type Database } from './client.ts';
import * as schema from './schema/index.ts';

/**
 * The data model (docs/requirements.md section 3, with the decisions in docs/architecture.md) plus
 * auth.
 */
const REQUIRED_TABLES = [
  'organizations',
  'users',
  'patients',
  'patient_clinics',
  'patient_lienholders',
  'messages',
  'message_reads',
  'documents',
  'billing_entries',
  'notifications',
  'message_templates',
  'audit_logs',
  'settings',
  'notification_preferences',
  'access_requests',
  'mail_outbox',
  'events',
  'sessions',
  'accounts',
  'verifications',
];

/** The checks that keep statuses, categories, kinds and roles to their allowed values. */
const REQUIRED_CHECKS = [
  'patients_treatment_status_check',
  'documents_category_check',
  'organizations_kind_check',
  'users_role_check',
  'access_requests_role_check',
  'notifications_type_check',
];

const schemaTables = (Object.values(schema) as unknown[]).flatMap((value) =>
  is(value, PgTable) ? [getTableConfig(value).name] : [],
);

const journal = JSON.parse(
  readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The message of an error and of its causes (Drizzle wraps the driver's error). */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause)
    parts.push(current.message);
  return parts.join(' / ');
}

/** A fresh, empty database on the backend this run tests: PGlite, or the PostgreSQL server. */
async function withEmptyDatabase(run: (database: Database, url: string | null) => Promise<void>) {
  const template = inject('testTemplate');
  if (template.kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await run(database, null);
    } finally {
      await database.close();
    }
    return;
  }
  // The template's prefix: the run's teardown drops it even if this test dies half-way.
  const name = `${template.prefix}_migrate_${process.pid}`;
  const admin = new pg.Client({ connectionString: template.serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = withDatabase(template.serverUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  try {
    await run(database, url);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

describe('migrations', () => {
  it('create the whole data model on an empty database', async () => {
    await withEmptyDatabase(async (database) => {
      const before = await rows<{ table_name: string }>(
        database,
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      );
      expect(before).toEqual([]);

      await migrateDatabase(database);

      const tables = (
        await rows<{ table_name: string }>(
          database,
          sql`select table_name from information_schema.tables
              where table_schema = 'public' and table_type = 'BASE TABLE'`,
        )
      ).map((row) => row.table_name);
      expect(tables).toEqual(expect.arrayContaining(REQUIRED_TABLES));
      // Every table the Drizzle schema declares exists, and nothing else.
      expect(new Set(tables)).toEqual(new Set(schemaTables));

      const checks = (
        await rows<{ constraint_name: string }>(
          database,
          sql`select constraint_name from information_schema.table_constraints
              where table_schema = 'public' and constraint_type = 'CHECK'`,
        )
      ).map((row) => row.constraint_name);
      expect(checks).toEqual(expect.arrayContaining(REQUIRED_CHECKS));

      const foreignKeys = await rows<{ table_name: string }>(
        database,
        sql`select table_name from information_schema.table_constraints
            where table_schema = 'public' and constraint_type = 'FOREIGN KEY'`,
      );
      const tablesWithForeignKeys = new Set(foreignKeys.map((row) => row.table_name));
      for (const table of ['patient_clinics', 'patient_lienholders', 'messages', 'documents'])
        expect(tablesWithForeignKeys).toContain(table);

      const applied = await rows<{ id: number }>(
        database,
        sql`select id from drizzle.__drizzle_migrations`,
      );
      expect(applied).toHaveLength(journal.entries.length);
    });
  });

  it('are idempotent and leave the checks enforced', async () => {
    await withEmptyDatabase(async (database) => {
      await migrateDatabase(database);
      await migrateDatabase(database);
      const applied = await rows<{ id: number }>(
        database,
        sql`select id from drizzle.__drizzle_migrations`,
      );
      expect(applied).toHaveLength(journal.entries.length);

      const refused = await database.db
        .insert(schema.organizations)
        // @ts-expect-error the type forbids this kind; the database check must refuse it too.
        .values({ kind: 'hospital', name: 'X', slug: 'X' })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(describeError(refused)).toContain('organizations_kind_check');
      await database.db
        .insert(schema.organizations)
        .values({ kind: 'clinic', name: 'Valid Clinic', slug: 'Valid_Clinic' });
      const counted = await rows<{ count: number | string }>(
        database,
        sql`select count(*) as count from organizations`,
      );
      expect(Number(counted[0]?.count)).toBe(1);
    });
  });

  // Instances starting together, or one starting while `casebridge migrate` runs.
  it.runIf(inject('testTemplate').kind === 'postgres')(
    'applied by several processes at once, each migration once',
    async () => {
      await withEmptyDatabase(async (database, url) => {
        const others = await Promise.all(
          [1, 2].map(() => openDatabase({ databaseUrl: url ?? undefined })),
        );
        try {
          const results = await Promise.allSettled(
            [database, ...others].map((each) => migrateDatabase(each)),
          );
          expect(results.map((result) => result.status)).toEqual([
            'fulfilled',
            'fulfilled',
            'fulfilled',
          ]);
        } finally {
          await Promise.all(others.map((other) => other.close()));
        }
        const applied = await rows<{ id: number }>(
          database,
          sql`select id from drizzle.__drizzle_migrations`,
        );
        expect(applied).toHaveLength(journal.entries.length);
      });
    },
  );
});
