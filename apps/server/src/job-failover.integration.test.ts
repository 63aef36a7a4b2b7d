import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { cloneTemplateDatabase, type ClonedDatabase } from './test/postgres-clone.ts';
import { getFreePort, startServerProcess, type ServerProcess } from './test/server-process.ts';

const template = inject('testTemplate');

/**
 * A job whose instance is killed mid-attempt (kill -9, no chance to hand it back) is taken over
 * by the other instance once its lease has passed, and completes there once: two real server
 * processes on one PostgreSQL database, a webhook receiver that never answers the first attempt.
 */
describe.runIf(template.kind === 'postgres')('a job whose instance dies mid-attempt', () => {
  let database: ClonedDatabase | undefined;
  let sql: pg.Client | undefined;
  let root: string | undefined;
  const instances: ServerProcess[] = [];
  const received: Array<{ deliveryId: string; response: ServerResponse }> = [];
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push({ deliveryId: String(request.headers['x-casebridge-delivery']), response });
      // The first attempt hangs, as a receiver stuck mid-request would; later ones succeed.
      if (received.length > 1) response.end('ok');
    });
  });

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    root = await mkdtemp(path.join(os.tmpdir(), 'casebridge-failover-'));
    database = await cloneTemplateDatabase(template, 'failover');
    sql = new pg.Client({ connectionString: database.databaseUrl });
    await sql.connect();
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const shared = {
      NODE_ENV: 'test',
      DATABASE_URL: database.databaseUrl,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      DOCUMENT_KEY: randomBytes(32).toString('base64'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // A short receiver timeout keeps the lease (twice the job's timeout) short.
      WEBHOOK_TIMEOUT_MS: '2000',
    };
    for (const name of ['a', 'b']) {
      const port = await getFreePort();
      const dataDir = path.join(root, name);
      await mkdir(dataDir);
      instances.push(
        await startServerProcess({
          port,
          env: { ...shared, DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${port}` },
        }),
      );
    }
  }, 60_000);

  afterAll(async () => {
    for (const { response } of received) response.destroy();
    await Promise.allSettled(instances.map((instance) => instance.stop()));
    await new Promise((resolve) => receiver.close(resolve));
    await sql?.end();
    await database?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  }, 30_000);

  async function post(instance: ServerProcess, url: string, body: unknown, cookie?: string) {
    return fetch(`${instance.baseUrl}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: instance.baseUrl,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  }
  async function signIn(instance: ServerProcess, email: string) {
    const response = await post(instance, '/api/auth/login', { email, password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .join('; ');
  }

  it('completes the job once on the other instance', { timeout: 60_000 }, async () => {
    const [first] = instances as [ServerProcess, ServerProcess];
    const admin = await signIn(first, 'admin@demo.test');
    const { port } = receiver.address() as AddressInfo;
    const endpoint = await post(
      first,
      '/api/webhooks',
      { url: `http://127.0.0.1:${port}/hooks`, eventTypes: ['message.created'] },
      admin,
    );
    expect(endpoint.status).toBe(201);
    const { rows: patients } = await sql!.query<{ id: string }>(
      'select id from patients where full_name = $1',
      ['Maria Delgado'],
    );
    const clinic = await signIn(first, 'clinic@demo.test');
    const message = await post(
      first,
      `/api/patients/${patients[0]!.id}/messages`,
      { body: 'Sent before an instance dies' },
      clinic,
    );
    expect(message.status).toBe(201);

    // One instance's fan-out queues the delivery; one instance claims it and hangs on the receiver.
    await expect.poll(() => received.length, { timeout: 20_000, interval: 20 }).toBe(1);
    const { rows: claimed } = await sql!.query<{ locked_by: string; attempts: number }>(
      `select locked_by, attempts from jobs where name = 'webhook.deliver' and status = 'running'`,
    );
    expect(claimed).toMatchObject([{ attempts: 1 }]);
    const holderPid = Number(claimed[0]!.locked_by.split(':')[1]);
    const holder = instances.find((instance) => instance.pid === holderPid)!;
    const survivor = instances.find((instance) => instance !== holder)!;
    expect(holder).toBeDefined();
    process.kill(holder.pid, 'SIGKILL');

    // Once the lease has passed, the survivor takes the job over and the delivery succeeds.
    await expect
      .poll(
        async () =>
          (await sql!.query<{ status: string }>('select status from webhook_deliveries')).rows,
        { timeout: 30_000, interval: 100 },
      )
      .toEqual([{ status: 'delivered' }]);
    const { rows: deliveries } = await sql!.query<{ id: string; attempts: number }>(
      'select id, attempts from webhook_deliveries',
    );
    expect(deliveries).toMatchObject([{ attempts: 2 }]);
    expect(received.map((request) => request.deliveryId)).toEqual([
      deliveries[0]!.id,
      deliveries[0]!.id,
    ]);
    const { rows: left } = await sql!.query(`select id from jobs where name = 'webhook.deliver'`);
    expect(left).toEqual([]);
    // The survivor still serves.
    expect((await fetch(`${survivor.baseUrl}/api/health`)).status).toBe(200);
  });
});
