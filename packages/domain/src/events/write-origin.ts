// Free of zod (ADR 0015): the browser's API client imports it. live-events.ts re-exports it.

/**
 * The request header a browser tab sends with each write: `<tab id>.<write number>`, both
 * chosen by the tab. The events the write publishes carry it back as `origin` to the streams of
 * the same user (and no one else), so the tab knows its own change and does not fetch again what
 * the write's answer already gave it.
 */
export const WRITE_ORIGIN_HEADER = 'x-casebridge-origin';
