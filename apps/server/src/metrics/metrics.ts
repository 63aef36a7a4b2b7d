import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '#src/db/client.ts';
import { listJobQueues } from '#src/modules/jobs/jobs.service.ts';
import { countUnsentMail } from '#src/modules/mail-outbox/mail-outbox.service.ts';
import { countUndeliveredWebhooks } from '#src/modules/webhooks/webhooks.service.ts';

/**
 * This instance's Prometheus metrics (GET /api/metrics, docs/operations.md 'Metrics and
 * alerts'). A registry per server, never prom-client's global one: tests run several servers in
 * one process. What the instance counts itself (requests, live-event lag, audit appends) is
 * observed as it happens; what every instance shares (job queues, the mail outbox, webhook
 * deliveries) is read from the database when scraped, so each instance reports the same queues.
 */
export type Metrics = {
  registry: Registry;
  /** One answered request: its route's pattern (not the URL: no ids), method and status. */
  observeRequest(route: string, method: string, statusCode: number, seconds: number): void;
  /** An event this instance read, from its write's transaction to delivery to its streams. */
  observeEventDelivered(createdAt: Date): void;
  /** One audit append statement, the wait for the chain's lock included. */
  observeAuditAppend(seconds: number): void;
};

type MetricSources = {
  database: Database;
  /** The live streams open on this instance. */
  openStreams(): number;
};

/**
 * One read shared by the gauges collected in one scrape: prom-client calls every gauge's collect
 * in the same tick, so the second finds the first's read still running.
 */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    if (!running) {
      const current = read();
      running = current;
      void current.then(
        () => (running = null),
        () => (running = null),
      );
    }
    return running;
  };
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics({ database, openStreams }: MetricSources): Metrics {
  const registry = new Registry();
  // Process memory, CPU, handles and the event loop's delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, prefix: 'casebridge_' });
  const { db } = database;

  const requests = new Histogram({
    name: 'casebridge_http_request_duration_seconds',
    help: 'Answered HTTP requests by route pattern, method and status',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const eventLag = new Histogram({
    name: 'casebridge_live_event_lag_seconds',
    help: "Live events from their write's transaction to delivery to this instance's streams",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  const auditAppend = new Histogram({
    name: 'casebridge_audit_append_seconds',
    help: "Audit append statements, the wait for the chain's lock included",
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  registry.registerMetric(
    new Gauge({
      // Registered below, in this server's registry only (never the global one).
      registers: [],
      name: 'casebridge_live_streams_open',
      help: 'Live event streams open on this instance',
      collect() {
        this.set(openStreams());
      },
    }),
  );
  registry.registerMetric(
    new Gauge({
      registers: [],
      name: 'casebridge_db_pool_connections',
      help: "This instance's PostgreSQL request pool: connections open, idle, and requests waiting for one",
      labelNames: ['state'] as const,
      collect() {
        const pool = database.poolStats();
        if (!pool) return;
        this.set({ state: 'open' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    }),
  );

  // The shared queues, read once per scrape: the gauges of one table share its query.
  const readJobs = perScrape(() => listJobQueues(db));
  registry.registerMetric(
    new Gauge({
      registers: [],
      name: 'casebridge_jobs',
      help: 'Jobs by name and status (queued, running, failed)',
      labelNames: ['job', 'status'] as const,
      async collect() {
        const queues = await readJobs();
        this.reset();
        for (const queue of queues)
          for (const status of ['queued', 'running', 'failed'] as const)
            if (queue[status] > 0) this.set({ job: queue.name, status }, queue[status]);
      },
    }),
  );
  registry.registerMetric(
    new Gauge({
      registers: [],
      name: 'casebridge_jobs_oldest_due_seconds',
      help: 'How long the oldest queued job of each name has been due',
      labelNames: ['job'] as const,
      async collect() {
        const queues = await readJobs();
        const now = Date.now();
        this.reset();
        for (const queue of queues)
          if (queue.queued > 0)
            this.set(
              { job: queue.name },
              queue.oldestDueAt ? Math.max(0, (now - Date.parse(queue.oldestDueAt)) / 1000) : 0,
            );
      },
    }),
  );

  const readOutbox = perScrape(() => countUnsentMail(db));
  registry.registerMetric(
    new Gauge({
      registers: [],
      name: 'casebridge_mail_outbox',
      help: 'Mail by status (pending, sending, failed); sent mail is not counted',
      labelNames: ['status'] as const,
      async collect() {
        const rows = await readOutbox();
        for (const status of ['pending', 'sending', 'failed'])
          this.set({ status }, rows.find((row) => row.status === status)?.count ?? 0);
      },
    }),
  );
  registry.registerMetric(
    new Gauge({
      registers: [],
      name: 'casebridge_mail_outbox_oldest_pending_seconds',
      help: 'Age of the oldest mail not yet sent',
      async collect() {
        const pending = (await readOutbox()).find((row) => row.status === 'pending');
        this.set(pending?.oldestSeconds ?? 0);
      },
    }),
  );

  registry.registerMetric(
    new Gauge({
      registers: [],
      name: 'casebridge_webhook_deliveries',
      help: 'Webhook deliveries not yet delivered, by endpoint and status (pending, sending, failed)',
      labelNames: ['endpoint', 'status'] as const,
      async collect() {
        const rows = await countUndeliveredWebhooks(db);
        this.reset();
        for (const row of rows)
          this.set({ endpoint: row.endpointId, status: row.status }, row.count);
      },
    }),
  );

  return {
    registry,
    observeRequest(route, method, statusCode, seconds) {
      requests.observe({ route, method, status_code: String(statusCode) }, seconds);
    },
    observeEventDelivered(createdAt) {
      eventLag.observe(Math.max(0, (Date.now() - createdAt.getTime()) / 1000));
    },
    observeAuditAppend(seconds) {
      auditAppend.observe(seconds);
    },
  };
}
