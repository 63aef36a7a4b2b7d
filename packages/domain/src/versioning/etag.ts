// Free of zod (ADR 0015): the browser's API client formats If-Match with it. versioning.ts
// re-exports these with the version schemas.

export const VERSION_MESSAGES = {
  stale:
    'Someone else changed this record while you were editing. Review their changes, then save again.',
  required:
    'This change must name the version it was made from (an If-Match header or a version field).',
  invalid: 'If-Match must be a version such as "3"',
  mismatch: 'If-Match and the version field name different versions',
} as const;

/** The ETag of a version: a strong validator, quoted as HTTP requires. */
export const formatEtag = (version: number) => `"${version}"`;

/**
 * The version an `If-Match` header names: `"3"` or `W/"3"`; undefined without a header, null
 * when the header is not one version (a list, `*` or anything else).
 */
export function parseIfMatch(header: string | undefined): number | null | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^\s*(?:W\/)?"([1-9][0-9]{0,9})"\s*$/.exec(header);
  if (!match?.[1]) return null;
  const version = Number(match[1]);
  return Number.isSafeInteger(version) && version <= 2_147_483_647 ? version : null;
}
