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

// The messages and the header format live apart from the schemas, so that the browser's API
// client can send If-Match without zod.
export { formatEtag, parseIfMatch, VERSION_MESSAGES } from './etag.ts';

/** The body of a 409 for a stale write: the error and the record as it now is. */
export const staleWriteBody = <T extends z.ZodType>(current: T) => ZErrorBody.extend({ current });
