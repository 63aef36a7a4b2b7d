// The release as an operator gets it (docs/deployment.md): the tarball `npm run release` built,
// unpacked into an empty directory and run there in production mode, and a rolling upgrade with
// an instance of the previous commit serving beside it on one PostgreSQL database. Run by
// `npm test` (scripts/test.mjs) after the release is built; PostgreSQL from TEST_DATABASE_URL.
import assert from 'node:assert/strict';
import { execFileSync, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const tarball =
  process.env.RELEASE_TARBALL ||
  path.join(root, 'release', `casebridge-${version}-${process.platform}-${process.arch}.tar.gz`);
const serverUrl = process.env.TEST_DATABASE_URL || '';
/** The commit whose code serves beside this release (the previous one by default). */
const previousRevision = process.env.UPGRADE_FROM || 'HEAD~1';
const DEMO = { email: 'clinic@demo.test', password: 'demo-password-2026' };
const scratch = mkdtempSync(path.join(os.tmpdir(), 'casebridge-release-'));
const children = new Set();

/** The keys every instance of one installation shares, as production requires them. */
const SHARED_ENV = {
  AUTH_SECRET: randomBytes(32).toString('base64'),
  DOCUMENT_KEY: randomBytes(32).toString('base64'),
  AUDIT_KEY: randomBytes(32).toString('base64'),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A child process with its output kept, for the assertion messages. */
function start(command, args, { cwd, env }) {
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal)),
  );
  children.add(child);
  void exited.then(() => children.delete(child));
  return { child, exited, output: () => output };
}

async function runToEnd(command, args, options) {
  const process = start(command, args, options);
  const code = await process.exited;
  return { code, output: process.output() };
}

/** Polls /api/health until it answers 200; fails with the server's output if it ends first. */
async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + 90_000;
  const state = { ended: false };
  void server.exited.then(() => (state.ended = true));
  while (Date.now() < deadline && !state.ended) {
    const answer = await fetch(`${baseUrl}/api/health`).catch(() => null);
    if (answer?.status === 200) return answer.json();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(`no healthy answer from ${baseUrl}:\n${server.output()}`);
}

/** A JSON call as the web app makes it: same-origin, with the session cookie when given. */
async function call(baseUrl, method, pathname, { body, cookie } = {}) {
  const answer = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, text, cookies: answer.headers.getSetCookie() };
}

async function signIn(baseUrl, credentials) {
  const answer = await call(baseUrl, 'POST', '/api/auth/login', { body: credentials });
  assert.equal(answer.status, 200, answer.text);
  return answer.cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

async function stop(server) {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** A new database on the test server, dropped when the run ends. */
async function createDatabase(name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  after(async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  return url.toString();
}

let home = '';
const casebridge = () => path.join(home, 'bin', 'casebridge');

before(() => {
  assert.ok(existsSync(tarball), `${tarball} is missing: run npm run release first`);
  const unpacked = path.join(scratch, 'installed');
  execFileSync('mkdir', ['-p', unpacked]);
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
  home = path.join(unpacked, `casebridge-${version}`);
});

after(async () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

describe(
  'the release',
  { skip: !serverUrl && 'no TEST_DATABASE_URL: runs on PostgreSQL only' },
  () => {
    it('starts from an empty directory on PostgreSQL in production and signs its first admin in', async () => {
      const port = await freePort();
      const baseUrl = `http://localhost:${port}`;
      const env = {
        ...SHARED_ENV,
        NODE_ENV: 'production',
        DATABASE_URL: await createDatabase(`casebridge_release_${process.pid}`),
        DATA_DIR: path.join(scratch, 'data-release'),
        PORT: String(port),
        APP_URL: baseUrl,
      };
      const options = { cwd: scratch, env };

      const migrated = await runToEnd(casebridge(), ['migrate'], options);
      assert.equal(migrated.code, 0, migrated.output);
      assert.match(migrated.output, /Database migrated: \d+ migrations/);

      const created = await runToEnd(
        casebridge(),
        ['create-admin', 'ops@example.org', 'Olga Operator'],
        options,
      );
      assert.equal(created.code, 0, created.output);
      const token = new URL(created.output.trim().split('\n').at(-1)).searchParams.get('token');

      const server = start(casebridge(), ['start'], options);
      const health = await waitForHealth(baseUrl, server);
      assert.equal(health.status, 'ok');
      // The release's own Node.js runs it, whatever the machine has.
      assert.equal(
        readlinkSync(`/proc/${server.child.pid}/exe`),
        path.join(home, 'runtime', 'node'),
      );
      assert.match(readFileSync(path.join(home, 'VERSION'), 'utf8'), /^\S+ \S+ node v24\./);

      // No demo accounts in production: the first admin is the one the command created.
      const demo = await call(baseUrl, 'POST', '/api/auth/login', { body: DEMO });
      assert.equal(demo.status, 401, demo.text);
      const password = `Release-${randomBytes(6).toString('hex')}-Check`;
      const accepted = await call(baseUrl, 'POST', '/api/invitations/accept', {
        body: { token, password },
      });
      assert.equal(accepted.status, 204, accepted.text);
      const cookie = await signIn(baseUrl, { email: 'ops@example.org', password });
      const session = await call(baseUrl, 'GET', '/api/auth/session', { cookie });
      assert.equal(session.status, 200);
      assert.equal(JSON.parse(session.text).user.role, 'admin');
      // The built web app is served from the release's own files.
      const page = await call(baseUrl, 'GET', '/login');
      assert.equal(page.status, 200);
      assert.match(page.text, /<h1[^>]*>Sign in<\/h1>/);

      assert.equal(await stop(server), 0, server.output());
      // The operator's commands run from the release too: a backup, and the audit chain it recorded.
      const backupDir = path.join(scratch, 'backup');
      const backup = await runToEnd(casebridge(), ['backup', backupDir], options);
      assert.equal(backup.code, 0, backup.output);
      const verified = await runToEnd(
        casebridge(),
        ['audit-verify', '--backup', backupDir],
        options,
      );
      assert.equal(verified.code, 0, verified.output);
      assert.match(verified.output, /Audit chain intact: \d+ rows, checkpoint #\d+ matches/);
    });

    it('serves beside an instance of the previous commit on one database, through the migration', async () => {
      const previous = preparePreviousCommit();
      const databaseUrl = await createDatabase(`casebridge_upgrade_${process.pid}`);
      const [oldPort, newPort] = [await freePort(), await freePort()];
      const oldUrl = `http://localhost:${oldPort}`;
      const newUrl = `http://localhost:${newPort}`;
      const common = { ...SHARED_ENV, DATABASE_URL: databaseUrl };

      // The previous commit, from its source, on the schema it migrates to, with the demo data.
      const old = start(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: previous,
        env: {
          ...common,
          SEED_DEMO: 'true',
          DATA_DIR: path.join(scratch, 'data-old'),
          PORT: String(oldPort),
          APP_URL: oldUrl,
          WEB_DIST_DIR: path.join(scratch, 'no-web-build'),
        },
      });
      await waitForHealth(oldUrl, old);
      const oldCookie = await signIn(oldUrl, DEMO);
      const list = await call(oldUrl, 'GET', '/api/patients?limit=5', { cookie: oldCookie });
      assert.equal(list.status, 200, list.text);
      const patientId = JSON.parse(list.text).items[0].id;

      // This release migrates the database while the old instance serves, then starts beside it.
      const releaseEnv = {
        ...common,
        NODE_ENV: 'production',
        DATA_DIR: path.join(scratch, 'data-new'),
        PORT: String(newPort),
        APP_URL: newUrl,
      };
      const migrated = await runToEnd(casebridge(), ['migrate'], { cwd: scratch, env: releaseEnv });
      assert.equal(migrated.code, 0, migrated.output);
      const fresh = start(casebridge(), ['start'], { cwd: scratch, env: releaseEnv });
      await waitForHealth(newUrl, fresh);

      // Both read and write the one database, and a session of either is good on the other.
      const messages = `/api/patients/${patientId}/messages`;
      const fromOld = `Written by the previous release ${randomBytes(4).toString('hex')}`;
      const fromNew = `Written by this release ${randomBytes(4).toString('hex')}`;
      const sentOld = await call(oldUrl, 'POST', messages, {
        cookie: oldCookie,
        body: { body: fromOld },
      });
      assert.equal(sentOld.status, 201, `${sentOld.text}\n${old.output()}`);
      const newCookie = await signIn(newUrl, DEMO);
      const sentNew = await call(newUrl, 'POST', messages, {
        cookie: newCookie,
        body: { body: fromNew },
      });
      assert.equal(sentNew.status, 201, `${sentNew.text}\n${fresh.output()}`);
      for (const [baseUrl, cookie] of [
        [oldUrl, newCookie],
        [newUrl, oldCookie],
      ]) {
        const read = await call(baseUrl, 'GET', messages, { cookie });
        assert.equal(read.status, 200, read.text);
        assert.ok(read.text.includes(fromOld) && read.text.includes(fromNew), read.text);
        const again = await call(baseUrl, 'GET', '/api/patients?limit=5', { cookie });
        assert.equal(again.status, 200, again.text);
      }

      // The old instance stops cleanly; the new one goes on serving alone.
      assert.equal(await stop(old), 0, old.output());
      const alone = await call(newUrl, 'GET', messages, { cookie: oldCookie });
      assert.equal(alone.status, 200, alone.text);
      assert.equal(await stop(fresh), 0, fresh.output());
    });
  },
);

const lockOf = (tree) => readFileSync(path.join(tree, 'package-lock.json'), 'utf8');

/**
 * The previous commit's tree in a scratch directory, with its dependencies: hard links to this
 * checkout's node_modules when its lockfile is the same (the workspace links inside stay relative,
 * so they point into the old tree), else its own `npm ci`.
 */
function preparePreviousCommit() {
  const dir = path.join(scratch, 'previous');
  execFileSync('mkdir', ['-p', dir]);
  const revision = execFileSync('git', ['rev-parse', '--verify', `${previousRevision}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  execSync(`git archive --format=tar ${revision} | tar -x -C ${JSON.stringify(dir)}`, {
    cwd: root,
  });
  // git archive has just written the previous commit's lockfile into its tree.
  if (lockOf(dir) === lockOf(root)) {
    for (const workspace of ['.', 'packages/domain', 'apps/server', 'apps/web', 'e2e']) {
      const modules = path.join(root, workspace, 'node_modules');
      if (existsSync(modules))
        execFileSync('cp', ['-al', modules, path.join(dir, workspace, 'node_modules')]);
    }
  } else {
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: 'ignore',
    });
  }
  return dir;
}
