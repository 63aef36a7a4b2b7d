import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Who holds a data directory: written into DATA_DIR/casebridge.lock. */
export type LockHolder = { pid: number; hostname: string; startedAt: string; token: string };

export type DataDirLock = {
  file: string;
  holder: LockHolder;
  /** Removes the lock file if it is still ours. Idempotent; also runs on process exit. */
  release(): void;
};

/** Refusal to open a data directory another live process holds; the message names it. */
export class DataDirLockedError extends Error {
  readonly holder: LockHolder;
  constructor(dataDir: string, holder: LockHolder) {
    const where =
      holder.hostname === os.hostname()
        ? `pid ${holder.pid}`
        : `pid ${holder.pid} on host ${holder.hostname}`;
    super(
      `CaseBridge is already running on DATA_DIR ${dataDir} (${where}, started ${holder.startedAt}). ` +
        'Stop it first, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
    this.holder = holder;
  }
}

export const LOCK_FILE_NAME = 'casebridge.lock';
/** A takeover guard older than this was left by a crash in the middle of a takeover. */
const GUARD_STALE_MS = 10_000;
/** How long an unreadable lock file may stay unreadable: a starting process is writing it. */
const UNREADABLE_GRACE_MS = 1_000;

export function getLockFile(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE_NAME);
}

/**
 * One process per embedded database: PGlite has no shared-memory coordination, so two processes
 * on one data directory both write and corrupt it. The lock is a file created exclusively; a lock
 * whose process is gone (a crash, kill -9) is recognised as stale and taken over.
 */
export async function acquireDataDirLock(
  dataDir: string,
  options: { log?: (message: string) => void } = {},
): Promise<DataDirLock> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const file = getLockFile(dataDir);
  const holder: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    token: randomUUID(),
  };
  const content = JSON.stringify(holder);
  mkdirSync(dataDir, { recursive: true });

  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (tryCreate(file, content)) return track(file, holder);
    const current = await readHolder(file);
    if (current === 'missing') continue;
    if (current !== 'unreadable' && isHeld(current)) throw new DataDirLockedError(dataDir, current);
    if (await takeOver(file, current, content)) {
      const who = current === 'unreadable' ? 'an unreadable lock' : describeHolder(current);
      log(`Took over the stale lock on DATA_DIR ${dataDir}: ${who} is no longer running.`);
      return track(file, holder);
    }
    await sleep(20 + Math.random() * 30);
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}: ${file} keeps changing.`);
}

function tryCreate(file: string, content: string): boolean {
  try {
    writeFileSync(file, content, { flag: 'wx', mode: 0o644 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string') return null;
    return {
      pid: value.pid,
      hostname: value.hostname,
      startedAt: String(value.startedAt ?? 'at an unknown time'),
      token: String(value.token ?? ''),
    };
  } catch {
    return null;
  }
}

/** 'unreadable' only after the grace period: 'wx' creates the file before its content lands. */
async function readHolder(file: string): Promise<LockHolder | 'missing' | 'unreadable'> {
  const deadline = Date.now() + UNREADABLE_GRACE_MS;
  while (true) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      throw error;
    }
    const holder = parseHolder(text);
    if (holder) return holder;
    if (Date.now() > deadline) return 'unreadable';
    await sleep(50);
  }
}

/**
 * A process on another host cannot be probed, so its lock always counts as held (a shared volume:
 * the operator removes the file once that host is gone). Here, signal 0 probes without killing;
 * EPERM means the process exists under another user.
 */
function isHeld(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Replaces a stale lock atomically (temporary file + rename). A guard file created with 'wx' makes
 * sure only one of several processes starting at once performs the takeover; the others retry and
 * then find a live holder. Returns false when someone else got there first.
 */
async function takeOver(
  file: string,
  stale: LockHolder | 'unreadable',
  content: string,
): Promise<boolean> {
  const guard = `${file}.takeover`;
  if (!tryCreate(guard, String(process.pid))) {
    removeIfOlderThan(guard, GUARD_STALE_MS);
    return false;
  }
  try {
    const current = await readHolder(file);
    const isSame =
      current === 'unreadable'
        ? stale === 'unreadable'
        : current !== 'missing' && stale !== 'unreadable' && current.token === stale.token;
    if (!isSame) return false;
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temporary, content, { flag: 'wx', mode: 0o644 });
    renameSync(temporary, file);
    return readFileSync(file, 'utf8') === content;
  } finally {
    rmSync(guard, { force: true });
  }
}

function removeIfOlderThan(file: string, ageMs: number): void {
  try {
    if (Date.now() - statSync(file).mtimeMs > ageMs) rmSync(file, { force: true });
  } catch {
    // Gone already.
  }
}

function track(file: string, holder: LockHolder): DataDirLock {
  let isReleased = false;
  const release = () => {
    if (isReleased) return;
    isReleased = true;
    process.removeListener('exit', release);
    const current = parseHolder(safeRead(file));
    // Never remove a lock someone else took over (after we were wrongly judged stale).
    if (current?.token === holder.token) rmSync(file, { force: true });
  };
  // 'exit' handlers must be synchronous, which is why this module uses the sync fs calls.
  process.once('exit', release);
  return { file, holder, release };
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function describeHolder(holder: LockHolder): string {
  return `pid ${holder.pid} (started ${holder.startedAt})`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
