import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUDIT_LOG_COUNT_CAP, NOTIFICATION_UNREAD_COUNT_CAP } from '@casebridge/domain/constants';
import type { Db } from '#src/db/client.ts';
import { patients, users } from '#src/db/schema/index.ts';
import { selectBoundedCount } from '#src/lib/bounded-count.ts';
import { selectAuditLogPage, selectMatchingAuditLogs } from '#src/modules/audit/audit.queries.ts';
import { selectMessagePage } from '#src/modules/messages/messages.queries.ts';
import {
  selectNotificationPage,
  selectUnreadNotifications,
} from '#src/modules/notifications/notifications.queries.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * Realistic volumes for one organisation's busiest lists (docs/requirements/added-requirements.md,
 * 'Other lists at scale').
 */
const AUDIT_ROWS = 200_000;
const NOTIFICATIONS_OF_ONE_USER = 100_000;
const MESSAGES_ON_ONE_PATIENT = 10_000;

/** $1 is the patient of the long thread; in the second, $2 is the user with the long list. */
const BULK_ROWS_SQL = [
  `insert into audit_logs (timestamp, user_id, user_name, user_role, action, patient_id, details)
  select now() - make_interval(secs => g * 30), 'bulk-' || (g % 200), 'Bulk ' || (g % 200),
    'clinic',
    (array['patient_viewed', 'login', 'document_downloaded', 'messages_viewed', 'patient_updated',
      'logout', 'notifications_listed', 'settings_updated'])[g % 8 + 1],
    case when g % 3 = 0 then null else $1::uuid end, 'bulk ' || g
  from generate_series(1, ${AUDIT_ROWS}) g`,
  `insert into notifications (recipient_user_id, patient_id, type, content, is_read, created_at)
  select case when g <= ${NOTIFICATIONS_OF_ONE_USER} then $2
      else (select id from users where email = 'attorney@demo.test') end,
    case when g % 2 = 0 then null else $1::uuid end, 'status_update', 'bulk ' || g,
    g % 3 <> 0, now() - make_interval(secs => g / 2.0)
  from generate_series(1, ${NOTIFICATIONS_OF_ONE_USER + 50_000}) g`,
  `insert into messages (patient_id, sender_name, sender_role, body, created_at)
  select case when g <= ${MESSAGES_ON_ONE_PATIENT} then $1::uuid
      else (select id from patients where id <> $1::uuid order by id limit 1) end,
    'Bulk Sender', 'clinic', 'bulk ' || g, now() - make_interval(secs => g / 3.0)
  from generate_series(1, ${MESSAGES_ON_ONE_PATIENT + 20_000}) g`,
];

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

async function planOf(db: Db, query: SQLWrapper): Promise<PlanNode[]> {
  const result = (await db.execute(sql`explain (format json) ${query}`)) as { rows: unknown[] };
  const [row] = result.rows as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
  return flatten(row!['QUERY PLAN'][0]!.Plan);
}

/**
 * What a list page's plan must be (docs/decisions/0017-other-lists-id-cursors-and-capped-counts.md):
 * the table is read through an index in the list's
 * order (`indexes`: the cursor's own row is looked up by primary key), never scanned whole (`fullScans`) and never sorted (`sorts`); a count reads
 * it under a Limit (`isBounded`).
 */
function summarize(nodes: PlanNode[], table: string) {
  const onTable = nodes.filter((node) => node['Relation Name'] === table);
  const limit = nodes.find((node) => node['Node Type'] === 'Limit');
  return {
    fullScans: onTable
      .map((node) => node['Node Type'])
      .filter((type) => type === 'Seq Scan' || type === 'Bitmap Heap Scan'),
    sorts: nodes.map((node) => node['Node Type']).filter((type) => type.endsWith('Sort')),
    indexes: onTable.flatMap((node) => node['Index Name'] ?? []),
    isBounded:
      limit !== undefined && flatten(limit).some((node) => node['Relation Name'] === table),
  };
}

const ORDERED_BY_INDEX = { fullScans: [], sorts: [] };

/**
 * EXPLAIN of the real list queries on PostgreSQL at those volumes. They need the indexes
 * declared in db/schema (audit_logs_*_timestamp_id_idx, notifications_recipient_created_id_idx,
 * messages_patient_created_id_idx), so they pass once the migration that creates them exists.
 */
describe.runIf(inject('testTemplate').kind === 'postgres')('list query plans at scale', () => {
  let server: TestServer;
  let db: Db;
  let clinicUser: { userId: string; role: string; organizationId: string | null };
  let maria: InScopePatientId;
  let auditCursor: number;
  let notificationCursor: string;
  let messageCursor: string;

  beforeAll(async () => {
    server = await createTestServer();
    db = server.context.db;
    const [user] = await db
      .select({ userId: users.id, role: users.role, organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, 'clinic@demo.test'));
    clinicUser = user!;
    const [patient] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.fullName, 'Maria Delgado'));
    maria = patient!.id as InScopePatientId;
    // Bulk rows through a client of our own: the app's pool stops statements after 10 s.
    const setup = new pg.Client({ connectionString: server.databaseUrl });
    await setup.connect();
    try {
      for (const statement of BULK_ROWS_SQL) {
        const params = statement.includes('$2') ? [maria, clinicUser.userId] : [maria];
        await setup.query(statement, params);
      }
      await setup.query('analyze audit_logs, notifications, messages');
    } finally {
      await setup.end();
    }
    // Cursors half-way down each list: the deep page offset paging made slow.
    const middle = async (query: ReturnType<typeof sql>) => {
      const result = (await db.execute(query)) as { rows: unknown[] };
      return (result.rows[0] as { id: string | number }).id;
    };
    auditCursor = Number(
      await middle(
        sql`select id from audit_logs order by timestamp desc, id desc offset 100000 limit 1`,
      ),
    );
    notificationCursor = String(
      await middle(
        sql`select id from notifications where recipient_user_id = ${clinicUser.userId} order by created_at desc, id desc offset 50000 limit 1`,
      ),
    );
    messageCursor = String(
      await middle(
        sql`select id from messages where patient_id = ${maria} order by created_at desc, id desc offset 5000 limit 1`,
      ),
    );
  }, 180_000);
  afterAll(async () => {
    await server.close();
  });

  const auditIndexes = [
    'audit_logs_timestamp_id_idx',
    'audit_logs_action_timestamp_id_idx',
    'audit_logs_patient_timestamp_id_idx',
  ];

  it('pages the audit log along its indexes, first page and deep, filtered or not', async () => {
    const page = { pageSize: 25 };
    for (const [filter, cursor] of [
      [{}, undefined],
      [{}, auditCursor],
      [{ action: 'login' as const }, auditCursor],
      [{ patient: maria }, auditCursor],
    ] as const) {
      const plan = summarize(
        await planOf(db, selectAuditLogPage(db, filter, { ...page, cursor })),
        'audit_logs',
      );
      expect(plan).toMatchObject(ORDERED_BY_INDEX);
      expect(plan.indexes.filter((name) => auditIndexes.includes(name))).not.toEqual([]);
    }
  });

  it('counts the audit log no further than its cap', async () => {
    const count = selectBoundedCount(db, selectMatchingAuditLogs(db, {}), AUDIT_LOG_COUNT_CAP);
    expect(summarize(await planOf(db, count), 'audit_logs').isBounded).toBe(true);
  });

  it('pages one user’s 100k notifications along their index', async () => {
    for (const cursor of [undefined, notificationCursor]) {
      const plan = summarize(
        await planOf(db, selectNotificationPage(db, clinicUser, { limit: 20, cursor })),
        'notifications',
      );
      expect(plan).toMatchObject(ORDERED_BY_INDEX);
      expect(plan.indexes).toContain('notifications_recipient_created_id_idx');
    }
  });

  it('counts unread notifications no further than the cap', async () => {
    const unread = selectUnreadNotifications(db, clinicUser);
    const count = selectBoundedCount(db, unread, NOTIFICATION_UNREAD_COUNT_CAP);
    expect(summarize(await planOf(db, count), 'notifications').isBounded).toBe(true);
  });

  it('pages a 10k-message thread along its index', async () => {
    for (const cursor of [undefined, messageCursor]) {
      const plan = summarize(
        await planOf(
          db,
          selectMessagePage(db, {
            patientId: maria,
            viewer: { userId: clinicUser.userId, role: 'clinic' },
            limit: 30,
            cursor,
          }),
        ),
        'messages',
      );
      expect(plan).toMatchObject(ORDERED_BY_INDEX);
      expect(plan.indexes).toContain('messages_patient_created_id_idx');
    }
  });
});
