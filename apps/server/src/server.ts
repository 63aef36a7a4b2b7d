import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import type { AppContext } from './app-context.ts';
import { buildApp, type LogStream } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { createPglite, migrateDatabase, openDatabase, type Database } from './db/client.ts';
import type { Env } from './env.ts';
import { createEventFilter } from './events/event-filter.ts';
import { EventHub } from './events/event-hub.ts';
import { startMailWorker, type MailWorker } from './mail/mail-worker.ts';
import { startDigestScheduler } from './modules/notifications/digest.ts';
import { createDiskStorage } from './storage/file-storage.ts';

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
  const database: Database = await openDatabase(
    env.databaseUrl
      ? { databaseUrl: env.databaseUrl }
      : { pglite: options.pglite ?? (await createPglite(path.join(env.dataDir, 'pgdata'))) },
  );
  await migrateDatabase(database);

  const db = database.db;
  const hub = new EventHub(database, createEventFilter(db));
  await hub.start();
  const context: AppContext = {
    env,
    database,
    db,
    auth: createAuth(db, { secret: env.authSecret, appUrl: env.appUrl }),
    hub,
    storage: createDiskStorage(path.join(env.dataDir, 'files')),
  };
  const app = await buildApp({
    context,
    logger: options.logger ?? true,
    loggerStream: options.loggerStream,
  });
  const mail = startMailWorker({
    db,
    smtpUrl: env.smtpUrl,
    from: env.mailFrom,
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
      await digests.stop();
      await mail.stop();
      await app.close();
      await hub.stop();
      await database.close();
    },
  };
}
