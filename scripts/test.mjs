#!/usr/bin/env node
// The whole suite: checks, unit tests, integration tests on PGlite (and on PostgreSQL when a
// server URL is given), end-to-end tests in Chromium. Ends with `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

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
  FORCE_COLOR: '1',
};
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

function run(label, command, args, env = baseEnv) {
  console.log(`\n━━ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  return result.status === 0;
}

function step(label, command, args) {
  const ok = run(label, command, args);
  results.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function vitest(label, projects, env = baseEnv) {
  const file = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...projectArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (!ok && !(report?.numFailedTests > 0) ? 1 : 0);
  results.push({ label, passed, failed });
}

let webBuilt;
/** Builds the web app once for the steps that need it; whether the build succeeded. */
function buildWeb() {
  webBuilt ??= run('build web app', 'npm', ['run', 'build']);
  return webBuilt;
}

/** The JavaScript size budget of each page (scripts/check-bundle-budget.mjs) on a fresh build. */
function bundleBudget() {
  const label = 'bundle budget';
  if (!buildWeb()) {
    results.push({ label, passed: 0, failed: 1 });
    return;
  }
  step(label, 'node', ['scripts/check-bundle-budget.mjs', 'apps/web/dist']);
}

function playwright() {
  const label = 'e2e (Chromium)';
  const built = buildWeb();
  if (!built) {
    results.push({ label, passed: 0, failed: 1 });
    return;
  }
  const file = path.join(reports, 'e2e.json');
  const ok = run(label, 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    ...baseEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const passed = (report?.stats?.expected ?? 0) + (report?.stats?.flaky ?? 0);
  const failed =
    (report?.stats?.unexpected ?? 0) + (!ok && !(report?.stats?.unexpected > 0) ? 1 : 0);
  results.push({ label, passed, failed });
}

step('typecheck', 'npm', ['run', '-s', 'typecheck']);
step('lint', 'npm', ['run', '-s', 'lint']);
// A planted wrong import of each kind must fail the lint above (docs/architecture.md §1).
step('import boundaries and copies', 'node', ['--test', 'scripts/check-boundaries.test.mjs']);
// What counts as a page's initial JavaScript, and that each size limit can fail (below).
step('bundle budget rules', 'node', ['--test', 'scripts/check-bundle-budget.test.mjs']);
step('format', 'npm', ['run', '-s', 'format:check']);
// The API contract: Redocly lint with 0 errors, and a generated client that compiles
// (scripts/openapi-check.mjs, docs/architecture.md 'The API contract').
step('OpenAPI contract', 'npm', ['run', '-s', 'openapi:check']);
vitest('unit', ['domain', 'server-unit', 'web']);
vitest('integration (PGlite)', ['server-integration']);
if (postgresUrl) {
  vitest('integration (PostgreSQL)', ['server-integration'], {
    ...baseEnv,
    TEST_DATABASE_URL: postgresUrl,
  });
} else {
  console.log('\n(no TEST_DATABASE_URL or DATABASE_URL: integration tests ran on PGlite only)');
}
if (!redisUrl)
  console.log('(no Redis answered on 127.0.0.1:6379: the Redis store tests were skipped)');
bundleBudget();
if (!skipE2e) playwright();

console.log('\n━━ Summary');
for (const result of results)
  console.log(`  ${result.label.padEnd(28)} ${result.passed} passed, ${result.failed} failed`);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
