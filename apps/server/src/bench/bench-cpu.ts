/**
 * The CPU a measured load costs, from Linux's /proc: the server's, the bench database's
 * PostgreSQL processes (its postmaster and its children), and this process's (the load
 * generator, or the floor's `pg` clients). Divided by the requests served, it gives each
 * request's CPU in all, and so the most requests a second the machine's cores could serve at
 * that cost, however many server processes shared them (README, "Benchmarks": why the list's
 * rate goal is missed on two cores).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux gives process times in ticks of USER_HZ, which its ABI fixes at 100 a second. */
const MS_PER_TICK = 10;

/**
 * A `/proc/<pid>/stat` line's parent and its CPU: utime + stime in ms (children not counted).
 */
export function parseProcessStat(statLine: string): { parentPid: number; cpuMs: number } {
  // The command (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), the parent field 4; utime and stime are fields 14 and 15.
  const parentPid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isInteger(parentPid) || !Number.isFinite(ticks))
    throw new Error(`not a /proc stat line: ${statLine.slice(0, 80)}`);
  return { parentPid, cpuMs: ticks * MS_PER_TICK };
}

/** CPU ms spent so far, per process: the database's by pid, since backends come and go. */
export type CpuReading = {
  serverMs: number;
  databaseMs: ReadonlyMap<number, number>;
  loadGeneratorMs: number;
};

/**
 * CPU ms spent between two readings; the database's NaN when no process of it was seen. A
 * backend that exits meanwhile is not counted: the bench's connections stay open throughout.
 */
export type CpuSpent = { serverMs: number; databaseMs: number; loadGeneratorMs: number };

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // the process ended meanwhile
  }
};

/**
 * The postmaster of a backend of this machine's (`select pg_backend_pid()`), whose processes
 * are the database's; null when the database runs elsewhere.
 */
export function findPostmaster(backendPid: number): number | null {
  const stat = readText(`/proc/${backendPid}/stat`);
  return stat ? parseProcessStat(stat).parentPid : null;
}

function readDatabaseCpu(postmasterPid: number | null): Map<number, number> {
  const byPid = new Map<number, number>();
  if (postmasterPid === null) return byPid;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readText(`/proc/${entry}/stat`);
    if (!stat) continue;
    const pid = Number(entry);
    const { parentPid, cpuMs } = parseProcessStat(stat);
    if (pid === postmasterPid || parentPid === postmasterPid) byPid.set(pid, cpuMs);
  }
  return byPid;
}

/** Whose CPU is read: the server (null for the floor) and the database's postmaster. */
export type CpuSources = { serverPid: number | null; postmasterPid: number | null };

/** Reads now. Synchronous: a scan of /proc, a few ms. */
export function readCpu({ serverPid, postmasterPid }: CpuSources): CpuReading {
  const server = serverPid === null ? null : readText(`/proc/${serverPid}/stat`);
  const own = process.cpuUsage();
  return {
    serverMs: server ? parseProcessStat(server).cpuMs : 0,
    databaseMs: readDatabaseCpu(postmasterPid),
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
  sources: CpuSources,
  run: () => Promise<T>,
): Promise<{ result: T; spent: CpuSpent }> {
  const window: { start?: CpuReading } = {};
  const timer = setTimeout(() => {
    window.start = readCpu(sources);
  }, warmupMs);
  try {
    const result = await run();
    const end = readCpu(sources);
    if (!window.start) throw new Error('the run ended before its warm-up did');
    return { result, spent: cpuBetween(window.start, end) };
  } finally {
    clearTimeout(timer);
  }
}
