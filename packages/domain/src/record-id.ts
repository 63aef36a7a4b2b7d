import { z } from 'zod';

/**
 * The shape of a record id as PostgreSQL's `uuid` type reads it (any version). Looser than
 * `z.uuid()` on purpose: an id the database would accept is looked up, anything else is refused
 * before it reaches SQL, where it would be a cast error instead of "not found".
 */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * A record id in a path. Only its length is bounded here: the service answers a malformed id
 * exactly like a missing or hidden record (404, same body), so nobody can tell them apart.
 */
export const ZRecordIdParam = z.string().max(64);
