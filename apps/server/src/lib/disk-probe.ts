import { open, statfs } from 'node:fs/promises';
import path from 'node:path';

/** The file the probe rewrites; kept between probes so a probe costs one small write. */
export const DISK_PROBE_FILE = '.health-probe';

/**
 * Below this much free space the disk counts as full: a rewrite of the probe file may still
 * succeed in blocks it already has, while the next upload or database page fails.
 */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

/**
 * Whether the data directory takes a write that reaches the disk, with room left for more. A
 * full disk fails sign-in, uploads and the embedded database while reads still work, so only a
 * real write, and the free space, show it.
 */
export async function probeDisk(
  dataDir: string,
  minFreeBytes = MIN_FREE_BYTES,
): Promise<'ok' | 'full' | 'unavailable'> {
  try {
    const space = await statfs(dataDir);
    if (space.bavail * space.bsize < minFreeBytes) return 'full';
    const file = await open(path.join(dataDir, DISK_PROBE_FILE), 'w');
    try {
      await file.writeFile(`${new Date().toISOString()}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    return 'ok';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOSPC' ? 'full' : 'unavailable';
  }
}
