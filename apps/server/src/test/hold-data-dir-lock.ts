import { acquireDataDirLock, DataDirLockedError } from '#src/db/data-dir-lock.ts';

/**
 * A second process for the data-dir-lock tests: `<dataDir> hold|exit`. Prints "locked <pid>" once it
 * holds the lock (then holds it until killed, or exits normally), or the refusal message.
 */
const [dataDir, mode] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: hold-data-dir-lock.ts <dataDir> hold|exit');
try {
  await acquireDataDirLock(dataDir, { log: (message) => console.info(message) });
  console.info(`locked ${process.pid}`);
  if (mode === 'exit') process.exit(0);
  setInterval(() => undefined, 60_000);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.info(`refused: ${error.message}`);
  process.exit(3);
}
