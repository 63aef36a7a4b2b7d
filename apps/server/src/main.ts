import '#src/runtime-check.ts';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { DEMO_USERS } from './db/seed/demo-data.ts';
import { seedDemoData } from './db/seed/seed-demo.ts';
import { parseEnv, type Env } from './env.ts';
import { createServer, type CaseBridgeServer } from './server.ts';

/**
 * Process managers wait about 10 s after SIGTERM before SIGKILL (Docker, systemd's default is
 * longer): finish by then, or exit ourselves and say what was still open.
 */
const SHUTDOWN_DEADLINE_MS = 10_000;

type Log = {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
};

let env: Env | null = null;
/** Set once createServer() has returned; the app's logger replaces the console from then on. */
let server: CaseBridgeServer | null = null;
let isListening = false;
let stopSignal: NodeJS.Signals | null = null;

function getLog(): Log {
  if (server) return server.app.log;
  return { info: console.info, warn: console.warn, error: console.error };
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, handleSignal);

function handleSignal(signal: NodeJS.Signals): void {
  if (stopSignal) {
    getLog().warn(`${signal} received again: exiting without waiting for the shutdown`);
    process.exit(1);
  }
  stopSignal = signal;
  const streams = server ? `${server.context.hub.size} live streams` : 'live streams';
  getLog().info(
    `${signal} received: ending ${streams}, finishing in-flight requests (at most ${SHUTDOWN_DEADLINE_MS / 1000} s)`,
  );
  setTimeout(() => void exitAtDeadline(), SHUTDOWN_DEADLINE_MS);
  // Still starting: the start sequence stops the server as soon as it is listening.
  if (server && isListening) void stop(server);
}

async function stop(running: CaseBridgeServer): Promise<void> {
  try {
    await running.close();
  } catch (error) {
    getLog().error(`Shutdown failed: ${messageOf(error)}`);
    process.exit(1);
  }
  process.exit(0);
}

async function exitAtDeadline(): Promise<void> {
  const open: string[] = [];
  if (!isListening) open.push('the start had not finished');
  if (server) {
    const connections = await new Promise<number>((resolve) =>
      server!.app.server.getConnections((error, count) => resolve(error ? 0 : count)),
    );
    if (connections > 0)
      open.push(
        `${connections} HTTP connection${connections === 1 ? '' : 's'} (requests in flight)`,
      );
  }
  const counts = new Map<string, number>();
  for (const name of process.getActiveResourcesInfo())
    counts.set(name, (counts.get(name) ?? 0) + 1);
  open.push(`handles ${[...counts].map(([name, count]) => `${name}×${count}`).join(', ')}`);
  getLog().error(
    `Shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s, exiting anyway; still open: ${open.join('; ')}`,
  );
  process.exit(1);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One clear line instead of an unhandled rejection's stack; details only when asked for. */
async function failStart(error: unknown): Promise<never> {
  console.error(`CaseBridge could not start: ${messageOf(error)}`);
  if (env && ['debug', 'trace'].includes(env.logLevel) && error instanceof Error)
    console.error(error.stack);
  // Release what was opened (database, data directory) before leaving, but not at any cost.
  if (server) {
    const closing = server.close().catch(() => undefined);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
  process.exit(1);
}

async function start(): Promise<void> {
  // Everything this process creates (the embedded database's files, uploads, backups) is the
  // owner's alone, whatever the shell's umask.
  process.umask(0o077);
  env = parseEnv();
  server = await createServer({ env });
  const { app, context } = server;

  if (env.seedDemo) {
    const result = await seedDemoData(context.db, context.storage, { onlyIfEmpty: true });
    if (result.seeded) app.log.info('Seeded demo data');
  }

  await app.listen({ port: env.port, host: env.host });
  isListening = true;
  if (stopSignal) return stop(server);
  console.info(describeRunning(env, server));
}

function describeRunning(config: Env, running: CaseBridgeServer): string {
  const shownHost =
    config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  const lines = [
    '',
    `CaseBridge is running at http://${shownHost}:${config.port}`,
    `Database: ${running.context.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (config.seedDemo) {
    lines.push(`Demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const user of DEMO_USERS.slice(0, 6))
      lines.push(`  ${user.email.padEnd(22)} ${user.role}`);
  }
  return lines.join('\n') + '\n';
}

await start().catch(failStart);
