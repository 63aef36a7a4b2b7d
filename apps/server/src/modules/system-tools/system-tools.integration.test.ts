import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  SYSTEM_TOOL_MESSAGES,
  type THealthCheckResult,
} from '@casebridge/domain/admin/system-tools.schemas';
import { auditLogs, healthChecks, organizations } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { getFreePort, startTestSmtpServer } from '#src/mail/smtp-sink.ts';

const byId = (checks: THealthCheckResult[]) =>
  Object.fromEntries(checks.map((check) => [check.id, check]));

async function countFiles(server: TestServer): Promise<number> {
  const entries = await readdir(path.join(server.context.env.dataDir, 'files'), {
    recursive: true,
    withFileTypes: true,
  });
  return entries.filter((entry) => entry.isFile()).length;
}

describe('admin system tools', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await createTestServer({ SEED_DEMO: 'false' });
    admin = await server.login('admin@demo.test');
  });
  afterAll(async () => {
    await server.close();
  });

  it('runs a database and a storage round trip that leave nothing behind', async () => {
    const filesBefore = await countFiles(server);
    const response = await server.request({
      method: 'POST',
      url: '/api/admin/health-checks',
      cookie: admin,
    });
    expect(response.statusCode).toBe(200);
    const checks = byId(response.json().checks);
    expect(checks.database).toMatchObject({ status: 'passed' });
    expect(checks.storage).toMatchObject({ status: 'passed' });
    expect(checks.mail).toMatchObject({ status: 'not_configured' });
    expect(await server.context.db.select().from(healthChecks)).toEqual([]);
    expect(await countFiles(server)).toBe(filesBefore);
    const [audit] = await server.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'health_check_run'));
    expect(audit?.details).toBe('database: passed, storage: passed, mail: not_configured');
  });

  it('reports a failing database check without hiding the other results', async () => {
    const broken = await createTestServer();
    try {
      const cookie = await broken.login('admin@demo.test');
      // The scratch table is gone: the write fails, the storage check still runs.
      await broken.context.db.execute(sql`alter table health_checks rename to health_checks_gone`);
      const response = await broken.request({
        method: 'POST',
        url: '/api/admin/health-checks',
        cookie,
      });
      const checks = byId(response.json().checks);
      expect(checks.database?.status).toBe('failed');
      expect(checks.database?.detail).not.toBe('');
      expect(checks.storage?.status).toBe('passed');
    } finally {
      await broken.close();
    }
  });

  it('verifies the SMTP transport when SMTP_URL is set, and reports it down', async () => {
    const smtp = await startTestSmtpServer();
    const withMail = await createTestServer({ SMTP_URL: smtp.url });
    try {
      const cookie = await withMail.login('admin@demo.test');
      const up = await withMail.request({
        method: 'POST',
        url: '/api/admin/health-checks',
        cookie,
      });
      expect(byId(up.json().checks).mail?.status).toBe('passed');
      expect(smtp.received).toEqual([]);
    } finally {
      await withMail.close();
      await smtp.close();
    }
    const downPort = await getFreePort();
    const withDeadMail = await createTestServer({ SMTP_URL: `smtp://127.0.0.1:${downPort}` });
    try {
      const cookie = await withDeadMail.login('admin@demo.test');
      const down = await withDeadMail.request({
        method: 'POST',
        url: '/api/admin/health-checks',
        cookie,
      });
      expect(byId(down.json().checks).mail?.status).toBe('failed');
      const tools = await withDeadMail.request({ url: '/api/admin/tools', cookie });
      expect(tools.json().mailConfigured).toBe(true);
    } finally {
      await withDeadMail.close();
    }
  });

  it('refuses to load demo data where demo data is disabled', async () => {
    const tools = await server.request({ url: '/api/admin/tools', cookie: admin });
    expect(tools.json()).toEqual({ demoDataEnabled: false, mailConfigured: false });
    const before = await server.context.db.select().from(organizations);
    const response = await server.request({
      method: 'POST',
      url: '/api/admin/demo-data',
      cookie: admin,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(SYSTEM_TOOL_MESSAGES.demoDataDisabled);
    expect(await server.context.db.select().from(organizations)).toEqual(before);
  });

  it('loads demo data idempotently where it is enabled', async () => {
    const enabled = await createTestServer({ SEED_DEMO: 'true' });
    try {
      const cookie = await enabled.login('admin@demo.test');
      const before = (await enabled.context.db.select().from(organizations)).length;
      const response = await enabled.request({
        method: 'POST',
        url: '/api/admin/demo-data',
        cookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ seeded: false, reason: 'demo data already present' });
      expect((await enabled.context.db.select().from(organizations)).length).toBe(before);
      const audit = await enabled.context.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'demo_data_seeded'));
      expect(audit).toHaveLength(1);
    } finally {
      await enabled.close();
    }
  });
});
