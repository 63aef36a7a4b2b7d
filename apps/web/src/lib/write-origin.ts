/**
 * Which live events come from this tab's own writes (no echo refetch). Each write is
 * sent with `WRITE_ORIGIN_HEADER: <tab>.<n>`; the server gives that origin back on the events the
 * write published, to this user's streams only. When such an event arrives, this tab already has,
 * or is about to have, what the write's answer gave it.
 */

/** Random per tab (per page load): tells this tab's writes from the user's other tabs'. */
const TAB_ID = crypto.randomUUID().replaceAll('-', '');

/** How long a write's origin is remembered: its events arrive within seconds. */
const REMEMBER_MS = 120_000;

type Write = {
  /** When the answer arrived (Date.now(), as the query cache dates data), once it has. */
  answeredAt: number | null;
  /** Resolves with `answeredAt` once the answer has been handed to its caller. */
  answered: Promise<number>;
  markAnswered(): void;
};

const writes = new Map<string, Write>();
let writeCount = 0;

/** The origin to send with a new write; call `answered(origin)` when its answer has come. */
export function beginWrite(): string {
  writeCount += 1;
  const origin = `${TAB_ID}.${writeCount}`;
  let resolveAnswered: ((at: number) => void) | undefined;
  const write: Write = {
    answeredAt: null,
    answered: new Promise<number>((done) => {
      resolveAnswered = done;
    }),
    markAnswered() {
      if (write.answeredAt !== null) return;
      write.answeredAt = Date.now();
      const at = write.answeredAt;
      // After the caller's own handling of the answer (a mutation's onSuccess runs in the
      // microtasks that follow): a macrotask later, the cache holds what the answer gave.
      setTimeout(() => resolveAnswered?.(at), 0);
    },
  };
  writes.set(origin, write);
  setTimeout(() => writes.delete(origin), REMEMBER_MS);
  return origin;
}

/** The write's answer (or failure) has come back to this tab. */
export function endWrite(origin: string): void {
  writes.get(origin)?.markAnswered();
}

/**
 * For an event's origin: null when the write was not this tab's (or is forgotten), else a promise
 * of the moment its answer was handled; what the cache got after that moment already holds it.
 */
export function ownWriteAnswered(origin: string | undefined): Promise<number> | null {
  return origin === undefined ? null : (writes.get(origin)?.answered ?? null);
}
