import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AccidentType,
  CaseStage,
  CoverageKind,
} from '@casebridge/domain/case-facts/case-facts-constants';
import { users } from './auth.ts';
import { patients } from './patients.ts';
import { timestamps, versioned } from './columns.ts';

/**
 * A patient's case facts (docs/architecture/case-facts.md): the accident, the firm's case
 * number and the legal stage, one row per patient, written by the firm and administrators and
 * read by every party of the patient. They belong to the patient, not to a firm: a case that
 * moves to another firm keeps them. One version covers the row and its insurers.
 */
export const caseFacts = pgTable(
  'case_facts',
  {
    patientId: uuid('patient_id')
      .primaryKey()
      .references(() => patients.id, { onDelete: 'cascade' }),
    accidentDate: date('accident_date'),
    accidentType: text('accident_type').$type<AccidentType>(),
    firmCaseNumber: text('firm_case_number'),
    stage: text('stage').$type<CaseStage>().notNull().default('intake'),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check(
      'case_facts_stage_check',
      sql`${t.stage} in ('intake', 'treating', 'demand_sent', 'negotiating', 'litigation', 'settled', 'disbursed', 'closed')`,
    ),
    check(
      'case_facts_accident_type_check',
      sql`${t.accidentType} in ('auto', 'truck', 'motorcycle', 'pedestrian', 'slip_and_fall', 'workplace', 'dog_bite', 'other')`,
    ),
    // Closed cases, which patient lists leave out by default (closing-the-case.md).
    index('case_facts_closed_idx')
      .on(t.patientId)
      .where(sql`${t.stage} = 'closed'`),
  ],
);

/** The insurers of a case, in the order the firm lists them; limits in integer cents. */
export const caseInsurers = pgTable(
  'case_insurers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => caseFacts.patientId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    coverage: text('coverage').$type<CoverageKind>().notNull(),
    carrier: text('carrier').notNull(),
    claimNumber: text('claim_number'),
    adjusterName: text('adjuster_name'),
    adjusterPhone: text('adjuster_phone'),
    adjusterEmail: text('adjuster_email'),
    /** Null while the limit is not known. */
    policyLimitCents: bigint('policy_limit_cents', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    check('case_insurers_coverage_check', sql`${t.coverage} in ('liability', 'med_pay', 'um_uim')`),
    check('case_insurers_limit_check', sql`${t.policyLimitCents} >= 0`),
    index('case_insurers_patient_idx').on(t.patientId, t.position),
  ],
);

/** Every move of a case's legal stage, with who made it and an optional note. Append-only. */
export const caseStageHistory = pgTable(
  'case_stage_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    fromStage: text('from_stage').$type<CaseStage>().notNull(),
    toStage: text('to_stage').$type<CaseStage>().notNull(),
    note: text('note'),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'case_stage_history_from_check',
      sql`${t.fromStage} in ('intake', 'treating', 'demand_sent', 'negotiating', 'litigation', 'settled', 'disbursed', 'closed')`,
    ),
    check(
      'case_stage_history_to_check',
      sql`${t.toStage} in ('intake', 'treating', 'demand_sent', 'negotiating', 'litigation', 'settled', 'disbursed', 'closed')`,
    ),
    index('case_stage_history_patient_idx').on(t.patientId, t.changedAt.desc()),
  ],
);
