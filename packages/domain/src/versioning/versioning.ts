import { z } from 'zod';
import { ZErrorBody } from '../errors.ts';

/**
 * Optimistic concurrency (docs/architecture.md, 'Versions'). Every mutable record carries the
 * version its last write made, with who made it and when; the same version is its `ETag`. A write
 * names the version it was made from (`If-Match: "3"` or a `version` field), and a write made from
 * an older version is refused with 409 and the record as it now is.
 */
export const ZVersion = z.number().int().min(1);

/** The fields every versioned record's read carries. */
export const versionFields = {
  version: ZVersion,
  updatedAt: z.string(),
  /** Who made this version: null for records no user has changed since they were created. */
  updatedByName: z.string().nullable(),
};

export const ZVersioned = z.object(versionFields);
export type TVersioned = z.infer<typeof ZVersioned>;

/** The optional `version` field of a write's body; the `If-Match` header may carry it instead. */
export const versionInput = { version: ZVersion.optional() };

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

/** The body of a 409 for a stale write: the error and the record as it now is. */
export const staleWriteBody = <T extends z.ZodType>(current: T) => ZErrorBody.extend({ current });
