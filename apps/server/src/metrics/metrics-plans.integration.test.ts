import { sql, type SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '#src/db/client.ts';
import { countUnsentMail } from '#src/modules/mail-outbox/mail-outbox.service.ts';
import { countUndeliveredWebhooks } from '#src/modules/webhooks/webhooks.service.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/** A year of mail and webhook deliveries, nearly all sent: what a metrics scrape counts among. */
const SENT_ROWS = 50_000;
const BULK_ROWS_SQL = [
  `insert into mail_outbox (kind, to_address, subject, html, text, status, created_at)
  select 'notification', 'bulk' || g || '@example.test', 's', 'h', 't',
    case when g % 5000 = 0 then 'pending' else 'sent' end, now() - make_interval(secs => g * 60)
  from generate_series(1, ${SENT_ROWS}) g`,
  `insert into webhook_endpoints (url, event_types, secret_ciphertext, secret_key_id, created_by_name)
  values ('https://receiver.example/hook', '{patient.status-changed}', 'x', 'k', 'Bulk')`,
  `insert into webhook_deliveries (endpoint_id, event_type, payload, status, created_at)
  select (select id from webhook_endpoints where created_by_name = 'Bulk'), 'patient.status-changed',
    '{}'::jsonb, case when g % 5000 = 0 then 'failed' else 'delivered' end,
    now() - make_interval(secs => g * 60)
  from generate_series(1, ${SENT_ROWS}) g`,
];

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

async function scansOf(db: Db, query: SQLWrapper, table: string) {
  const result = (await db.execute(sql`explain (format json) ${query}`)) as { rows: unknown[] };
  const [row] = result.rows as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
  return flatten(row!['QUERY PLAN'][0]!.Plan)
    .filter((node) => node['Relation Name'] === table)
    .map((node) => `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
}

/**
 * Every scrape of GET /api/metrics counts the mail and webhook deliveries still owed: through a
 * partial index of those few rows, not by reading every row ever sent.
 */
describe.runIf(inject('testTemplate').kind === 'postgres')('metrics query plans', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
    const setup = new pg.Client({ connectionString: server.databaseUrl });
    await setup.connect();
    try {
      for (const statement of BULK_ROWS_SQL) await setup.query(statement);
      await setup.query('analyze mail_outbox, webhook_deliveries');
    } finally {
      await setup.end();
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('count unsent mail through its partial index', async () => {
    const db = server.context.db;
    expect(await scansOf(db, countUnsentMail(db), 'mail_outbox')).toEqual([
      expect.stringMatching(/^Index (Only )?Scan mail_outbox_unsent_idx$/),
    ]);
    expect(await countUnsentMail(db)).toEqual([
      expect.objectContaining({ status: 'pending', count: SENT_ROWS / 5000 }),
    ]);
  });

  it('count undelivered webhooks through their partial index', async () => {
    const db = server.context.db;
    expect(await scansOf(db, countUndeliveredWebhooks(db), 'webhook_deliveries')).toEqual([
      expect.stringMatching(/^Index (Only )?Scan webhook_deliveries_undelivered_idx$/),
    ]);
    expect(await countUndeliveredWebhooks(db)).toEqual([
      expect.objectContaining({ status: 'failed', count: SENT_ROWS / 5000 }),
    ]);
  });
});
