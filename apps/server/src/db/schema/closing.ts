import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PayoffStatus, SettlementSource } from '@casebridge/domain/closing/closing-constants';
import { users } from './auth.ts';
import { lienKeys, lienPayments } from './case-workflow.ts';
import { organizations } from './organizations.ts';
import { patients } from './patients.ts';
import { timestamps, versioned } from './columns.ts';

/**
 * The settlement the firm recorded on a patient (docs/architecture/closing-the-case.md): one
 * row per patient, versioned, each version kept in `record_history` (type 'settlement'). The
 * disbursement date and the closing time follow the two last stage moves.
 */
export const caseSettlements = pgTable(
  'case_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The firm that recorded it. */
    firmId: uuid('firm_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    settledOn: date('settled_on').notNull(),
    source: text('source').$type<SettlementSource>().notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    /** The attorney fee as a share of the gross, in basis points. */
    feeBasisPoints: integer('fee_basis_points').notNull(),
    costsCents: bigint('costs_cents', { mode: 'number' }).notNull(),
    note: text('note'),
    disbursedOn: date('disbursed_on'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('case_settlements_patient_idx').on(t.patientId),
    check('case_settlements_gross_check', sql`${t.grossCents} >= 0`),
    check('case_settlements_costs_check', sql`${t.costsCents} >= 0`),
    check('case_settlements_fee_check', sql`${t.feeBasisPoints} between 0 and 10000`),
    check(
      'case_settlements_source_check',
      sql`${t.source} in ('bodily_injury', 'um_uim', 'med_pay', 'other')`,
    ),
  ],
);

/**
 * A lien's final payoff, every proposal kept for the history both sides see. At most one is
 * awaiting the lienholder and at most one is confirmed per lien (the partial unique indexes), so
 * of two confirmations racing one wins and one payment is recorded.
 */
export const lienPayoffs = pgTable(
  'lien_payoffs',
  {
    ...lienKeys(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The lien's balance when the payoff was proposed. */
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<PayoffStatus>().notNull().default('proposed'),
    note: text('note'),
    proposedBy: text('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    proposedByName: text('proposed_by_name').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    answeredBy: text('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredByName: text('answered_by_name'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    paymentId: uuid('payment_id').references(() => lienPayments.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('lien_payoffs_amount_check', sql`${t.amountCents} >= 0`),
    check(
      'lien_payoffs_status_check',
      sql`${t.status} in ('proposed', 'confirmed', 'disputed', 'withdrawn')`,
    ),
    uniqueIndex('lien_payoffs_open_idx')
      .on(t.patientId, t.lienholderId)
      .where(sql`${t.status} = 'proposed'`),
    uniqueIndex('lien_payoffs_confirmed_idx')
      .on(t.patientId, t.lienholderId)
      .where(sql`${t.status} = 'confirmed'`),
    index('lien_payoffs_lien_idx').on(t.patientId, t.lienholderId, t.proposedAt),
    // The lienholder's inbox: its payoffs awaiting an answer.
    index('lien_payoffs_inbox_idx')
      .on(t.lienholderId, t.proposedAt)
      .where(sql`${t.status} = 'proposed'`),
  ],
);

/**
 * A clinic's bill for a patient marked final at discharge: later lines of that clinic need a
 * correction reason. One row per (patient, clinic).
 */
export const billFinals = pgTable(
  'bill_finals',
  {
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    finalizedBy: text('finalized_by').references(() => users.id, { onDelete: 'set null' }),
    finalizedByName: text('finalized_by_name').notNull(),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.clinicId] })],
);
