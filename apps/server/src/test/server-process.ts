import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { readToolEnv } from '#src/env.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN_SCRIPT = 'apps/server/src/main.ts';
/** What a process manager grants after SIGTERM before it sends SIGKILL. */
const STOP_GRACE_MS = 10_000;

/** A real `main.ts` running as its own process, as it does in production. */
export type ServerProcess = {
  baseUrl: string;
  pid: number;
  /** The last lines it printed, to explain a failure. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. Resolves once it has exited. */
  stop(): Promise<void>;
};

/** Every process started here, killed when the test worker exits whatever happened. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A port that was free a moment ago (listen on 0, read it, release it). */
export async function getFreePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` with exactly `env` (plus PATH) and waits
 * until GET /api/health answers 200. Node itself, not the tsx wrapper, so that SIGKILL reaches
 * the server and leaves no orphan behind. Rejects, with the process's output, if it exits or is
 * not healthy within `readyTimeoutMs`.
 */
export async function startServerProcess(options: {
  env: Record<string, string>;
  port: number;
  readyTimeoutMs?: number;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN_SCRIPT], {
    cwd: REPO_ROOT,
    env: { PATH: readToolEnv().path, ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const server: ServerProcess = {
    baseUrl: `http://127.0.0.1:${options.port}`,
    pid: child.pid ?? 0,
    output: () => tail.join('\n'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  let lastAnswer = 'no answer';
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${MAIN_SCRIPT} exited (${child.exitCode ?? child.signalCode}):\n${server.output()}`,
      );
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`${MAIN_SCRIPT} not healthy in time (${lastAnswer}):\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, {
        signal: AbortSignal.timeout(2_000),
      });
      lastAnswer = `${response.status} ${await response.text()}`;
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
