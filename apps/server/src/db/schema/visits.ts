import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { VisitState, VisitType } from '@casebridge/domain/visits/visit-constants';
import { organizations } from './organizations.ts';
import { patients } from './patients.ts';
import { timestamps, versioned } from './columns.ts';

/**
 * A patient's visits at one of its clinics (docs/architecture/visits.md): booked for a day and a
 * local time, then given one outcome. A reschedule books a new row and links both ways. Only the
 * visit's clinic and administrators write it; every party of the patient reads it.
 */
export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    visitDate: date('visit_date').notNull(),
    /** The clinic's local time of day, 'HH:MM'. */
    visitTime: text('visit_time').notNull(),
    type: text('type').$type<VisitType>().notNull(),
    state: text('state').$type<VisitState>().notNull().default('scheduled'),
    note: text('note'),
    rescheduledFromId: uuid('rescheduled_from_id').references((): AnyPgColumn => visits.id, {
      onDelete: 'set null',
    }),
    rescheduledToId: uuid('rescheduled_to_id').references((): AnyPgColumn => visits.id, {
      onDelete: 'set null',
    }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    recordedByName: text('recorded_by_name'),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check(
      'visits_type_check',
      sql`${t.type} in ('initial_evaluation', 'follow_up', 'therapy', 'imaging', 'procedure', 're_evaluation')`,
    ),
    check(
      'visits_state_check',
      sql`${t.state} in ('scheduled', 'attended', 'no_show', 'cancelled', 'rescheduled')`,
    ),
    check('visits_time_check', sql`${t.visitTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    index('visits_patient_date_idx').on(t.patientId, t.visitDate.desc(), t.visitTime.desc()),
    /** The clinic's day list. */
    index('visits_clinic_date_idx').on(t.clinicId, t.visitDate, t.visitTime),
  ],
);
