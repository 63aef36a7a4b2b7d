import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import type { AppContext } from './app-context.ts';
import { buildApp, type LogStream } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { trackSilentConnections } from './lib/silent-connections.ts';
import { createStreamSlots } from './lib/stream-slots.ts';
import { listLiveSessions } from './auth/session.ts';
import { SessionCache } from './auth/session-cache.ts';
import { createPglite, migrateDatabase, openDatabase, type Database } from './db/client.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import type { Env } from './env.ts';
import { EventHub, MAX_STREAMS_PER_USER } from './events/event-hub.ts';
import { startMailWorker, type MailWorker } from './mail/mail-worker.ts';
import { startOverdueReminders } from './modules/case-requests/case-requests.service.ts';
import { startDigestScheduler } from './modules/notifications/digest.ts';
import { startStatusChangeReleaser } from './modules/patients/patient-status.service.ts';
import { startTreatmentGapCheck } from './modules/treatment-gaps/treatment-gaps.service.ts';
import { createWebhookWorker, type WebhookWorker } from './modules/webhooks/webhook-sender.ts';
import { getSettings } from './modules/settings/settings.queries.ts';
import { serveBackups } from './ops/backup-socket.ts';
import { createFileStorage } from './storage/create-file-storage.ts';
import { loadDocumentKeyring } from './storage/document-encryption.ts';

export type CaseBridgeServer = {
  app: FastifyInstance;
  context: AppContext;
  mail: MailWorker;
  /** The webhook fan-out and sender (modules/webhooks): tests run a round with `runOnce`. */
  webhooks: WebhookWorker;
  close(): Promise<void>;
};

export type CreateServerOptions = {
  env: Env;
  /** Tests pass a PGlite cloned from a migrated template. */
  pglite?: PGlite;
  logger?: boolean;
  loggerStream?: LogStream;
  mailIntervalMs?: number;
  /** How often the webhook fan-out and sender run (5 s by default). */
  webhookIntervalMs?: number;
};

/** Opens the database, migrates it and wires every service into a ready Fastify app. */
export async function createServer(options: CreateServerOptions): Promise<CaseBridgeServer> {
  const { env } = options;
  // Fastify's logger exists only once the app is built; until then start-up speaks here.
  const startupLog = {
    info: (message: string) => (options.logger === false ? undefined : console.info(message)),
    warn: (message: string) => (options.logger === false ? undefined : console.warn(message)),
  };
  // One process per embedded data directory: a second one would corrupt it (ADR 0006).
  const lock =
    env.databaseUrl || options.pglite
      ? null
      : await acquireDataDirLock(env.dataDir, { log: startupLog.warn });
  const pglite = env.databaseUrl
    ? null
    : (options.pglite ?? (await createPglite(path.join(env.dataDir, 'pgdata'))));
  const database: Database = await openDatabase(
    pglite ? { pglite } : { databaseUrl: env.databaseUrl, log: startupLog },
  );
  await migrateDatabase(database);

  const db = database.db;
  let log: { info(message: string): void; warn(message: string): void } = startupLog;
  const sessionCache = new SessionCache();
  await sessionCache.start(database);
  const streamSlots = createStreamSlots({ db, env }, { maxPerUser: MAX_STREAMS_PER_USER });
  const hub = new EventHub(database, {
    slots: streamSlots,
    checkSessions: async (sessionIds) =>
      listLiveSessions(
        db,
        sessionIds,
        (await sessionCache.getSettings(() => getSettings(db))).sessionTimeoutMinutes,
      ),
    log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
  });
  // Before the app: a route may send a queued mail at once (an invitation).
  const mail = startMailWorker({
    db,
    smtpUrl: env.smtpUrl,
    from: env.mailFrom,
    appUrl: env.appUrl,
    intervalMs: options.mailIntervalMs,
    log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
  });
  const context: AppContext = {
    env,
    database,
    db,
    auth: createAuth(db, { secret: env.authSecret, appUrl: env.appUrl }),
    sessionCache,
    hub,
    storage: createFileStorage(env),
    documentKeys: loadDocumentKeyring(env),
    mail,
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
  const digests = startDigestScheduler({
    db,
    appUrl: env.appUrl,
    log: { warn: (message) => app.log.warn(message) },
  });
  const requestReminders = startOverdueReminders({ db, appUrl: env.appUrl, log });

  const statusChanges = startStatusChangeReleaser({
    db,
    log: { warn: (message) => app.log.warn(message) },
  });
  const treatmentGaps = startTreatmentGapCheck({ db, appUrl: env.appUrl, log });
  const webhooks = createWebhookWorker({
    db,
    keyring: context.documentKeys,
    isProduction: env.nodeEnv === 'production',
    intervalMs: options.webhookIntervalMs,
    log,
  });
  const webhookJob = webhooks.start();

  return {
    app,
    context,
    mail,
    webhooks,
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
      await digests.stop();
      await requestReminders.stop();
      await statusChanges.stop();
      await treatmentGaps.stop();
      await webhookJob.stop();
      await mail.stop();
      await hub.stop();
      await sessionCache.stop();
      await streamSlots.close();
      await database.close();
      lock?.release();
    },
  };
}
