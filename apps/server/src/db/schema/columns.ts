import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/** When a row was created and last changed, both set by the database. */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Optimistic concurrency (docs/architecture.md, 'Versions'): every write of a mutable record
 * raises `version` by one and names who made it, so a write made from an older version is
 * refused with the record as it now is, and the editor sees who changed it and when.
 */
export const versioned = () => ({
  version: integer('version').notNull().default(1),
  /** The user whose write made this version, and their name at that time. */
  updatedBy: text('updated_by'),
  updatedByName: text('updated_by_name'),
});
