#!/usr/bin/env node
// The whole suite: checks, unit tests, the integration suite on PostgreSQL (when a server URL is
// given; otherwise on PGlite), the embedded database's own pass on PGlite, and the end-to-end
// tests in Chromium. The browser tests, which mostly wait on the browser and the server, run
// beside the checks and unit tests; the integration suite runs on its own after them
// (docs/testing.md). Each step's output goes to .reports/<step>.log;
// a failed step's output is printed at the end. Ends with `N passed, N failed`.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// The suite proves the runtime the product runs on (docs/decisions/0038-node-24-from-the-npm-registry.md):
// npm puts the project's Node 24 first on the PATH of `npm test`, and every step inherits it.
const REQUIRED_NODE_MAJOR = 24;
if (Number(process.versions.node.split('.')[0]) < REQUIRED_NODE_MAJOR) {
  console.error(
    `npm test runs on Node.js ${REQUIRED_NODE_MAJOR}, and this is ${process.version}: run it as npm test, after npm install.`,
  );
  console.log('0 passed, 1 failed');
  process.exit(1);
}
console.log(`Node.js ${process.version}`);

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = path.join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
// The shared-store tests use Redis when one answers (the machine's, or TEST_REDIS_URL).
const redisUrl = process.env.TEST_REDIS_URL || (await findLocalRedis());
const skipE2e = process.env.SKIP_E2E === '1';
// The suites make their own databases; nothing below may touch the caller's DATABASE_URL.
const baseEnv = {
  ...process.env,
  DATABASE_URL: '',
  TEST_DATABASE_URL: '',
  TEST_REDIS_URL: redisUrl,
  FORCE_COLOR: '0',
};
const startedAt = Date.now();
/** @type {{ label: string, passed: number, failed: number, seconds: number, log: string }[]} */
const results = [];

/** redis://127.0.0.1:6379 when a Redis server answers PING there within a second, else ''. */
function findLocalRedis() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    const done = (url) => {
      socket.destroy();
      resolve(url);
    };
    socket.setTimeout(1000, () => done(''));
    socket.on('error', () => done(''));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) =>
      done(data.toString().startsWith('+PONG') ? 'redis://127.0.0.1:6379' : ''),
    );
  });
}

const slug = (label) => label.replace(/\W+/g, '-').replace(/^-|-$/g, '');
const elapsed = (since) => (Date.now() - since) / 1000;

/** Runs a command with its output in the step's log; resolves whether it exited with 0. */
function run(label, command, args, env = baseEnv) {
  const log = path.join(reports, `${slug(label)}.log`);
  const out = createWriteStream(log);
  console.log(`▶ ${label}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', (error) => out.write(`\n${error.stack}\n`));
    child.on('close', (code) => out.end(() => resolve({ ok: code === 0, log })));
  });
}

function record(label, since, passed, failed, log) {
  const seconds = elapsed(since);
  results.push({ label, passed, failed, seconds, log });
  const verdict = failed > 0 ? 'FAILED' : 'ok';
  console.log(
    `■ ${label}: ${verdict} in ${seconds.toFixed(0)} s (${passed} passed, ${failed} failed)`,
  );
}

async function step(label, command, args, env = baseEnv) {
  const since = Date.now();
  const { ok, log } = await run(label, command, args, env);
  record(label, since, ok ? 1 : 0, ok ? 0 : 1, log);
  return ok;
}

async function vitest(label, args, env = baseEnv) {
  const since = Date.now();
  const file = path.join(reports, `${slug(label)}.json`);
  const { ok, log } = await run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (!ok && !(report?.numFailedTests > 0) ? 1 : 0);
  record(label, since, passed, failed, log);
}

const projects = (...names) => names.flatMap((name) => ['--project', name]);

/** Resolves whether the web app was built, once the browser lane has built it (or failed to). */
let webBuilt;
const whenWebBuilt = new Promise((resolve) => (webBuilt = resolve));

/**
 * Typecheck, lint and the other static checks, the tests that need no database server, then the
 * release built from the web build and run as an operator would (scripts/release.test.mjs).
 */
async function checksLane() {
  await step('typecheck', 'npm', ['run', '-s', 'typecheck']);
  await step('lint', 'npm', ['run', '-s', 'lint']);
  // A planted wrong import of each kind must fail the lint above
  // (docs/architecture/code-layout-and-boundaries.md).
  await step('import boundaries and copies', 'node', [
    '--test',
    'scripts/check-boundaries.test.mjs',
  ]);
  // What breaks the release still running during an upgrade (docs/deployment.md#upgrading).
  await step('migration rule', 'node', ['--test', 'scripts/check-migrations.test.mjs']);
  // What counts as a page's initial JavaScript, and that each size limit can fail.
  await step('bundle budget rules', 'node', ['--test', 'scripts/check-bundle-budget.test.mjs']);
  await step('format', 'npm', ['run', '-s', 'format:check']);
  // The API contract: Redocly lint with 0 errors, and a generated client that compiles
  // (scripts/openapi-check.mjs, docs/architecture/api-contract.md).
  await step('OpenAPI contract', 'npm', ['run', '-s', 'openapi:check']);
  await vitest('unit', projects('domain', 'server-unit', 'web'));
  if (!(await whenWebBuilt)) return;
  if (!(await step('release build', 'npm', ['run', '-s', 'release', '--', '--skip-web-build'])))
    return;
  await step('release: install, upgrade', 'node', ['--test', 'scripts/release.test.mjs'], {
    ...baseEnv,
    TEST_DATABASE_URL: postgresUrl,
  });
}

/**
 * The whole integration suite (on PostgreSQL when the run has a server, else on PGlite), then
 * what differs on the embedded database, always on PGlite (docs/testing.md). Beside the browser
 * tests the PGlite pass's shutdown deadline failed.
 */
async function integrationSteps() {
  const integration = projects('server-integration', 'server-integration-isolated');
  if (postgresUrl) {
    await vitest('integration (PostgreSQL)', integration, {
      ...baseEnv,
      TEST_DATABASE_URL: postgresUrl,
    });
    await vitest('integration (PGlite pass)', projects('server-pglite'));
  } else {
    console.log('(no TEST_DATABASE_URL or DATABASE_URL: the integration suite runs on PGlite)');
    await vitest('integration (PGlite)', integration);
  }
}

/**
 * An empty database on the run's PostgreSQL server for the browser tests' server, and how to drop
 * it. On the embedded database that server spent a third of its CPU in PGlite, and the browser
 * tests are the suite's longest path (docs/testing.md).
 */
async function createE2eDatabase(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `casebridge_e2e_${process.pid}_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin(`drop database if exists ${name} with (force)`).catch((error) =>
        console.log(`(could not drop the browser tests' database ${name}: ${error.message})`),
      ),
  };
}

/** The built app: its size budget, then the browser tests against it. */
async function browserLane() {
  const since = Date.now();
  const built = await run('build web app', 'npm', ['run', 'build']);
  webBuilt(built.ok);
  if (!built.ok) {
    record('build web app', since, 0, 1, built.log);
    return;
  }
  await step('bundle budget', 'node', ['scripts/check-bundle-budget.mjs', 'apps/web/dist']);
  if (skipE2e) return;
  const e2eSince = Date.now();
  const file = path.join(reports, 'e2e.json');
  const database = postgresUrl ? await createE2eDatabase(postgresUrl) : null;
  const { ok, log } = await run(
    'e2e (Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    { ...baseEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: file, E2E_DATABASE_URL: database?.url ?? '' },
  );
  await database?.drop();
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const passed = (report?.stats?.expected ?? 0) + (report?.stats?.flaky ?? 0);
  const failed =
    (report?.stats?.unexpected ?? 0) + (!ok && !(report?.stats?.unexpected > 0) ? 1 : 0);
  record('e2e (Chromium)', e2eSince, passed, failed, log);
}

if (!redisUrl)
  console.log('(no Redis answered on 127.0.0.1:6379: the Redis store tests are skipped)');
// The integration suite starts servers and tools as child processes and measures timeouts: it
// runs on its own, after the two lanes. Beside the browser tests it ran slower than both put
// together, and its start-up deadlines failed (docs/testing.md).
await Promise.all([checksLane(), browserLane()]);
await integrationSteps();

for (const result of results.filter((each) => each.failed > 0)) {
  console.log(`\n━━ ${result.label} failed; its output (${path.relative(root, result.log)}):`);
  console.log(readFileSync(result.log, 'utf8'));
}

console.log('\n━━ Summary (wall time of each step; checks and browser ran at once)');
for (const result of results)
  console.log(
    `  ${result.label.padEnd(28)} ${`${result.seconds.toFixed(0)} s`.padStart(6)}   ` +
      `${result.passed} passed, ${result.failed} failed`,
  );
console.log(`  ${'total'.padEnd(28)} ${`${elapsed(startedAt).toFixed(0)} s`.padStart(6)}`);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
