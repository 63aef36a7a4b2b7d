import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { now, sleep } from './fanout-clock.ts';
import { FANOUT, HOST } from './fanout-config.ts';
import { sendRequest } from './fanout-http.ts';
import { parseProcessStat } from './bench-cpu.ts';
import { memoryFileOf } from './gc-on-signal.ts';
import { readToolEnv } from '#src/env.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const GC_ON_SIGNAL = fileURLToPath(new URL('./gc-on-signal.ts', import.meta.url));

/** A program under measurement, running as a child so it has its own event loop. */
export type Target = {
  baseUrl: string;
  pid: number;
  /** After a full collection: resident set, and live JS heap plus external (buffers). */
  readMemory(): Promise<{ rssBytes: number; liveBytes: number }>;
  stop(): Promise<void>;
};

/** Targets still running; the bench's cleanup kills them whatever happens. */
export const liveTargets = new Set<ChildProcess>();

export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

/**
 * Starts `node --import tsx <script>` (node itself, not the tsx wrapper, so the pid whose memory
 * is read is the server's) and waits until `readyPath` answers.
 */
export async function startTarget(options: {
  script: string;
  args?: string[];
  env: Record<string, string>;
  port: number;
  readyPath: string;
}): Promise<Target> {
  const child = spawn(
    process.execPath,
    [
      // Extra node flags for the targets, e.g. BENCH_NODE_ARGS=--cpu-prof to profile them.
      ...readToolEnv().benchNodeArgs,
      '--expose-gc',
      '--import',
      'tsx',
      '--import',
      GC_ON_SIGNAL,
      options.script,
      ...(options.args ?? []),
    ],
    {
      cwd: REPO_ROOT,
      env: { PATH: readToolEnv().path, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  liveTargets.add(child);
  child.on('exit', () => liveTargets.delete(child));
  // The last lines of output, shown when the target fails to start.
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 30));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseUrl = `http://${HOST}:${options.port}`;
  const deadline = now() + FANOUT.readyDeadlineMs;
  while (true) {
    if (child.exitCode !== null)
      throw new Error(`${options.script} exited (${child.exitCode}):\n${tail.join('\n')}`);
    if (now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.script} not ready in time:\n${tail.join('\n')}`);
    }
    const answer = await sendRequest(`${baseUrl}${options.readyPath}`, { method: 'GET' }).catch(
      () => null,
    );
    // Listening is enough: a health check that answers 503 (say, a degraded live-event engine)
    // is reported, since that is worth knowing, but the target is still measured.
    if (answer) {
      if (answer.status !== 200)
        console.warn(
          `${options.script}: ${options.readyPath} answered ${answer.status} ${answer.body}`,
        );
      break;
    }
    await sleep(250);
  }

  return {
    baseUrl,
    pid: child.pid!,
    async readMemory() {
      // A full collection first (gc-on-signal.ts), so only live objects count.
      const file = memoryFileOf(child.pid!);
      await rm(file, { force: true });
      child.kill('SIGUSR2');
      const reportBy = now() + 5_000;
      let usage: NodeJS.MemoryUsage | null = null;
      while (!usage && now() < reportBy) {
        await sleep(100);
        usage = await readFile(file, 'utf8')
          .then((text) => JSON.parse(text) as NodeJS.MemoryUsage)
          .catch(() => null);
      }
      if (!usage) throw new Error(`${options.script} did not report its memory`);
      await rm(file, { force: true });
      return {
        rssBytes: await readRssBytes(child.pid!),
        liveBytes: usage.heapUsed + usage.external,
      };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), FANOUT.stopGraceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The environment of CaseBridge as a bench runs it: production mode, fresh secrets, no demo
 * seed (the bench prepares the data), on PostgreSQL when `databaseUrl` is given, else PGlite in
 * `dataDir`; `webDistDir` serves the built web app too.
 */
export function caseBridgeEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  webDistDir?: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DOCUMENT_KEY: randomBytes(32).toString('base64'),
    AUDIT_KEY: randomBytes(32).toString('base64'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
    PORT: String(options.port),
    HOST,
    APP_URL: `http://${HOST}:${options.port}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: options.dataDir,
  };
}

/** Resident set size from /proc (Linux), in bytes. */
async function readRssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

/** CPU time (user + system) a process has used so far, in seconds; 0 once it is gone. */
export async function readCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return 0;
  return parseProcessStat(stat).cpuMs / 1_000;
}
