import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EnvError,
  inheritEnv,
  parseEnv,
  readToolEnv,
  resolveAuditKey,
  resolveDocumentKey,
} from './env.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const DOCUMENT_KEY = Buffer.alloc(32, 7).toString('base64');
const AUDIT_KEY = Buffer.alloc(32, 5).toString('base64');
const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'casebridge-env-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({ AUTH_SECRET: SECRET });
    expect(env).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'CaseBridge <noreply@casebridge.local>',
      appUrl: 'http://localhost:3000',
      authSecret: SECRET,
      seedDemo: true,
      logLevel: 'info',
    });
  });

  it('reads every variable it is given', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/casebridge',
      DOCUMENT_KEY,
      AUDIT_KEY,
      DATABASE_URL: 'postgres://app@db:5432/casebridge',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Cases <cases@example.com>',
      APP_URL: 'https://cases.example.com/',
      AUTH_SECRET: SECRET,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    });
    expect(env).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/casebridge',
      databaseUrl: 'postgres://app@db:5432/casebridge',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Cases <cases@example.com>',
      appUrl: 'https://cases.example.com',
      seedDemo: true,
      logLevel: 'warn',
    });
  });

  it('derives APP_URL from PORT when it is not set', () => {
    expect(parseEnv({ AUTH_SECRET: SECRET, PORT: '4100' }).appUrl).toBe('http://localhost:4100');
  });

  it('seeds demo data on the embedded database, not on PostgreSQL, unless told', () => {
    expect(parseEnv({ AUTH_SECRET: SECRET }).seedDemo).toBe(true);
    const withPostgres = { AUTH_SECRET: SECRET, DATABASE_URL: 'postgres://db/app' };
    expect(parseEnv(withPostgres).seedDemo).toBe(false);
    expect(parseEnv({ ...withPostgres, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(parseEnv({ AUTH_SECRET: SECRET, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(parseEnv({ AUTH_SECRET: SECRET, SEED_DEMO: '0' }).seedDemo).toBe(false);
    // Demo accounts share a published password: production never seeds them by default.
    expect(
      parseEnv({ AUTH_SECRET: SECRET, DOCUMENT_KEY, AUDIT_KEY, NODE_ENV: 'production' }).seedDemo,
    ).toBe(false);
  });

  it('lists the names of every invalid variable, and not their values', () => {
    let error: unknown;
    try {
      parseEnv({
        AUTH_SECRET: SECRET,
        PORT: 'eighty',
        DATABASE_URL: 'not a url at all',
        LOG_LEVEL: 'loud',
        SEED_DEMO: 'yes',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'SEED_DEMO'])
      expect(message).toContain(name);
    expect(message).not.toContain('not a url at all');
  });

  it('refuses a port out of range and a short secret', () => {
    expect(() => parseEnv({ AUTH_SECRET: SECRET, PORT: '70000' })).toThrow(/PORT/);
    expect(() => parseEnv({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      'AUTH_SECRET is required in production',
    );
  });

  it('refuses to start in production without DOCUMENT_KEY', () => {
    const dataDir = tempDir();
    expect(() =>
      parseEnv({ NODE_ENV: 'production', AUTH_SECRET: SECRET, DATA_DIR: dataDir }),
    ).toThrow('DOCUMENT_KEY is required in production');
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        AUTH_SECRET: SECRET,
        DOCUMENT_KEY: '',
        DATA_DIR: dataDir,
      }),
    ).toThrow('DOCUMENT_KEY is required in production');
    const env = parseEnv({
      NODE_ENV: 'production',
      AUTH_SECRET: SECRET,
      DOCUMENT_KEY,
      AUDIT_KEY,
      DATA_DIR: dataDir,
    });
    expect(resolveDocumentKey(env).equals(Buffer.alloc(32, 7))).toBe(true);
    // Nothing was generated beside the data: production keys come from configuration only.
    expect(() => statSync(path.join(dataDir, 'document-key'))).toThrow('ENOENT');
  });

  it('refuses document keys that are not base64 of 32 bytes', () => {
    const short = Buffer.alloc(16).toString('base64');
    expect(() => parseEnv({ AUTH_SECRET: SECRET, DOCUMENT_KEY: short })).toThrow(
      'DOCUMENT_KEY must be base64 of 32 bytes',
    );
    expect(() => parseEnv({ AUTH_SECRET: SECRET, DOCUMENT_KEY: 'not base64!' })).toThrow(
      'DOCUMENT_KEY must be base64 of 32 bytes',
    );
    expect(() =>
      parseEnv({
        AUTH_SECRET: SECRET,
        DOCUMENT_KEY,
        DOCUMENT_KEYS_PREVIOUS: `${DOCUMENT_KEY},abc`,
      }),
    ).toThrow('DOCUMENT_KEYS_PREVIOUS must be base64 of 32 bytes');
    const older = Buffer.alloc(32, 9).toString('base64');
    const env = parseEnv({
      AUTH_SECRET: SECRET,
      DOCUMENT_KEY,
      DOCUMENT_KEYS_PREVIOUS: ` ${older} ,`,
    });
    expect(env.previousDocumentKeys).toEqual([Buffer.alloc(32, 9)]);
  });

  it('refuses to start in production without AUDIT_KEY, and takes it from configuration', () => {
    const dataDir = tempDir();
    const production = { NODE_ENV: 'production', AUTH_SECRET: SECRET, DOCUMENT_KEY };
    expect(() => parseEnv({ ...production, DATA_DIR: dataDir })).toThrow(
      'AUDIT_KEY is required in production',
    );
    expect(() => parseEnv({ ...production, AUDIT_KEY: '', DATA_DIR: dataDir })).toThrow(
      'AUDIT_KEY is required in production',
    );
    const env = parseEnv({ ...production, AUDIT_KEY, DATA_DIR: dataDir });
    expect(resolveAuditKey(env).equals(Buffer.alloc(32, 5))).toBe(true);
    // Never generated beside the data in production: whoever holds the data must not hold it.
    expect(() => statSync(path.join(dataDir, 'audit-key'))).toThrow('ENOENT');
  });

  it('refuses audit keys that are not base64 of 32 bytes, and reads the older ones', () => {
    const short = Buffer.alloc(16).toString('base64');
    expect(() => parseEnv({ AUTH_SECRET: SECRET, AUDIT_KEY: short })).toThrow(
      'AUDIT_KEY must be base64 of 32 bytes',
    );
    expect(() => parseEnv({ AUTH_SECRET: SECRET, AUDIT_KEY, AUDIT_KEYS_PREVIOUS: 'abc' })).toThrow(
      'AUDIT_KEYS_PREVIOUS must be base64 of 32 bytes',
    );
    const older = Buffer.alloc(32, 9).toString('base64');
    const env = parseEnv({ AUTH_SECRET: SECRET, AUDIT_KEY, AUDIT_KEYS_PREVIOUS: ` ${older} ,` });
    expect(env.previousAuditKeys).toEqual([Buffer.alloc(32, 9)]);
  });

  it('outside production generates an audit key once into DATA_DIR and reuses it', () => {
    const dataDir = path.join(tempDir(), 'fresh');
    const env = parseEnv({ AUTH_SECRET: SECRET, DATA_DIR: dataDir });
    expect(env.auditKey).toBeUndefined();
    const first = resolveAuditKey(env);
    const file = path.join(dataDir, 'audit-key');
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(
      resolveAuditKey(parseEnv({ AUTH_SECRET: SECRET, DATA_DIR: dataDir })).equals(first),
    ).toBe(true);
    expect(first.equals(resolveDocumentKey(env))).toBe(false);
  });

  it('outside production generates a document key once into DATA_DIR and reuses it', () => {
    const dataDir = path.join(tempDir(), 'fresh');
    const env = parseEnv({ AUTH_SECRET: SECRET, DATA_DIR: dataDir });
    expect(env.documentKey).toBeUndefined();
    const first = resolveDocumentKey(env);
    const file = path.join(dataDir, 'document-key');
    expect(first).toHaveLength(32);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(
      resolveDocumentKey(parseEnv({ AUTH_SECRET: SECRET, DATA_DIR: dataDir })).equals(first),
    ).toBe(true);
    const other = parseEnv({ AUTH_SECRET: SECRET, DATA_DIR: tempDir() });
    expect(resolveDocumentKey(other).equals(first)).toBe(false);
  });

  it('treats empty strings as missing', () => {
    const env = parseEnv({
      AUTH_SECRET: SECRET,
      PORT: '',
      HOST: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      APP_URL: '',
      SEED_DEMO: '',
      LOG_LEVEL: '',
    });
    expect(env).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      smtpUrl: undefined,
      appUrl: 'http://localhost:3000',
      seedDemo: true,
      logLevel: 'info',
    });
    expect(() =>
      parseEnv({ NODE_ENV: 'production', AUTH_SECRET: '', DATA_DIR: tempDir() }),
    ).toThrow('AUTH_SECRET is required in production');
  });

  it('outside production generates a secret once into DATA_DIR and reuses it', () => {
    const dataDir = tempDir();
    const first = parseEnv({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'auth-secret');
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.authSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseEnv({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
    expect(parseEnv({ DATA_DIR: tempDir() }).authSecret).not.toBe(first.authSecret);
  });
});

describe('TRUST_PROXY', () => {
  const SECRET_VALUE = 'x'.repeat(40);
  it('is off unless set, and takes a hop count or a list of proxies', () => {
    expect(parseEnv({ AUTH_SECRET: SECRET_VALUE }).trustProxy).toBe(false);
    expect(parseEnv({ AUTH_SECRET: SECRET_VALUE, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseEnv({ AUTH_SECRET: SECRET_VALUE, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      parseEnv({ AUTH_SECRET: SECRET_VALUE, TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.0.1.0/24']);
  });
});

describe('readToolEnv', () => {
  it('treats empty values as unset and parses the benchmark knobs', () => {
    const env = readToolEnv({
      PATH: '/usr/bin',
      TEST_DATABASE_URL: '',
      TEST_REDIS_URL: 'redis://127.0.0.1:6379',
      BENCH_RUNS: '5',
      BENCH_NODE_ARGS: ' --cpu-prof  --trace-gc ',
    });
    expect(env).toEqual({
      path: '/usr/bin',
      home: undefined,
      testDatabaseUrl: undefined,
      testRedisUrl: 'redis://127.0.0.1:6379',
      databaseUrl: undefined,
      benchPatients: undefined,
      benchRuns: 5,
      benchNodeArgs: ['--cpu-prof', '--trace-gc'],
      mailSink: { smtpPort: 1025, httpPort: 1080, isQuiet: false },
    });
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => readToolEnv({ BENCH_PATIENTS: 'many' })).toThrow(EnvError);
  });

  it('passes the whole environment to a child that must inherit it, plus the extras', () => {
    const env = inheritEnv({ PGPASSWORD: 'secret' });
    expect(env.PGPASSWORD).toBe('secret');
    expect(env.PATH).toBe(readToolEnv().path);
  });
});
