import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

const OWNER_ONLY_DIR = 0o700;
const OWNER_ONLY_FILE = 0o600;

/**
 * Makes DATA_DIR exist and be the owner's alone: the directory and every directory in it 0700,
 * every file without group or other permissions (0600 for data). It holds the embedded database (every patient record, message and audit row),
 * the uploaded files and the generated secrets, so a DATA_DIR that already existed with the
 * usual 0755 (`./data`, a fresh volume) must not stay readable by other local users. Run at every
 * start, on either database (the files and secrets live here with PostgreSQL too). Symbolic
 * links are left alone. Resolves with how many entries had to be tightened.
 */
export async function secureDataDir(dataDir: string): Promise<number> {
  await mkdir(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
  let tightened = 0;
  const tighten = async (target: string, isDirectory: boolean) => {
    const stats = await lstat(target).catch(() => null);
    // Gone meanwhile (a put's temporary file renamed), or a link: nothing to do.
    if (!stats || stats.isSymbolicLink()) return;
    const wanted = isDirectory ? OWNER_ONLY_DIR : OWNER_ONLY_FILE;
    if ((stats.mode & 0o777) === wanted || (!isDirectory && (stats.mode & 0o077) === 0)) return;
    await chmod(target, isDirectory ? OWNER_ONLY_DIR : stats.mode & 0o700);
    tightened += 1;
  };
  const walk = async (directory: string): Promise<void> => {
    await tighten(directory, true);
    const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const target = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(target);
      else if (entry.isFile()) await tighten(target, false);
    }
  };
  await walk(path.resolve(dataDir));
  return tightened;
}
