import { cp, mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { LightMyRequestResponse } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import type { LogStream } from '#src/app.ts';
import { PGLITE_EXTENSIONS } from '#src/db/client.ts';
import { sessions, users } from '#src/db/schema/index.ts';
import { parseEnv } from '#src/env.ts';
import { createServer, type CaseBridgeServer } from '#src/server.ts';
import { withDatabase } from './test-template.ts';

export type DemoEmail =
  | 'admin@demo.test'
  | 'clinic@demo.test'
  | 'clinic2@demo.test'
  | 'attorney@demo.test'
  | 'attorney2@demo.test'
  | 'lienholder@demo.test'
  | 'imaging@demo.test'
  | 'keystone@demo.test';

export type InjectOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
};

export type TestServer = CaseBridgeServer & {
  /** Signs in a demo account and returns its Cookie header value. */
  login(email: DemoEmail | string, password?: string): Promise<string>;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Waits until every committed event has been delivered to open streams. */
  flushEvents(): Promise<void>;
  /** Backdates the last activity of every session of `email`: idle for `minutes` now. */
  idleSessions(email: DemoEmail | string, minutes: number): Promise<void>;
  /** The PostgreSQL database it runs on (undefined on PGlite): a second instance can join it. */
  databaseUrl: string | undefined;
};

export type TestServerOptions = {
  loggerStream?: LogStream;
  /** Run as another instance on this existing PostgreSQL database instead of a fresh clone. */
  joinDatabaseUrl?: string;
};

let cloneCounter = 0;

/**
 * The jobs a test server leaves to its tests: mail and webhooks, sent when a test says, and the
 * gap digest and the case-update reminders, which would otherwise tell the demo users of the
 * seeded gaps and overdue updates at every start.
 */
export const TEST_MANUAL_JOBS = [
  'mail.send',
  'webhooks.fan-out',
  'webhook.deliver',
  'treatment-gaps.digest',
  'case-updates.reminders',
];

/** The master key test servers share (production-mode ones require one), base64 of 32 bytes. */
export const TEST_DOCUMENT_KEY = Buffer.alloc(32, 'test-document-key').toString('base64');

/** The audit key test servers share, so servers joining one database sign one chain. */
export const TEST_AUDIT_KEY = Buffer.alloc(32, 'test-audit-key').toString('base64');

/**
 * A real CaseBridge app on a fresh database cloned from the migrated, seeded template:
 * PGlite by default, PostgreSQL when the run sets TEST_DATABASE_URL.
 */
export async function createTestServer(
  overrides: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const template = inject('testTemplate');
  const dataDir = await mkdtemp(path.join(template.root, 'server-'));
  await cp(template.filesDir, path.join(dataDir, 'files'), { recursive: true });

  let pglite: PGlite | undefined;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | null = null;
  if (options.joinDatabaseUrl) {
    databaseUrl = options.joinDatabaseUrl;
  } else if (template.kind === 'pglite') {
    const dump = await readFile(template.dumpFile);
    pglite = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  } else {
    cloneCounter += 1;
    const name = `${template.prefix}_${process.pid}_${cloneCounter}`;
    const admin = new pg.Client({ connectionString: template.serverUrl });
    await admin.connect();
    await createDatabaseFromTemplate(admin, name, template.templateDb);
    await admin.end();
    databaseUrl = withDatabase(template.serverUrl, name);
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: template.serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }

  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DOCUMENT_KEY: TEST_DOCUMENT_KEY,
    AUDIT_KEY: TEST_AUDIT_KEY,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  });
  const server = await createServer({
    env,
    ...(pglite ? { pglite } : {}),
    // Logs stay off unless a test reads them.
    logger: options.loggerStream !== undefined,
    loggerStream: options.loggerStream,
    // Mail and webhook tests run those jobs themselves (`jobs.runDue`).
    manualJobs: TEST_MANUAL_JOBS,
  });

  async function request(input: InjectOptions) {
    return server.app.inject({
      method: input.method ?? 'GET',
      url: input.url,
      headers: { ...(input.cookie ? { cookie: input.cookie } : {}), ...input.headers },
      ...(input.body === undefined ? {} : { payload: input.body as object }),
    });
  }

  const { db } = server.context;
  return {
    ...server,
    databaseUrl,
    request,
    async login(email, password = DEMO_PASSWORD) {
      const response = await request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
      return toCookieHeader(response);
    },
    flushEvents: () => server.context.hub.flush(),
    async idleSessions(email, minutes) {
      const ofUser = db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await db
        .update(sessions)
        .set({ lastActiveAt: new Date(Date.now() - minutes * 60_000) })
        .where(inArray(sessions.userId, ofUser));
      // Minutes have passed, as far as the session checks know: longer than they are kept.
      server.context.sessionCache.invalidate('*');
    },
    async close() {
      await server.close();
      await dropDatabase?.();
    },
  };
}

/** Turns a response's Set-Cookie headers into a Cookie request header. */
export function toCookieHeader(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value !== '')
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

async function createDatabaseFromTemplate(admin: pg.Client, name: string, templateDb: string) {
  // Two clones starting at once can briefly see each other on the template: retry.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDb}`);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
    }
  }
}

export type TestServerSetup = {
  /** The server, created before the enclosing `describe`'s tests and closed after them. */
  readonly server: TestServer;
  /** The session cookie of the account the setup signed in. */
  readonly cookie: string;
};

/**
 * The usual setup of an integration test: one server for the enclosing `describe`, with `email`
 * signed in. Read `setup.server` and `setup.cookie` inside hooks and tests, not at describe time.
 */
export function useTestServer(email: DemoEmail): TestServerSetup {
  let server: TestServer | undefined;
  let cookie = '';
  beforeAll(async () => {
    server = await createTestServer();
    cookie = await server.login(email);
  });
  afterAll(async () => server?.close());
  return {
    get server() {
      if (!server) throw new Error('useTestServer: the server exists once beforeAll has run');
      return server;
    },
    get cookie() {
      return cookie;
    },
  };
}
