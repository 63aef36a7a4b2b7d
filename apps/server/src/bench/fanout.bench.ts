/**
 * Benchmark of live-event fan-out, measured from outside through HTTP so it
 * serves any engine: the real server runs as a child process on a fresh PostgreSQL database,
 * 1,000 SSE streams are held by other child processes, and a writer changes treatment statuses.
 * The same harness then measures a minimal LISTEN → SSE program (floor-listen-sse.ts), so the
 * ratio to that floor is printed beside each figure. Numbers only: it asserts nothing.
 *   npm run bench:fanout      (TEST_DATABASE_URL or DATABASE_URL names the PostgreSQL server)
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SERVER_URL, FANOUT, HOST } from './fanout-config.ts';
import {
  BENCH_PASSWORD,
  createBenchDatabase,
  prepareCaseBridgeData,
  type BenchDatabase,
  type BenchPeople,
} from './fanout-database.ts';
import { mapLimit, sendRequest, signIn } from './fanout-http.ts';
import { measureTarget, type TargetSpec } from './fanout-measure.ts';
import { printReport } from './fanout-report.ts';
import { liveSubscriberProcesses } from './fanout-subscribers.ts';
import { openOutboxWriter } from './fanout-outbox-writer.ts';
import { caseBridgeEnv, getFreePort, liveTargets, startTarget } from './fanout-target.ts';
import { readToolEnv } from '#src/env.ts';

/** Statuses the writer alternates between, so every write is a real change. */
const STATUSES = ['Evaluated', 'Referred for PT'] as const;

const toolEnv = readToolEnv();
const serverUrl = toolEnv.testDatabaseUrl ?? toolEnv.databaseUrl ?? DEFAULT_SERVER_URL;
const workDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-fanout-'));
let database: BenchDatabase | null = null;
let cleaning: Promise<void> | null = null;
/** Connections the bench itself opened (the outbox writer's), closed before the drop. */
const cleanups: Array<() => Promise<void>> = [];

/** Kills every child and drops the database; safe to call from any exit path, once. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of [...liveSubscriberProcesses, ...liveTargets]) child.kill('SIGKILL');
    await Promise.all(cleanups.map((close) => close().catch(() => undefined)));
    await database?.drop().catch((error: unknown) => console.error('could not drop', error));
    await rm(workDir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}
setTimeout(() => {
  console.error(`fan-out bench: over ${FANOUT.watchdogMs / 1_000} s, stopping`);
  void cleanup().finally(() => process.exit(1));
}, FANOUT.watchdogMs).unref();

function startCaseBridge(url: string, name: string) {
  return async () => {
    const port = await getFreePort();
    const dataDir = path.join(workDir, name);
    // The health check probes the data directory; it must exist from the start.
    await mkdir(dataDir, { recursive: true });
    return startTarget({
      script: 'apps/server/src/main.ts',
      port,
      readyPath: '/api/health',
      env: caseBridgeEnv({ port, dataDir, databaseUrl: url }),
    });
  };
}

/**
 * CaseBridge serving the 1,000 streams. Its writes are the API's (`PATCH .../status` through
 * the same instance: the whole product on one Node thread) or, with `writer: 'outbox'`, a
 * status update committed with publishEvent straight from this process — as trivial a writer
 * as the floor's, so that figure measures the live engine against the floor alone.
 */
function caseBridgeSpec(
  url: string,
  people: BenchPeople,
  options: { writer: 'api' | 'outbox' },
): TargetSpec {
  return {
    name: options.writer === 'api' ? 'CaseBridge' : 'CaseBridge engine',
    start: startCaseBridge(url, `server-${options.writer}`),
    async prepare(target) {
      console.info(`[CaseBridge] signing in ${people.subscriberEmails.length + 1} users`);
      const sessions = await mapLimit(people.subscriberEmails, FANOUT.loginConcurrency, (email) =>
        signIn(target.baseUrl, email, BENCH_PASSWORD),
      );
      const cookies = sessions.flatMap((cookie) =>
        Array<string>(FANOUT.streamsPerUser).fill(cookie),
      );
      if (options.writer === 'outbox') {
        const writer = await openOutboxWriter(url);
        cleanups.push(writer.close);
        return {
          eventsPath: '/api/events',
          cookies,
          write: (patientId, sequence) => writer.write(patientId, STATUSES[sequence % 2]!),
        };
      }
      const writer = await signIn(target.baseUrl, people.writerEmail, BENCH_PASSWORD);
      // A status change names the version it was made from: the writer remembers each patient's.
      const versions = new Map<string, number>();
      const readVersion = async (patientId: string) => {
        const answer = await sendRequest(`${target.baseUrl}/api/patients/${patientId}`, {
          method: 'GET',
          cookie: writer,
        });
        return (JSON.parse(answer.body) as { version: number }).version;
      };
      return {
        eventsPath: '/api/events',
        cookies,
        write: async (patientId, sequence) => {
          const version = versions.get(patientId) ?? (await readVersion(patientId));
          const answer = await sendRequest(`${target.baseUrl}/api/patients/${patientId}/status`, {
            method: 'PATCH',
            cookie: writer,
            json: { treatmentStatus: STATUSES[sequence % 2], version },
          });
          if (answer.status !== 200)
            throw new Error(`${answer.status} ${answer.body.slice(0, 120)}`);
          versions.set(
            patientId,
            (JSON.parse(answer.body) as { patient: { version: number } }).patient.version,
          );
        },
      };
    },
  };
}

function floorSpec(url: string): TargetSpec {
  return {
    name: 'floor',
    async start() {
      const port = await getFreePort();
      return startTarget({
        script: 'apps/server/src/bench/floor-listen-sse.ts',
        args: ['--database-url', url, '--port', String(port), '--host', HOST],
        port,
        readyPath: '/health',
        env: {},
      });
    },
    async prepare(target) {
      return {
        eventsPath: '/events',
        cookies: Array<string>(FANOUT.subscribers).fill(''),
        write: async (patientId) => {
          const answer = await sendRequest(`${target.baseUrl}/write`, {
            method: 'POST',
            json: { patientId },
          });
          if (answer.status !== 200)
            throw new Error(`${answer.status} ${answer.body.slice(0, 120)}`);
        },
      };
    },
  };
}

try {
  const started = Date.now();
  database = await createBenchDatabase(serverUrl);
  console.info(`Fan-out bench on ${database.name}: migrating and seeding`);
  const people = await prepareCaseBridgeData(database.url, path.join(workDir, 'seed-files'));
  const app = await measureTarget(
    caseBridgeSpec(database.url, people, { writer: 'api' }),
    people.patientIds,
  );
  const engine = await measureTarget(
    caseBridgeSpec(database.url, people, { writer: 'outbox' }),
    people.patientIds,
  );
  const floor = await measureTarget(floorSpec(database.url), people.patientIds);
  console.info(
    '\nThe live engine: changes committed through the outbox, as the floor commits them:',
  );
  printReport(engine, floor);
  console.info('\nThe whole product: changes made through the API of the instance that streams:');
  printReport(app, floor);
  console.info(`Fan-out bench took ${((Date.now() - started) / 1_000).toFixed(0)} s`);
} catch (error) {
  console.error('fan-out bench failed:', error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
