/**
 * Preloaded into the measured servers (never into the app itself): SIGUSR2 runs a full garbage
 * collection, so that memory is read with only live objects in the heap, not whatever garbage
 * the last sign-ins left. Needs node's --expose-gc.
 */
const collect = (globalThis as { gc?: () => void }).gc;
process.on('SIGUSR2', () => collect?.());
