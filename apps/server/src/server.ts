import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import type { AppContext } from './app-context.ts';
import { buildApp, type LogStream } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { trackSilentConnections } from './lib/silent-connections.ts';
import { createStreamSlots } from './lib/stream-slots.ts';
import { createMetrics } from './metrics/metrics.ts';
import { bindAuditAppendTiming } from './modules/audit/audit-chain.queries.ts';
import { listLiveSessions } from './auth/session.ts';
import { SessionCache } from './auth/session-cache.ts';
import { createPglite, migrateDatabase, openDatabase, type Database } from './db/client.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { secureDataDir } from './db/data-dir-permissions.ts';
import type { Env } from './env.ts';
import { EventHub, MAX_STREAMS_PER_USER } from './events/event-hub.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { createServerJobs } from './jobs/server-jobs.ts';
import { mailDeliveryOn } from './mail/mail-jobs.ts';
import { bindAuditKeyring, loadAuditKeyring } from './modules/audit/audit-key.ts';
import { createHealthCheck } from './modules/health/health.service.ts';
import { getSettings } from './modules/settings/settings.queries.ts';
import {
  createInstanceHeartbeat,
  describeThisInstance,
} from './modules/system/instance-heartbeat.ts';
import { serveBackups } from './ops/backup-socket.ts';
import { createFileStorage } from './storage/create-file-storage.ts';
import { loadDocumentKeyring } from './storage/document-encryption.ts';

export type CaseBridgeServer = {
  app: FastifyInstance;
  context: AppContext;
  /** The background work of this instance (jobs/job-runner.ts); tests drive it with `runDue`. */
  jobs: JobRunner;
  close(): Promise<void>;
};

export type CreateServerOptions = {
  env: Env;
  /** Tests pass a PGlite cloned from a migrated template. */
  pglite?: PGlite;
  logger?: boolean;
  loggerStream?: LogStream;
  /**
   * Jobs this instance leaves to whoever calls `jobs.runDue` (tests drive mail and webhooks
   * themselves); every other job runs in the background.
   */
  manualJobs?: readonly string[];
};

/** Opens the database, migrates it and wires every service into a ready Fastify app. */
export async function createServer(options: CreateServerOptions): Promise<CaseBridgeServer> {
  const { env } = options;
  // Fastify's logger exists only once the app is built; until then start-up speaks here.
  const startupLog = {
    info: (message: string) => (options.logger === false ? undefined : console.info(message)),
    warn: (message: string) => (options.logger === false ? undefined : console.warn(message)),
  };
  // DATA_DIR exists and is the owner's alone before anything is read from or written to it.
  const tightened = await secureDataDir(env.dataDir);
  if (tightened > 0)
    startupLog.warn(
      `DATA_DIR ${env.dataDir} was open to other local users: ${tightened} entries made owner-only`,
    );
  // One process per embedded data directory: a second one would corrupt it (ADR 0006).
  const lock =
    env.databaseUrl || options.pglite
      ? null
      : await acquireDataDirLock(env.dataDir, { log: startupLog.warn });
  const pglite = env.databaseUrl
    ? null
    : (options.pglite ?? (await createPglite(path.join(env.dataDir, 'pgdata'))));
  const database: Database = await openDatabase(
    pglite
      ? { pglite }
      : { databaseUrl: env.databaseUrl, log: startupLog, poolSize: env.databasePoolSize },
  );
  await migrateDatabase(database);

  const db = database.db;
  // Before anything appends to the audit chain: it signs every row under this key.
  bindAuditKeyring(db, loadAuditKeyring(env));
  let log: { info(message: string): void; warn(message: string): void } = startupLog;
  const sessionCache = new SessionCache();
  await sessionCache.start(database);
  const streamSlots = createStreamSlots(
    { db: database.streamsDb, env },
    {
      maxPerUser: MAX_STREAMS_PER_USER,
      log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
    },
  );
  // The hub reports to the metrics, which read the hub's stream count when scraped.
  const metrics = createMetrics({ database, openStreams: () => hub.size });
  bindAuditAppendTiming(db, metrics.observeAuditAppend);
  const hub = new EventHub(database, {
    slots: streamSlots,
    onDelivered: (event) => metrics.observeEventDelivered(event.createdAt),
    checkSessions: async (sessionIds) =>
      listLiveSessions(
        db,
        sessionIds,
        (await sessionCache.getSettings(() => getSettings(db))).sessionTimeoutMinutes,
      ),
    log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
  });
  const storage = createFileStorage(env);
  const documentKeys = loadDocumentKeyring(env);
  if (!env.smtpUrl) startupLog.warn('No email service configured');
  const definitions = createServerJobs({ env, keyring: documentKeys, storage });
  const runnerLog = {
    info: (message: string) => log.info(message),
    warn: (message: string) => log.warn(message),
  };
  const manual = new Set(options.manualJobs ?? []);
  const instance = describeThisInstance();
  // Before the app: a route may send a queued mail at once (an invitation).
  const jobs = createJobRunner({ db, definitions, appUrl: env.appUrl, log: runnerLog });
  // The started runner: its poll loop also keeps this instance's row (docs/architecture/jobs.md).
  const background = createJobRunner({
    db,
    definitions: definitions.filter((definition) => !manual.has(definition.name)),
    appUrl: env.appUrl,
    heartbeat: createInstanceHeartbeat(db, instance),
    log: runnerLog,
  });
  const health = createHealthCheck({ env, database, hub, storage });
  const context: AppContext = {
    env,
    database,
    db,
    auth: createAuth(db, { secret: env.authSecret, appUrl: env.appUrl }),
    sessionCache,
    hub,
    storage,
    documentKeys,
    mail: mailDeliveryOn(jobs),
    metrics,
    health,
    instance,
  };
  const app = await buildApp({
    context,
    logger: options.logger ?? true,
    loggerStream: options.loggerStream,
  });
  log = { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) };
  const closeSilentConnections = trackSilentConnections(app.server);
  const backups =
    lock && pglite
      ? await serveBackups({ dataDir: env.dataDir, pglite, storage: context.storage, log })
      : null;
  await hub.start();
  await background.start();

  return {
    app,
    context,
    jobs,
    async close() {
      // A backup being written finishes first, while the app still serves: ending the streams
      // before that wait would let browsers reconnect to this instance, and those streams would
      // hold app.close() to the deadline. Then, in one tick: end the open streams (browsers
      // reconnect, to another instance) and stop accepting; in-flight requests finish; the
      // workers stop.
      await backups?.close();
      hub.closeStreams();
      closeSilentConnections();
      await app.close();
      await background.stop();
      await jobs.stop();
      health.close();
      await hub.stop();
      await sessionCache.stop();
      await streamSlots.close();
      await database.close();
      lock?.release();
    },
  };
}
