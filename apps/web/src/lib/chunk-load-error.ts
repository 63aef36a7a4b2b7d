/** What browsers and bundlers say when a chunk of the app's code cannot be fetched. */
const CHUNK_LOAD_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'Importing a module script failed', // Safari
  'error loading dynamically imported module', // Firefox
  'Unable to preload CSS', // Vite's preload helper
];

const RELOADED_AT_KEY = 'casebridge:chunk-reload-at';
/** A reload this recent did not help: the chunk is really missing, so show the error screen. */
const RELOAD_GUARD_MS = 10_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_LOAD_MESSAGES.some((message) => error.message.includes(message));
}

/**
 * Reloads the page once when its code cannot be fetched: after a deploy the old hashed chunks are
 * gone and only a fresh page knows the new names. Returns false, without reloading, when it
 * already did so within the guard window, so a chunk that is truly missing never loops.
 */
export function reloadOnceForChunkError(now = Date.now()): boolean {
  let reloadedAt = Number.NaN;
  try {
    reloadedAt = Number(window.sessionStorage.getItem(RELOADED_AT_KEY));
    if (now - reloadedAt < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // Storage blocked: without the guard a reload could loop, so show the screen instead.
    return false;
  }
  window.location.reload();
  return true;
}
