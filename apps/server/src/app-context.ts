import type { Auth } from './auth/auth.ts';
import type { SessionCache } from './auth/session-cache.ts';
import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { EventHub } from './events/event-hub.ts';
import type { Actor } from './lib/actor.ts';
import type { MailDelivery } from './mail/mail-jobs.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { HealthCheck } from './modules/health/health.service.ts';
import type { ServerInstance } from './modules/system/instance-heartbeat.ts';
import type { DocumentKeyring } from './storage/document-encryption.ts';
import type { FileStorage } from './storage/file-storage.ts';

/** Everything a route needs, built once at start-up and decorated onto the Fastify instance. */
export type AppContext = {
  env: Env;
  database: Database;
  db: Db;
  auth: Auth;
  /** Recent session checks and settings, dropped on every change (auth/session-cache.ts). */
  sessionCache: SessionCache;
  hub: EventHub;
  storage: FileStorage;
  /** Master keys that wrap each document file's data key (storage/document-encryption.ts). */
  documentKeys: DocumentKeyring;
  /** Sends a queued mail now when an answer depends on it (mail/mail-jobs.ts). */
  mail: MailDelivery;
  /** This instance's Prometheus metrics (metrics/metrics.ts). */
  metrics: Metrics;
  /** Probes the dependencies for GET /api/health and the System page (health/health.service.ts). */
  health: HealthCheck;
  /** This process, as its row in `server_instances` names it (system/instance-heartbeat.ts). */
  instance: ServerInstance;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
