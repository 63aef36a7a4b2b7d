import { open } from 'node:fs/promises';
import path from 'node:path';

/** The file the probe rewrites; kept between probes so a probe costs one small write. */
export const DISK_PROBE_FILE = '.health-probe';

/**
 * Whether the data directory takes a write that reaches the disk. A full disk fails sign-in,
 * uploads and the embedded database while reads still work, so only a real write shows it.
 */
export async function probeDisk(dataDir: string): Promise<'ok' | 'full' | 'unavailable'> {
  try {
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
