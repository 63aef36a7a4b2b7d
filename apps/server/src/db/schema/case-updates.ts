import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { organizations } from './organizations.ts';
import { patients } from './patients.ts';

/**
 * The case updates a firm posts on a patient (docs/architecture/case-updates.md): short notes,
 * append-only, read by every party of the patient. A stage move (`case_stage_history`) is the
 * other kind of update; the clock of the update owed is the newest of either.
 */
export const caseUpdates = pgTable(
  'case_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The firm the author posted for (null for an administrator's note). */
    firmId: uuid('firm_id').references(() => organizations.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The clock's probe: the patient's newest update is the first entry of this index.
  (t) => [index('case_updates_patient_created_idx').on(t.patientId, t.createdAt.desc())],
);

/**
 * A clinic's or lienholder's ask for an update: one open ask per organisation and patient (the
 * partial unique index is the throttle), answered by the firm's next update.
 */
export const caseUpdateAsks = pgTable(
  'case_update_asks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('case_update_asks_open_idx')
      .on(t.patientId, t.organizationId)
      .where(sql`${t.answeredAt} is null`),
  ],
);

/**
 * When each firm user was last reminded of their overdue patients: the daily digest's claim,
 * one row per user (never a row per user per patient).
 */
export const caseUpdateReminders = pgTable('case_update_reminders', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});
