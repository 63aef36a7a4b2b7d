import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where a measured server leaves its memory after a collection (the bench knows its pid). */
export const memoryFileOf = (pid: number) =>
  path.join(os.tmpdir(), `casebridge-bench-memory-${pid}.json`);

/**
 * Preloaded into the measured servers (never into the app itself): SIGUSR2 runs a full garbage
 * collection and writes process.memoryUsage() to memoryFileOf(pid), so that memory is read with
 * only live objects in the heap, not the garbage the last sign-ins left. Needs --expose-gc.
 */
const collect = (globalThis as { gc?: () => void }).gc;
process.on('SIGUSR2', () => {
  collect?.();
  writeFileSync(memoryFileOf(process.pid), JSON.stringify(process.memoryUsage()));
});
