import { DataDirLockedError } from '#src/db/data-dir-lock.ts';
import { BackupError } from './backup-manifest.ts';

/**
 * The shell around `npm run backup` and `npm run restore`: one directory argument, the outcome on
 * stdout, a refusal's message (without a stack) on stderr, and exit status 1 on any failure.
 */
export async function runCommand(name: string, run: (dir: string) => Promise<string>) {
  const dir = process.argv[2];
  if (!dir) {
    console.error(`Usage: npm run ${name} -- <backup directory>`);
    process.exit(2);
  }
  try {
    console.info(await run(dir));
    process.exit(0);
  } catch (error) {
    const isExpected = error instanceof BackupError || error instanceof DataDirLockedError;
    console.error(isExpected ? error.message : error);
    process.exit(1);
  }
}
