/**
 * The benchmark suite: numbers, not a timed test. In one process tree, on a
 * fresh PostgreSQL database and a fresh PGlite directory, it measures
 *   - the patient list, name search, date-of-birth search and counters through the real server
 *     (10 concurrent clients over HTTP) at each size, beside the same SQL run directly by the
 *     `pg` driver (the floor), and the CPU each request cost (bench-cpu.ts);
 *   - one user on PGlite against one user on PostgreSQL, and 200 clients on PGlite;
 *   - the live fan-out figures (fanout.bench.ts, run as a child);
 *   - the web app's JavaScript per page and route, and Lighthouse on /login and the clinic
 *     dashboard (Debian's Chromium);
 * then prints one table (goal, measured, floor, ratio) and writes it as JSON. It asserts nothing.
 *   npm run bench -- [--out file] [--sizes 1000,10000,20000,100000] [--duration 4] [--skip fanout,…]
 * README.md, "Benchmarks", says what each figure means and what the last run measured.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { createPglite, migrateDatabase, openDatabase, type Database } from '#src/db/client.ts';
import { seedDemoData } from '#src/db/seed/seed-demo.ts';
import { createDiskStorage } from '#src/storage/file-storage.ts';
import { inheritEnv, readToolEnv } from '#src/env.ts';
import {
  analyze,
  CLINIC_SHARE,
  countPatients,
  findBenchOrganizations,
  insertPatients,
  openBulkConnection,
  SEARCH_DOB,
  SEARCH_NAME,
} from './bench-data.ts';
import { cpuPerRequest, findPostmaster, measureCpu } from './bench-cpu.ts';
import { captureStatements, openReplayers, type Operation } from './bench-floor.ts';
import {
  createHttpClient,
  expectOk,
  runClosedLoop,
  TimeoutError,
  type HttpClient,
  type LoadOptions,
} from './bench-load.ts';
import {
  evaluateRows,
  formatNumber,
  formatTable,
  type BenchRow,
  type Goal,
  type LoadSummary,
} from './bench-table.ts';
import { buildWeb, measureBundles, runLighthouse, type LighthouseFigures } from './bench-web.ts';
import { DEFAULT_SERVER_URL, GOALS as FANOUT_GOALS } from './fanout-config.ts';
import { createBenchDatabase, type BenchDatabase } from './fanout-database.ts';
import type { TargetFigures } from './fanout-figures.ts';
import { signIn } from './fanout-http.ts';
import {
  caseBridgeEnv,
  getFreePort,
  liveTargets,
  REPO_ROOT,
  startTarget,
  type Target,
} from './fanout-target.ts';

/** The performance goals (docs/benchmarks.md, 'What is measured'). */
export const GOALS = {
  requestsPerSecond: 2_000,
  p99Ms: 20,
  /** The slowest list p50 over the sizes, at most this many times the fastest. */
  sizeSpread: 2,
  /** PGlite's single-user latency, at most this many times PostgreSQL's. */
  pgliteRatio: 3,
  pageKb: 120,
  routeChunkKb: 50,
  lighthousePerformance: 95,
  lighthouseLcpMs: 1_800,
  lighthouseAccessibility: 100,
} as const;

const CLINIC_EMAIL = 'clinic@demo.test';
const PHASES = ['postgres', 'pglite', 'fanout', 'bundles', 'lighthouse'] as const;
type Phase = (typeof PHASES)[number];

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    out: { type: 'string', default: path.join(REPO_ROOT, 'apps/server/.bench/bench-results.json') },
    sizes: { type: 'string', default: '1000,10000,20000,100000' },
    clients: { type: 'string', default: '10' },
    duration: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '1' },
    'pglite-size': { type: 'string' },
    'pglite-clients': { type: 'string', default: '200' },
    'pglite-duration': { type: 'string', default: '10' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'web-dist': { type: 'string' },
    skip: { type: 'string', default: '' },
  },
});
const positive = (name: string, value: string) => {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new Error(`--${name} must be a positive number`);
  return number;
};
const options = {
  out: path.resolve(args.out),
  sizes: args.sizes.split(',').map((size) => Math.round(positive('sizes', size))),
  load: {
    clients: positive('clients', args.clients),
    warmupMs: positive('warmup', args.warmup) * 1_000,
    durationMs: positive('duration', args.duration) * 1_000,
  } satisfies LoadOptions,
  pgliteClients: positive('pglite-clients', args['pglite-clients']),
  pgliteDurationMs: positive('pglite-duration', args['pglite-duration']) * 1_000,
  lighthouseRuns: positive('lighthouse-runs', args['lighthouse-runs']),
  webDist: args['web-dist'] ? path.resolve(args['web-dist']) : undefined,
  skip: new Set(args.skip.split(',').filter(Boolean) as Phase[]),
};
for (const phase of options.skip)
  if (!PHASES.includes(phase)) throw new Error(`--skip: unknown ${phase} (${PHASES.join(', ')})`);
/**
 * PGlite gets one size, compared with PostgreSQL at the same size: 20,000 by default (4,000 at
 * the clinic), since filling PGlite's listing through its triggers, one WebAssembly thread, takes
 * minutes at 100,000 on this machine; `--pglite-size 100000` measures that too.
 */
const pgliteSize = args['pglite-size']
  ? Math.round(positive('pglite-size', args['pglite-size']))
  : options.sizes.includes(20_000)
    ? 20_000
    : Math.max(...options.sizes);
if (!options.sizes.includes(pgliteSize))
  throw new Error(`--pglite-size must be one of --sizes (${options.sizes.join(', ')})`);

const toolEnv = readToolEnv();
const serverUrl = toolEnv.testDatabaseUrl ?? toolEnv.databaseUrl ?? DEFAULT_SERVER_URL;
const workDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-bench-'));
let database: BenchDatabase | null = null;
/** Undone last first: servers and connections, then the database, then the files. */
const cleanups: Array<() => Promise<unknown>> = [
  () => rm(workDir, { recursive: true, force: true }),
];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of liveTargets) child.kill('SIGKILL');
    for (const undo of cleanups.toReversed())
      await undo().catch((error: unknown) => console.error('bench cleanup:', error));
  })();
  return cleaning;
}
const WATCHDOG_MS = 30 * 60_000;
const stopNow = (code: number) => () => void cleanup().finally(() => process.exit(code));
process.once('SIGINT', stopNow(130));
process.once('SIGTERM', stopNow(143));
setTimeout(() => {
  console.error(`bench: over ${WATCHDOG_MS / 60_000} min, stopping`);
  stopNow(1)();
}, WATCHDOG_MS).unref();

const progress = (text: string) => console.info(`[bench] ${text}`);
const rows: BenchRow[] = [];
const details: Record<string, unknown> = {};
const atMost = (value: number): Goal => ({ kind: 'max', value });
const atLeast = (value: number): Goal => ({ kind: 'min', value });
const thousands = (n: number) => n.toLocaleString('en-US');

/** The requests the list figures make; the floor replays what the service runs for each. */
const FIGURES: Array<{
  key: string;
  label: string;
  path: string;
  operation: Operation;
  goals: boolean;
}> = [
  {
    key: 'list',
    label: 'list',
    path: '/api/patients',
    operation: { kind: 'list', query: {} },
    goals: true,
  },
  {
    key: 'searchName',
    label: `name search "${SEARCH_NAME}"`,
    path: `/api/patients?search=${SEARCH_NAME}`,
    operation: { kind: 'list', query: { search: SEARCH_NAME } },
    goals: false,
  },
  {
    key: 'searchDob',
    label: `date-of-birth search ${SEARCH_DOB}`,
    path: `/api/patients?search=${SEARCH_DOB}`,
    operation: { kind: 'list', query: { search: SEARCH_DOB } },
    goals: false,
  },
  {
    key: 'counters',
    label: 'counters',
    path: '/api/patients/stats',
    operation: { kind: 'counters' },
    goals: true,
  },
];

async function startServer(name: string, env: { databaseUrl?: string; webDistDir?: string }) {
  const port = await getFreePort();
  const dataDir = path.join(workDir, name);
  await mkdir(dataDir, { recursive: true });
  const target = await startTarget({
    script: 'apps/server/src/main.ts',
    port,
    readyPath: '/api/health',
    env: caseBridgeEnv({ port, dataDir, ...env }),
  });
  const cookie = await signIn(target.baseUrl, CLINIC_EMAIL, DEMO_PASSWORD);
  return { target, cookie };
}

/** Migrates, seeds the demo organisations and accounts, and returns the clinic's ids. */
async function prepare(db: Database) {
  await migrateDatabase(db);
  await seedDemoData(db.db, createDiskStorage(path.join(workDir, 'seed-files')));
  return findBenchOrganizations(db.db);
}

function loadRows(
  section: string,
  label: string,
  server: LoadSummary,
  floor: LoadSummary | null,
  goals: boolean,
) {
  rows.push(
    {
      section,
      figure: `${label}: requests/s`,
      unit: '/s',
      goal: goals ? atLeast(GOALS.requestsPerSecond) : null,
      measured: server.perSecond,
      floor: floor?.perSecond ?? null,
      note: server.errors ? `${server.errors} errors: ${server.firstError}` : undefined,
    },
    {
      section,
      figure: `${label}: p99`,
      unit: 'ms',
      goal: goals ? atMost(GOALS.p99Ms) : null,
      measured: server.p99Ms,
      floor: floor?.p99Ms ?? null,
    },
  );
}

const machineCores = os.availableParallelism();
type CpuPerRequest = ReturnType<typeof cpuPerRequest>;

/**
 * Each request's CPU in all (server, PostgreSQL, load generator), against the most a rate goal
 * allows on this machine's cores; the floor's is PostgreSQL's and its `pg` clients'.
 */
function cpuRow(
  section: string,
  label: string,
  cpu: { server: CpuPerRequest; floor: CpuPerRequest },
  goals: boolean,
) {
  const { server } = cpu;
  rows.push({
    section,
    figure: `${label}: CPU per request, server + PostgreSQL + load generator`,
    unit: 'ms',
    goal: goals ? atMost((machineCores * 1_000) / GOALS.requestsPerSecond) : null,
    measured: server.totalMs,
    floor: cpu.floor.totalMs,
    note: `server ${formatNumber(server.serverMs)} ms, PostgreSQL ${formatNumber(server.databaseMs)} ms, load generator ${formatNumber(server.loadGeneratorMs)} ms; at that cost ${machineCores} cores serve at most ${formatNumber(server.ceilingPerSecond)}/s`,
  });
}

async function measurePostgres(webDist: string | undefined): Promise<Target | null> {
  const created = await createBenchDatabase(serverUrl, 'cb_bench');
  database = created;
  cleanups.push(() => created.drop());
  progress(`PostgreSQL database ${database.name}: migrating and seeding the demo`);
  const db = await openDatabase({ databaseUrl: database.url });
  cleanups.push(() => db.close());
  const orgs = await prepare(db);
  const bulk = openBulkConnection(database.url);
  cleanups.push(bulk.close);
  // The database's processes are its postmaster's: the CPU rows count those, no other cluster's.
  const backend = (await bulk.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: Array<{ pid: number }>;
  };
  const postmasterPid = findPostmaster(Number(backend.rows[0]?.pid));
  const { target, cookie } = await startServer('postgres', {
    databaseUrl: database.url,
    webDistDir: webDist,
  });
  cleanups.push(() => target.stop());
  const http = createHttpClient(target.baseUrl, { cookie, sockets: options.load.clients });
  const replayers = await openReplayers(database.url, options.load.clients);
  cleanups.push(replayers.close);
  const listP50 = new Map<number, number>();
  const load: Record<string, unknown> = {};
  let generated = 0;
  for (const size of options.sizes.toSorted((a, b) => a - b)) {
    const started = Date.now();
    await insertPatients(bulk.db, orgs, { from: generated + 1, to: size });
    generated = size;
    await analyze(bulk.db);
    const counts = await countPatients(bulk.db, orgs.clinicId);
    const section = `PostgreSQL, ${thousands(size)} patients (${thousands(counts.clinic)} at the clinic), ${options.load.clients} clients`;
    progress(`${section}: generated in ${((Date.now() - started) / 1_000).toFixed(1)} s`);
    for (const figure of FIGURES) {
      const measured = await measureCpu(
        options.load.warmupMs,
        { serverPid: target.pid, postmasterPid },
        () => runClosedLoop(options.load, expectOk(http, figure.path)),
      );
      const server = measured.result;
      const statements = await captureStatements(database.url, CLINIC_EMAIL, figure.operation);
      const replayed = await measureCpu(
        options.load.warmupMs,
        { serverPid: null, postmasterPid },
        () => runClosedLoop(options.load, replayers.replay(statements)),
      );
      const floor = replayed.result;
      const cpu = {
        server: cpuPerRequest(measured.spent, server.requests, machineCores),
        floor: cpuPerRequest(replayed.spent, floor.requests, machineCores),
      };
      load[`${size}:${figure.key}`] = { server, floor, cpu, statements: statements.length };
      if (figure.key === 'list') listP50.set(size, server.p50Ms);
      loadRows(section, figure.label, server, floor, figure.goals);
      cpuRow(section, figure.label, cpu, figure.goals);
      progress(
        `  ${figure.label}: ${server.perSecond.toFixed(0)}/s p50 ${server.p50Ms.toFixed(1)} ms p99 ${server.p99Ms.toFixed(1)} ms (floor ${floor.perSecond.toFixed(0)}/s, ${statements.length} statements)`,
      );
    }
    // One user on PostgreSQL at the size PGlite is measured at, for the comparison.
    if (size === pgliteSize) details.singleUserPostgres = await measureSingleUser(http);
  }
  const p50s = [...listP50.values()];
  rows.push({
    section: 'PostgreSQL, across sizes',
    figure: `list p50, slowest ÷ fastest over ${[...listP50.keys()].map(thousands).join(', ')}`,
    unit: '×',
    goal: atMost(GOALS.sizeSpread),
    measured: Math.max(...p50s) / Math.min(...p50s),
    floor: null,
  });
  details.load = load;
  http.close();
  return target;
}

/** One client, one request at a time: the latency a single user sees. */
async function measureSingleUser(http: HttpClient) {
  const single = { ...options.load, clients: 1 };
  return {
    list: await runClosedLoop(single, expectOk(http, '/api/patients')),
    counters: await runClosedLoop(single, expectOk(http, '/api/patients/stats')),
  };
}

async function measurePglite() {
  const dataDir = path.join(workDir, 'pglite');
  progress(
    `PGlite in ${dataDir}: migrating, seeding and generating ${thousands(pgliteSize)} patients`,
  );
  const started = Date.now();
  const pglite = await createPglite(path.join(dataDir, 'pgdata'));
  const db = await openDatabase({ pglite });
  const orgs = await prepare(db);
  await insertPatients(db.db, orgs, { from: 1, to: pgliteSize });
  await analyze(db.db);
  // The writers' patients: at the clinic, one each, with the version a status change names.
  const writable = (await db.db.execute(
    sqlWritable(orgs.clinicId, Math.ceil(options.pgliteClients / 10)),
  )) as unknown as { rows: Array<{ id: string; version: number }> };
  await db.close();
  progress(`PGlite ready in ${((Date.now() - started) / 1_000).toFixed(1)} s`);

  const { target, cookie } = await startServer('pglite', {});
  cleanups.push(() => target.stop());
  try {
    const http = createHttpClient(target.baseUrl, { cookie, sockets: options.pgliteClients });
    const single = await measureSingleUser(http);
    const postgres = details.singleUserPostgres as
      Awaited<ReturnType<typeof measureSingleUser>> | undefined;
    for (const key of ['list', 'counters'] as const)
      rows.push({
        section: `One user, ${thousands(pgliteSize)} patients: PGlite (floor: PostgreSQL)`,
        figure: `${key} p50`,
        unit: 'ms',
        goal: atMost(GOALS.pgliteRatio),
        goalOn: 'ratio',
        measured: single[key].p50Ms,
        floor: postgres?.[key].p50Ms ?? null,
      });
    const crowd = await measureCrowd(http, writable.rows);
    rows.push(
      {
        section: `PGlite, ${thousands(pgliteSize)} patients, ${options.pgliteClients} clients (${writable.rows.length} writing)`,
        figure: 'list p50',
        unit: 'ms',
        goal: null,
        measured: crowd.reads.p50Ms,
        floor: null,
        note: 'before ADR 0019: 1.7 s',
      },
      {
        section: `PGlite, ${thousands(pgliteSize)} patients, ${options.pgliteClients} clients (${writable.rows.length} writing)`,
        figure: 'status changes timed out (no answer in 10 s)',
        unit: '%',
        goal: atMost(0),
        measured: crowd.timeoutPercent,
        floor: null,
        note: `before ADR 0019: 28 %; now ${crowd.writes.requests} succeeded, ${crowd.writes.errors} failed${crowd.writes.firstError ? ` (first: ${crowd.writes.firstError})` : ''}`,
      },
    );
    details.pglite = { single, crowd };
    http.close();
  } finally {
    await target.stop();
  }
}

function sqlWritable(clinicId: string, count: number) {
  return sql`select p.id, p.version from patients p join patient_clinics pc on pc.patient_id = p.id
    where pc.clinic_id = ${clinicId}::uuid order by p.id limit ${count}`;
}

/** Many readers of the list and a tenth as many writers changing statuses, all at once. */
async function measureCrowd(http: HttpClient, patients: Array<{ id: string; version: number }>) {
  // No warm-up: every status change started is counted, the first ones included.
  const crowd = { ...options.load, warmupMs: 0, durationMs: options.pgliteDurationMs };
  const versions = patients.map((patient) => patient.version);
  let timeouts = 0;
  const statuses = ['Evaluated', 'Referred for PT'];
  let sequence = 0;
  const write = async (client: number) => {
    const patient = patients[client]!;
    sequence += 1;
    try {
      const answer = await http.request(`/api/patients/${patient.id}/status`, {
        method: 'PATCH',
        json: { treatmentStatus: statuses[sequence % 2], version: versions[client] },
        timeoutMs: 10_000,
      });
      if (answer.status !== 200)
        throw new Error(`status change: ${answer.status} ${answer.body.slice(0, 160)}`);
      versions[client] = (
        JSON.parse(answer.body) as { patient: { version: number } }
      ).patient.version;
    } catch (error) {
      if (error instanceof TimeoutError) timeouts += 1;
      throw error;
    }
  };
  const [reads, writes] = await Promise.all([
    runClosedLoop(
      { ...crowd, clients: options.pgliteClients - patients.length },
      expectOk(http, '/api/patients'),
    ),
    runClosedLoop({ ...crowd, clients: patients.length }, write),
  ]);
  const attempted = writes.requests + writes.errors;
  return {
    reads,
    writes,
    timeouts,
    timeoutPercent: attempted ? (100 * timeouts) / attempted : Number.NaN,
  };
}

/** fanout.bench.ts as a child: its progress passes through, its FANOUT_JSON lines are kept. */
async function measureFanout() {
  progress('fan-out bench (npm run bench:fanout) as a child process');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/bench/fanout.bench.ts'],
    {
      cwd: REPO_ROOT,
      env: inheritEnv({ TEST_DATABASE_URL: serverUrl }),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  cleanups.push(async () => child.kill('SIGTERM'));
  const reports: Array<{ app: TargetFigures; floor: TargetFigures }> = [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('FANOUT_JSON '))
        reports.push(JSON.parse(line.slice('FANOUT_JSON '.length)));
      else if (line.startsWith('[')) console.info(`[fanout] ${line}`);
    }
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`fan-out bench exited with ${code}`);
  for (const { app, floor } of reports) {
    const section = `Live fan-out, 1,000 SSE streams: ${app.name} (floor: LISTEN → SSE)`;
    const figure = (label: string, unit: string, goal: Goal, pick: (f: TargetFigures) => number) =>
      rows.push({ section, figure: label, unit, goal, measured: pick(app), floor: pick(floor) });
    figure('write → event p50', 'ms', atMost(FANOUT_GOALS.latencyP50Ms), (f) => f.latency.p50Ms);
    figure('write → event p99', 'ms', atMost(FANOUT_GOALS.latencyP99Ms), (f) => f.latency.p99Ms);
    figure(
      'changes/s delivered to all',
      '/s',
      atLeast(FANOUT_GOALS.sustainedPerSecond),
      (f) => f.sustained.deliveredPerSecond,
    );
    figure(
      'write → event p99 at that rate',
      'ms',
      atMost(FANOUT_GOALS.sustainedP99Ms),
      (f) => f.sustained.p99Ms,
    );
    figure(
      'memory per idle stream',
      'KB',
      atMost(FANOUT_GOALS.bytesPerIdleStream / 1024),
      (f) => f.memory.bytesPerStream / 1024,
    );
  }
  details.fanout = reports;
}

async function measureBundleRows(dist: string) {
  const bundles = await measureBundles(dist);
  for (const row of bundles) {
    if (row.kind === 'lazy chunk') continue;
    rows.push({
      section: 'JavaScript, gzip',
      figure: row.kind === 'page' ? `${row.name}: initial JavaScript` : `route chunk ${row.name}`,
      unit: 'KB',
      goal: atMost(row.kind === 'page' ? GOALS.pageKb : GOALS.routeChunkKb),
      measured: row.bytes / 1_000,
      floor: null,
    });
  }
  details.bundles = bundles;
}

async function measureLighthouse(target: Target, cookie: string) {
  progress(`Lighthouse (mobile), ${options.lighthouseRuns} runs per page`);
  const pages = [
    { url: `${target.baseUrl}/login` },
    { url: `${target.baseUrl}/dashboard/clinic`, cookie },
  ];
  const figures: LighthouseFigures[] = await runLighthouse(pages, options.lighthouseRuns);
  for (const page of figures) {
    const section = `Lighthouse mobile, ${new URL(page.url).pathname} (median of ${page.runs})`;
    rows.push(
      {
        section,
        figure: 'performance',
        unit: '',
        goal: atLeast(GOALS.lighthousePerformance),
        measured: page.performance,
        floor: null,
      },
      {
        section,
        figure: 'largest contentful paint',
        unit: 'ms',
        goal: atMost(GOALS.lighthouseLcpMs),
        measured: page.lcpMs,
        floor: null,
      },
      {
        section,
        figure: 'accessibility',
        unit: '',
        goal: atLeast(GOALS.lighthouseAccessibility),
        measured: page.accessibility,
        floor: null,
      },
    );
  }
  details.lighthouse = figures;
}

/**
 * Runs one phase; a phase that fails is reported as a row (its error in the note) and the others
 * still run, so one flaky tool does not cost the whole run's figures.
 */
async function runPhase<T>(phase: Phase, measure: () => Promise<T>): Promise<T | null> {
  try {
    return await measure();
  } catch (error) {
    console.error(`[bench] ${phase} failed:`, error);
    rows.push({
      section: `${phase}: failed`,
      figure: 'phase',
      unit: '',
      goal: null,
      measured: Number.NaN,
      floor: null,
      note: error instanceof Error ? error.message.split('\n')[0] : String(error),
    });
    return null;
  }
}

async function readMachine() {
  let postgres = 'not measured';
  if (database) {
    const db = await openDatabase({ databaseUrl: database.url });
    const result = (await db.db.execute(sql`select version()`)) as unknown as {
      rows: Array<{ version: string }>;
    };
    postgres = result.rows[0]?.version ?? postgres;
    await db.close();
  }
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: machineCores,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres,
    /** 1, 5 and 15 minutes: on a shared machine, how busy it was while the bench ran. */
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
  };
}

try {
  const started = new Date();
  const skip = options.skip;
  let webDist = options.webDist;
  if (!webDist && !(skip.has('bundles') && skip.has('lighthouse'))) {
    const outDir = path.join(workDir, 'web-dist');
    progress('building the web app');
    // Without a build there are neither bundle sizes nor pages for Lighthouse.
    webDist = (await runPhase('bundles', () => buildWeb(outDir).then(() => outDir))) ?? undefined;
  }
  let postgresTarget: Target | null = null;
  if (!skip.has('postgres'))
    postgresTarget = await runPhase('postgres', () => measurePostgres(webDist));
  // Lighthouse signs in to the PostgreSQL run's server, whose database has the demo accounts.
  if (!skip.has('lighthouse') && webDist && postgresTarget) {
    const target = postgresTarget;
    await runPhase('lighthouse', async () =>
      measureLighthouse(target, await signIn(target.baseUrl, CLINIC_EMAIL, DEMO_PASSWORD)),
    );
  }
  await postgresTarget?.stop();
  if (!skip.has('pglite')) await runPhase('pglite', measurePglite);
  if (!skip.has('bundles') && webDist) await runPhase('bundles', () => measureBundleRows(webDist));
  if (!skip.has('fanout')) await runPhase('fanout', measureFanout);
  const machine = await readMachine();

  const evaluated = evaluateRows(rows);
  console.info(
    `\nCaseBridge benchmarks, ${started.toISOString()}: ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ${machine.postgres.split(' on ')[0]}; load average ${machine.loadAverage.join(', ')}`,
  );
  console.info(`Clinic share of each size: ${CLINIC_SHARE * 100} %; ratio = measured ÷ floor\n`);
  console.info(formatTable(evaluated));
  const notes = evaluated.filter((row) => row.note);
  if (notes.length)
    console.info(
      `\n${notes.map((row) => `${row.section}, ${row.figure}: ${row.note}`).join('\n')}`,
    );
  await mkdir(path.dirname(options.out), { recursive: true });
  await writeFile(
    options.out,
    `${JSON.stringify({ startedAt: started.toISOString(), finishedAt: new Date().toISOString(), machine, options: { ...options, skip: [...skip] }, goals: GOALS, rows: evaluated, details }, null, 2)}\n`,
  );
  console.info(`\nWritten to ${options.out}`);
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
