import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was created and last changed, both set by the database. */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
