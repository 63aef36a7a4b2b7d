import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only module that reads process.env (docs/architecture.md, section 1). */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  /** PostgreSQL connections each instance may hold. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('CaseBridge <noreply@casebridge.local>'),
  APP_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** Reverse proxies to trust for X-Forwarded-For: a hop count or a comma-separated IP/CIDR list. */
  TRUST_PROXY: z.string().optional(),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Document files in an S3-compatible bucket instead of DATA_DIR/files (storage/storage-url.ts). */
  STORAGE_URL: z.string().startsWith('s3://').optional(),
  /** Shares rate-limit counts and live-stream slots between instances; else PostgreSQL does. */
  REDIS_URL: z.url().optional(),
  /** Base64 of 32 bytes: the master key that wraps each document's data key. */
  DOCUMENT_KEY: z.string().optional(),
  /** Comma-separated older master keys, still accepted for unwrapping until rotated away. */
  DOCUMENT_KEYS_PREVIOUS: z.string().optional(),
  /** Base64 of 32 bytes: the HMAC key of the audit chain, which the database never holds. */
  AUDIT_KEY: z.string().optional(),
  /** Comma-separated older audit keys: rows they signed still verify (kept as long as the rows). */
  AUDIT_KEYS_PREVIOUS: z.string().optional(),
  /** Webhook endpoints on http://localhost (a test receiver); never in production. */
  WEBHOOK_ALLOW_HTTP_LOOPBACK: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  /** How long a webhook receiver has to answer before the attempt counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60_000).default(10_000),
});

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections each instance may hold (10 by default). */
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  authSecret: string;
  seedDemo: boolean;
  logLevel: string;
  webDistDir: string | undefined;
  /** Fastify's trustProxy: false (the default), a hop count, or addresses of trusted proxies. */
  trustProxy: boolean | number | string[];
  /** How long a client may take to send a whole request (headers and body); then 408. */
  requestTimeoutMs: number;
  /** How long a client may take to send a request's headers; then 408. */
  headersTimeoutMs: number;
  /** s3://…: the object store for document files; unset keeps them on the local disk. */
  storageUrl: string | undefined;
  /** redis://…: shared counters for several instances; unset uses the database. */
  redisUrl: string | undefined;
  /**
   * The master key new documents' data keys are wrapped under; undefined outside production
   * means "generated into DATA_DIR" (resolveDocumentKey reads or makes it when the server starts).
   */
  documentKey: Buffer | undefined;
  /** Older master keys, still accepted for unwrapping until `documents:rotate-key` has run. */
  previousDocumentKeys: Buffer[];
  /**
   * The key new audit rows are HMAC-signed under; undefined outside production means "generated
   * into DATA_DIR" (resolveAuditKey reads or makes it), like the document key.
   */
  auditKey: Buffer | undefined;
  /** Older audit keys, still needed to verify the rows signed under them. */
  previousAuditKeys: Buffer[];
  /**
   * Whether a webhook endpoint may be plain http:// on a loopback host (a local receiver):
   * WEBHOOK_ALLOW_HTTP_LOOPBACK, true by default outside production, always false in production,
   * where private and loopback addresses are refused as well.
   */
  webhookAllowHttpLoopback: boolean;
  /** How long a webhook receiver has to answer (10 s by default). */
  webhookTimeoutMs: number;
};

export class EnvError extends Error {}

/** Parses an environment (process.env by default) into typed configuration. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const emptyAsMissing = Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
  const result = ZEnv.safeParse(emptyAsMissing);
  if (!result.success) {
    const names = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new EnvError(`Invalid configuration: ${names}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    throw new EnvError('Invalid configuration: AUTH_SECRET is required in production');
  }
  // A generated key lives beside the files it protects: fine for a laptop, not for production.
  if (env.NODE_ENV === 'production' && !env.DOCUMENT_KEY) {
    throw new EnvError(
      'Invalid configuration: DOCUMENT_KEY is required in production (base64 of 32 random bytes, e.g. `openssl rand -base64 32`)',
    );
  }
  // Whoever can write the database must not also be able to re-sign the audit chain.
  if (env.NODE_ENV === 'production' && !env.AUDIT_KEY) {
    throw new EnvError(
      'Invalid configuration: AUDIT_KEY is required in production (base64 of 32 random bytes, e.g. `openssl rand -base64 32`)',
    );
  }
  // Node refuses to create a server whose headers may take longer than the whole request.
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
    throw new EnvError(
      'Invalid configuration: HEADERS_TIMEOUT_MS must not be larger than REQUEST_TIMEOUT_MS',
    );
  }
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    authSecret: env.AUTH_SECRET ?? readOrCreateSecret(dataDir, 'auth-secret', 'base64url'),
    // Demo accounts share a published password: never by default in production.
    seedDemo: env.SEED_DEMO ?? (!env.DATABASE_URL && env.NODE_ENV !== 'production'),
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    webhookTimeoutMs: env.WEBHOOK_TIMEOUT_MS,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    storageUrl: env.STORAGE_URL,
    redisUrl: env.REDIS_URL,
    documentKey: env.DOCUMENT_KEY ? parseDocumentKey('DOCUMENT_KEY', env.DOCUMENT_KEY) : undefined,
    previousDocumentKeys: (env.DOCUMENT_KEYS_PREVIOUS ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => parseDocumentKey('DOCUMENT_KEYS_PREVIOUS', item)),
    auditKey: env.AUDIT_KEY ? parseDocumentKey('AUDIT_KEY', env.AUDIT_KEY) : undefined,
    previousAuditKeys: (env.AUDIT_KEYS_PREVIOUS ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => parseDocumentKey('AUDIT_KEYS_PREVIOUS', item)),
    webhookAllowHttpLoopback:
      env.NODE_ENV !== 'production' && (env.WEBHOOK_ALLOW_HTTP_LOOPBACK ?? true),
  };
}

/**
 * The current document master key: DOCUMENT_KEY, or (outside production, where parseEnv has
 * already refused its absence) DATA_DIR/document-key, generated on first use with mode 0600.
 */
export function resolveDocumentKey(env: Pick<Env, 'dataDir' | 'documentKey'>): Buffer {
  return (
    env.documentKey ??
    parseDocumentKey(
      'DATA_DIR/document-key',
      readOrCreateSecret(env.dataDir, 'document-key', 'base64'),
    )
  );
}

/**
 * The current audit chain key: AUDIT_KEY, or (outside production, where parseEnv has already
 * refused its absence) DATA_DIR/audit-key, generated on first use with mode 0600.
 */
export function resolveAuditKey(env: Pick<Env, 'dataDir' | 'auditKey'>): Buffer {
  return (
    env.auditKey ??
    parseDocumentKey('DATA_DIR/audit-key', readOrCreateSecret(env.dataDir, 'audit-key', 'base64'))
  );
}

/** AES-256 and the audit HMAC take 32 bytes; anything else is a configuration mistake, named as such. */
function parseDocumentKey(name: string, value: string): Buffer {
  const key = Buffer.from(value, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || key.length !== 32) {
    throw new EnvError(`Invalid configuration: ${name} must be base64 of 32 bytes`);
  }
  return key;
}

/**
 * Off unless configured: trusting X-Forwarded-For from anyone would let a client choose the IP
 * that throttling and the audit log see.
 */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * Outside production a secret is generated once into DATA_DIR, owner-only, so sessions and
 * encrypted documents survive restarts.
 */
function readOrCreateSecret(
  dataDir: string,
  fileName: string,
  encoding: 'base64' | 'base64url',
): string {
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString(encoding);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Variables the server never reads, only its test harnesses, benchmarks and operator tools. They
 * are read here too, so that this file stays the one reader of process.env (a lint rule holds
 * the rest of apps/server/src to it). Empty values count as unset, as in parseEnv.
 */
export type ToolEnv = {
  /** PATH and HOME, handed to child processes that otherwise start with a clean environment. */
  path: string;
  home: string | undefined;
  /** The PostgreSQL server (or Redis) the tests run against, when the run names one. */
  testDatabaseUrl: string | undefined;
  testRedisUrl: string | undefined;
  /** The benchmarks' database when set; they fall back to TEST_DATABASE_URL or PGlite. */
  databaseUrl: string | undefined;
  benchPatients: number | undefined;
  benchRuns: number | undefined;
  /** Extra node flags for the processes a benchmark measures, e.g. --cpu-prof. */
  benchNodeArgs: string[];
  /** The developer's mail sink (ops/mail-sink.ts): its ports, and whether it prints each mail. */
  mailSink: { smtpPort: number; httpPort: number; isQuiet: boolean };
};

export function readToolEnv(source: Record<string, string | undefined> = process.env): ToolEnv {
  const text = (name: string) => source[name] || undefined;
  const count = (name: string) => {
    const value = text(name);
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) throw new EnvError(`Invalid configuration: ${name}`);
    return Number(value);
  };
  return {
    path: source.PATH ?? '',
    home: text('HOME'),
    testDatabaseUrl: text('TEST_DATABASE_URL'),
    testRedisUrl: text('TEST_REDIS_URL'),
    databaseUrl: text('DATABASE_URL'),
    benchPatients: count('BENCH_PATIENTS'),
    benchRuns: count('BENCH_RUNS'),
    benchNodeArgs: text('BENCH_NODE_ARGS')?.split(' ').filter(Boolean) ?? [],
    mailSink: {
      smtpPort: count('MAIL_SINK_SMTP_PORT') ?? 1025,
      httpPort: count('MAIL_SINK_HTTP_PORT') ?? 1080,
      isQuiet: text('MAIL_SINK_QUIET') === 'true',
    },
  };
}

/**
 * The whole environment plus `extra`, for a child that must see what the operator set (pg_dump
 * and pg_restore read PGSSLROOTCERT, PGSSLMODE and the like).
 */
export function inheritEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return { ...process.env, ...extra };
}
