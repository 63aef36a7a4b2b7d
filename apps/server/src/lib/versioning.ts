import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  formatEtag,
  parseIfMatch,
  VERSION_MESSAGES,
} from '@casebridge/domain/versioning/versioning';
import type { Actor } from './actor.ts';
import { AppError } from './app-error.ts';

/**
 * A write made from an older version than the record's: nothing was changed, and the answer
 * (409) carries the record as it now is so the editor can see what the other person changed.
 * A write the record's state refuses (a voided billing line) answers the same way, with its own
 * message.
 */
export class StaleWriteError extends AppError {
  readonly current: unknown;

  constructor(current: unknown, message: string = VERSION_MESSAGES.stale) {
    super('CONFLICT', message);
    this.current = current;
  }
}

/**
 * The version a write was made from: the `If-Match` header, else the body's `version` field.
 * A write that names none is refused (428), so no client can overwrite blindly.
 */
export function expectedVersion(request: FastifyRequest, bodyVersion?: number): number {
  const header = request.headers['if-match'];
  const fromHeader = parseIfMatch(Array.isArray(header) ? header.join(',') : header);
  if (fromHeader === null) throw new AppError('VALIDATION_FAILED', VERSION_MESSAGES.invalid);
  if (fromHeader !== undefined && bodyVersion !== undefined && fromHeader !== bodyVersion) {
    throw new AppError('VALIDATION_FAILED', VERSION_MESSAGES.mismatch);
  }
  const version = fromHeader ?? bodyVersion;
  if (version === undefined) throw new AppError('PRECONDITION_REQUIRED', VERSION_MESSAGES.required);
  return version;
}

/** Sets the `ETag` of a read or a write's answer to the record's version, and returns the record. */
export function withEtag<T extends { version: number }>(reply: FastifyReply, record: T): T {
  void reply.header('etag', formatEtag(record.version));
  return record;
}

/**
 * Refuses a write made from another version than the locked row's. Call it after reading the
 * row FOR UPDATE in the write's transaction; `current` builds the record the 409 carries.
 */
export async function assertVersion(
  row: { version: number },
  expected: number,
  current: () => Promise<unknown> | unknown,
): Promise<void> {
  if (row.version !== expected) throw new StaleWriteError(await current());
}

/** The columns every write of a versioned row sets: the next version, when, and by whom. */
export function nextVersion(table: { version: PgColumn }, actor: Pick<Actor, 'userId' | 'name'>) {
  return {
    version: sql`${table.version} + 1` as SQL<number>,
    updatedAt: new Date(),
    updatedBy: actor.userId,
    updatedByName: actor.name,
  };
}
