import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { readToolEnv } from './env.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
/** Starting means migrating and seeding an embedded database: slow on a busy 2-core machine. */
const START_TIMEOUT_MS = 70_000;
const LOGIN_BODY = JSON.stringify({ email: 'clinic@demo.test', password: DEMO_PASSWORD });

type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };
type ServerProcess = {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<Exit>;
};

const started: ServerProcess[] = [];
const dataDirs: string[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null)
      server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of dataDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function findFreePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The real `main.ts` in its own process, on a fresh embedded database with the demo data. */
async function spawnServer(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-shutdown-'));
  dataDirs.push(dataDir);
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    // Only what the server needs: no DATABASE_URL or other settings leak in from the test run.
    env: {
      PATH: readToolEnv().path,
      HOME: readToolEnv().home,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const server = { child, port, output: () => output, exited };
  started.push(server);
  return server;
}

async function waitUntilHealthy(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    const healthy = await fetch(`http://127.0.0.1:${server.port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

async function login(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: LOGIN_BODY,
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

type Stream = { status: number; outcome: Promise<'ended by the server' | 'cut off'> };

/** An open /api/events stream; its outcome tells a clean end from a dropped connection. */
function openStream(port: number, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/events', headers: { cookie }, agent: false },
      (response) => {
        const outcome = new Promise<'ended by the server' | 'cut off'>((settle) => {
          response.on('end', () => settle('ended by the server'));
          response.on('aborted', () => settle('cut off'));
          response.on('error', () => settle('cut off'));
        });
        response.resume();
        resolve({ status: response.statusCode ?? 0, outcome });
      },
    );
    request.on('error', reject);
  });
}

/** A login whose body has only partly arrived: a request in flight until `finish()`. */
function startSlowLogin(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let response = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (response += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${LOGIN_BODY.length}\r\n\r\n${LOGIN_BODY.slice(0, 12)}`,
  );
  return {
    finish: () => socket.write(LOGIN_BODY.slice(12)),
    response: async () => {
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      return response;
    },
    destroy: () => socket.destroy(),
  };
}

// The process runs on its own embedded database whatever the run's backend, so the PostgreSQL
// pass would only repeat it (it starts four servers).
describe.runIf(inject('testTemplate').kind === 'pglite')(
  'shutdown of the real server process',
  () => {
    it('on SIGTERM ends live streams, finishes the request in flight, closes silent connections and exits 0 within 10 s', async () => {
      const server = await spawnServer();
      await waitUntilHealthy(server);
      const cookie = await login(server.port);
      const streams = await Promise.all([1, 2, 3].map(() => openStream(server.port, cookie)));
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
      // A connection that never sends a byte (a browser's preconnect) must not hold the exit.
      const silent = net.connect(server.port, '127.0.0.1');
      silent.on('error', () => undefined);
      const silentClosed = new Promise<void>((resolve) => silent.on('close', () => resolve()));
      await new Promise((resolve) => silent.once('connect', resolve));
      const slowLogin = startSlowLogin(server.port);
      // Let the server take the request in (routing happens on the headers) before the signal.
      await new Promise((resolve) => setTimeout(resolve, 300));

      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      // The streams end first, so browsers reconnect to another instance at once.
      const outcomes = await Promise.all(streams.map((stream) => stream.outcome));
      expect(outcomes).toEqual(Array(3).fill('ended by the server'));
      // The request that had started before the signal is still answered in full.
      slowLogin.finish();
      expect(await slowLogin.response()).toMatch(/^HTTP\/1\.1 200 /);

      const exit = await server.exited;
      await silentClosed;
      expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
      expect(exit.at - signalledAt).toBeLessThan(10_000);
      expect(server.output()).not.toMatch(/Shutdown did not finish|Error/);
    }, 90_000);

    it('exits 1 after 10 s and says what was still open when the shutdown cannot finish', async () => {
      // Request timeouts far beyond the deadline: the stalled request keeps the server busy.
      const server = await spawnServer({
        LOG_LEVEL: 'info',
        REQUEST_TIMEOUT_MS: '120000',
        HEADERS_TIMEOUT_MS: '60000',
      });
      await waitUntilHealthy(server);
      const stalled = startSlowLogin(server.port);
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const signalledAt = Date.now();
        server.child.kill('SIGTERM');
        const exit = await server.exited;
        expect(exit.code).toBe(1);
        expect(exit.at - signalledAt).toBeGreaterThanOrEqual(9_500);
        expect(exit.at - signalledAt).toBeLessThan(15_000);
        expect(server.output()).toContain('SIGTERM received');
        expect(server.output()).toMatch(
          /Shutdown did not finish within 10 s.*still open: 1 HTTP connection \(/,
        );
      } finally {
        stalled.destroy();
      }
    }, 90_000);

    it('exits at once on a second signal', async () => {
      const server = await spawnServer({ REQUEST_TIMEOUT_MS: '120000' });
      await waitUntilHealthy(server);
      const stalled = startSlowLogin(server.port);
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        server.child.kill('SIGTERM');
        await new Promise((resolve) => setTimeout(resolve, 500));
        const secondAt = Date.now();
        server.child.kill('SIGINT');
        const exit = await server.exited;
        expect(exit.code).toBe(1);
        expect(exit.at - secondAt).toBeLessThan(2_000);
        expect(server.output()).toContain('SIGINT received again');
      } finally {
        stalled.destroy();
      }
    }, 90_000);

    it('prints one clear line and exits 1 when the configuration is invalid', async () => {
      const server = await spawnServer({ PORT: 'not-a-port' });
      const exit = await server.exited;
      expect(exit.code).toBe(1);
      expect(server.output().trim()).toBe(
        'CaseBridge could not start: Invalid configuration: PORT',
      );
    }, 90_000);

    it('prints one clear line and exits 1 when the port is taken', async () => {
      const server = await spawnServer();
      const holder = net.createServer();
      await new Promise<void>((resolve) => holder.listen(server.port, '127.0.0.1', resolve));
      try {
        const exit = await server.exited;
        expect(exit.code).toBe(1);
        const lines = server.output().trim().split('\n');
        expect(lines.at(-1)).toMatch(/^CaseBridge could not start: .*EADDRINUSE/);
        expect(server.output()).not.toMatch(/^\s+at /m);
      } finally {
        await new Promise((resolve) => holder.close(resolve));
      }
    }, 90_000);
  },
);
