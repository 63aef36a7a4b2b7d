/**
 * The CPU a measured load costs, from Linux's /proc: the server's, PostgreSQL's processes on
 * this machine, and this process's (the load generator, or the floor's `pg` clients). Divided
 * by the requests served, it gives each request's CPU in all, and so the most requests a second
 * the machine's cores could serve at that cost, however many server processes shared them
 * (README, "Benchmarks": why the list's rate goal is missed on two cores).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux gives process times in ticks of USER_HZ, which its ABI fixes at 100 a second. */
const MS_PER_TICK = 10;

/** The process name PostgreSQL's postmaster and backends run under. */
const DATABASE_COMMAND = 'postgres';

/** utime + stime, in ms, of a `/proc/<pid>/stat` line (children not counted). */
export function parseProcessCpuMs(statLine: string): number {
  // The command (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ticks)) throw new Error(`not a /proc stat line: ${statLine.slice(0, 80)}`);
  return ticks * MS_PER_TICK;
}

/** CPU ms spent so far, per process: the database's by pid, since backends come and go. */
export type CpuReading = {
  serverMs: number;
  databaseMs: ReadonlyMap<number, number>;
  loadGeneratorMs: number;
};

/** CPU ms spent between two readings; the database's NaN when no process of it was seen. */
export type CpuSpent = { serverMs: number; databaseMs: number; loadGeneratorMs: number };

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // the process ended meanwhile
  }
};

function readDatabaseCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (readText(`/proc/${entry}/comm`)?.trim() !== DATABASE_COMMAND) continue;
    const stat = readText(`/proc/${entry}/stat`);
    if (stat) byPid.set(Number(entry), parseProcessCpuMs(stat));
  }
  return byPid;
}

/** Reads now; `serverPid` null when no server takes part (the floor). Synchronous, a few ms. */
export function readCpu(serverPid: number | null): CpuReading {
  const server = serverPid === null ? null : readText(`/proc/${serverPid}/stat`);
  const own = process.cpuUsage();
  return {
    serverMs: server ? parseProcessCpuMs(server) : 0,
    databaseMs: readDatabaseCpu(),
    loadGeneratorMs: (own.user + own.system) / 1_000,
  };
}

/** What was spent from `start` to `end`; a database process that started meanwhile counts whole. */
export function cpuBetween(start: CpuReading, end: CpuReading): CpuSpent {
  let databaseMs = 0;
  for (const [pid, ms] of end.databaseMs) databaseMs += ms - (start.databaseMs.get(pid) ?? 0);
  return {
    serverMs: end.serverMs - start.serverMs,
    databaseMs: end.databaseMs.size > 0 ? databaseMs : Number.NaN,
    loadGeneratorMs: end.loadGeneratorMs - start.loadGeneratorMs,
  };
}

/** Each request's share, and the rate `cores` could serve at that total (NaN if unknown). */
export function cpuPerRequest(spent: CpuSpent, requests: number, cores: number) {
  const per = (ms: number) => (requests > 0 ? ms / requests : Number.NaN);
  const totalMs = per(spent.serverMs + spent.databaseMs + spent.loadGeneratorMs);
  return {
    serverMs: per(spent.serverMs),
    databaseMs: per(spent.databaseMs),
    loadGeneratorMs: per(spent.loadGeneratorMs),
    totalMs,
    ceilingPerSecond: totalMs > 0 ? (cores * 1_000) / totalMs : Number.NaN,
  };
}

/**
 * Runs `run` (a closed loop with a warm-up of `warmupMs`) and reads the CPU of its measured
 * window: from the end of the warm-up to the end of the run.
 */
export async function measureCpu<T>(
  warmupMs: number,
  serverPid: number | null,
  run: () => Promise<T>,
): Promise<{ result: T; spent: CpuSpent }> {
  const window: { start?: CpuReading } = {};
  const timer = setTimeout(() => {
    window.start = readCpu(serverPid);
  }, warmupMs);
  try {
    const result = await run();
    const end = readCpu(serverPid);
    if (!window.start) throw new Error('the run ended before its warm-up did');
    return { result, spent: cpuBetween(window.start, end) };
  } finally {
    clearTimeout(timer);
  }
}
