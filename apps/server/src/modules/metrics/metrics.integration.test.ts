import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenAs, requestWithToken } from '#src/modules/api-tokens/api-token-test-support.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/** The value of one sample line (`name{labels} value`), or undefined when it is absent. */
function sample(text: string, line: RegExp): number | undefined {
  const found = text.split('\n').find((each) => line.test(each));
  return found === undefined ? undefined : Number(found.split(' ').at(-1));
}

describe('GET /api/metrics', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await createTestServer();
    admin = await server.login('admin@demo.test');
  });
  afterAll(async () => server.close());

  const scrape = async () => {
    const answer = await server.request({ url: '/api/metrics', cookie: admin });
    expect(answer.statusCode).toBe(200);
    return answer;
  };

  it('answers an administrator in the Prometheus text format', async () => {
    const answer = await scrape();
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'casebridge_http_request_duration_seconds',
      'casebridge_live_event_lag_seconds',
      'casebridge_live_streams_open',
      'casebridge_jobs',
      'casebridge_jobs_oldest_due_seconds',
      'casebridge_mail_outbox',
      'casebridge_mail_outbox_oldest_pending_seconds',
      'casebridge_webhook_deliveries',
      'casebridge_audit_append_seconds',
      'casebridge_process_resident_memory_bytes',
      'casebridge_nodejs_eventloop_lag_seconds',
    ])
      expect(answer.body).toContain(`# TYPE ${name} `);
  });

  it('counts requests by route pattern, never by a URL with ids', async () => {
    const clinic = await server.login('clinic@demo.test');
    const list = await server.request({ url: '/api/patients?limit=5', cookie: clinic });
    const id = list.json().items[0].id as string;
    const line =
      /^casebridge_http_request_duration_seconds_count\{.*route="\/api\/patients\/:patientId".*method="GET".*status_code="200"/;
    const before = sample((await scrape()).body, line) ?? 0;
    expect((await server.request({ url: `/api/patients/${id}`, cookie: clinic })).statusCode).toBe(
      200,
    );
    const text = (await scrape()).body;
    expect(sample(text, line)).toBe(before + 1);
    expect(text).not.toContain(id);
    // The patient read was audited: its append was timed.
    expect(sample(text, /^casebridge_audit_append_seconds_count /)).toBeGreaterThan(0);
  });

  it('reads the shared job queue and the mail outbox from the database', async () => {
    // The test server leaves mail to its tests: an invitation waits in the outbox.
    const invited = await server.request({
      method: 'POST',
      url: '/api/users',
      cookie: admin,
      body: { name: 'Metric Reader', email: 'metric.reader@example.test', role: 'admin' },
    });
    expect(invited.statusCode).toBe(201);
    const text = (await scrape()).body;
    expect(sample(text, /^casebridge_mail_outbox\{status="pending"\} /)).toBeGreaterThan(0);
    expect(sample(text, /^casebridge_jobs\{job="mail\.send",status="queued"\} /)).toBeGreaterThan(
      0,
    );
    expect(
      sample(text, /^casebridge_jobs_oldest_due_seconds\{job="mail\.send"\} /),
    ).toBeGreaterThanOrEqual(0);
  });

  it('refuses anyone without the capability, and answers a token that holds it', async () => {
    expect((await server.request({ url: '/api/metrics' })).statusCode).toBe(401);
    for (const email of ['clinic@demo.test', 'attorney@demo.test', 'lienholder@demo.test']) {
      const cookie = await server.login(email);
      const answer = await server.request({ url: '/api/metrics', cookie });
      expect(answer.statusCode).toBe(403);
      expect(answer.body).not.toContain('casebridge_');
    }
    const monitoring = await createTokenAs(server, admin, {
      name: 'Prometheus',
      organizationId: null,
      capabilities: ['admin:metrics'],
    });
    const other = await createTokenAs(server, admin, {
      name: 'Audit reader',
      organizationId: null,
      capabilities: ['admin:audit'],
    });
    const allowed = await requestWithToken(server, monitoring.secret, { url: '/api/metrics' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('# TYPE casebridge_jobs ');
    expect((await requestWithToken(server, other.secret, { url: '/api/metrics' })).statusCode).toBe(
      403,
    );
  });
});
