import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import type { AppContext } from './app-context.ts';
import { buildApp, type LogStream } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { listLiveSessions } from './auth/session.ts';
import { createPglite, migrateDatabase, openDatabase, type Database } from './db/client.ts';
import type { Env } from './env.ts';
import { EventHub } from './events/event-hub.ts';
import { startMailWorker, type MailWorker } from './mail/mail-worker.ts';
import { startDigestScheduler } from './modules/notifications/digest.ts';
import { getSettings } from './modules/settings/settings.queries.ts';
import { createFileStorage } from './storage/create-file-storage.ts';

export type CaseBridgeServer = {
  app: FastifyInstance;
  context: AppContext;
  mail: MailWorker;
  close(): Promise<void>;
};

export type CreateServerOptions = {
  env: Env;
  /** Tests pass a PGlite cloned from a migrated template. */
  pglite?: PGlite;
  logger?: boolean;
  loggerStream?: LogStream;
  mailIntervalMs?: number;
};

/** Opens the database, migrates it and wires every service into a ready Fastify app. */
export async function createServer(options: CreateServerOptions): Promise<CaseBridgeServer> {
  const { env } = options;
  // Fastify's logger exists only once the app is built; until then start-up speaks here.
  const startupLog = {
    info: (message: string) => (options.logger === false ? undefined : console.info(message)),
    warn: (message: string) => (options.logger === false ? undefined : console.warn(message)),
  };
  const database: Database = await openDatabase(
    env.databaseUrl
      ? { databaseUrl: env.databaseUrl, log: startupLog }
      : { pglite: options.pglite ?? (await createPglite(path.join(env.dataDir, 'pgdata'))) },
  );
  await migrateDatabase(database);

  const db = database.db;
  let log: { info(message: string): void; warn(message: string): void } = startupLog;
  const hub = new EventHub(database, {
    checkSessions: async (sessionIds) =>
      listLiveSessions(db, sessionIds, (await getSettings(db)).sessionTimeoutMinutes),
    log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
  });
  const context: AppContext = {
    env,
    database,
    db,
    auth: createAuth(db, { secret: env.authSecret, appUrl: env.appUrl }),
    hub,
    storage: createFileStorage(env),
  };
  const app = await buildApp({
    context,
    logger: options.logger ?? true,
    loggerStream: options.loggerStream,
  });
  log = { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) };
  await hub.start();
  const mail = startMailWorker({
    db,
    smtpUrl: env.smtpUrl,
    from: env.mailFrom,
    appUrl: env.appUrl,
    intervalMs: options.mailIntervalMs,
    log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
  });
  const digests = startDigestScheduler({
    db,
    appUrl: env.appUrl,
    log: { warn: (message) => app.log.warn(message) },
  });

  return {
    app,
    context,
    mail,
    async close() {
      // Open streams would keep app.close() waiting forever: end them first (browsers reconnect,
      // to another instance), then let in-flight requests finish, then stop the workers.
      hub.endAll('shutdown');
      await app.close();
      await digests.stop();
      await mail.stop();
      await hub.stop();
      await database.close();
    },
  };
}
