import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import type { ActivityKind } from '@casebridge/domain/activity/activity-constants';
import type {
  CaseRequestKind,
  CaseRequestStatus,
} from '@casebridge/domain/requests/case-request-constants';
import type {
  ReductionOfferKind,
  ReductionOfferStatus,
  ReductionParty,
} from '@casebridge/domain/liens/lien-constants';
import type { Role } from '@casebridge/domain/roles';
import { users } from './auth.ts';
import { documents } from './case-records.ts';
import { organizations } from './organizations.ts';
import { patients } from './patients.ts';
import { timestamps, versioned } from './columns.ts';

/**
 * Records and bills requests: a firm or a lienholder asks one of the patient's clinics
 * for something specific. The requester's organisation and the clinic are the two sides; both
 * see the request, and administrators see every one.
 */
export const caseRequests = pgTable(
  'case_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The clinic asked. */
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    /** The firm or lienholder that asked (null when an administrator asked for nobody). */
    requesterOrganizationId: uuid('requester_organization_id').references(() => organizations.id, {
      onDelete: 'restrict',
    }),
    requesterUserId: text('requester_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    requesterName: text('requester_name').notNull(),
    requesterRole: text('requester_role').$type<Role>().notNull(),
    kind: text('kind').$type<CaseRequestKind>().notNull(),
    /** The period of care the request covers; either end may be open. */
    periodFrom: date('period_from'),
    periodTo: date('period_to'),
    dueOn: date('due_on').notNull(),
    note: text('note'),
    status: text('status').$type<CaseRequestStatus>().notNull().default('requested'),
    declineReason: text('decline_reason'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** Fulfilled or declined. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * The day the last overdue reminder went out: the reminder job claims a request by moving
     * this to today in one UPDATE, so several instances send at most one reminder a day.
     */
    lastReminderOn: date('last_reminder_on'),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check(
      'case_requests_kind_check',
      sql`${t.kind} in ('medical_records', 'itemized_bill', 'narrative_report', 'imaging', 'discharge_summary')`,
    ),
    check(
      'case_requests_status_check',
      sql`${t.status} in ('requested', 'acknowledged', 'fulfilled', 'declined')`,
    ),
    check(
      'case_requests_period_check',
      sql`${t.periodFrom} is null or ${t.periodTo} is null or ${t.periodFrom} <= ${t.periodTo}`,
    ),
    check(
      'case_requests_decline_reason_check',
      sql`${t.status} <> 'declined' or length(trim(coalesce(${t.declineReason}, ''))) > 0`,
    ),
    index('case_requests_clinic_status_due_idx').on(t.clinicId, t.status, t.dueOn, t.id),
    index('case_requests_requester_status_due_idx').on(
      t.requesterOrganizationId,
      t.status,
      t.dueOn,
      t.id,
    ),
    index('case_requests_patient_created_idx').on(t.patientId, t.createdAt.desc(), t.id.desc()),
    index('case_requests_open_due_idx')
      .on(t.dueOn)
      .where(sql`${t.status} in ('requested', 'acknowledged')`),
  ],
);

/** The documents that fulfil a request: uploaded for it or linked from the patient's files. */
export const caseRequestDocuments = pgTable(
  'case_request_documents',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => caseRequests.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    linkedBy: text('linked_by').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.documentId] }),
    index('case_request_documents_document_idx').on(t.documentId),
  ],
);

/**
 * Treatment gaps: one row per gap, open while `closedAt` is null. The partial unique
 * index lets one patient have one open gap only, so the periodic check, on any number of
 * instances, opens (and notifies) each gap exactly once: its INSERT … ON CONFLICT DO NOTHING is
 * the claim.
 */
export const treatmentGaps = pgTable(
  'treatment_gaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The last day of care before the gap (last treatment, a billed date of service or intake). */
    lastCareOn: date('last_care_on').notNull(),
    /** The threshold in days that was passed when the gap opened. */
    thresholdDays: integer('threshold_days').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('treatment_gaps_open_patient_idx')
      .on(t.patientId)
      .where(sql`${t.closedAt} is null`),
    index('treatment_gaps_patient_opened_idx').on(t.patientId, t.openedAt.desc()),
  ],
);

/** A lien record's id and the lien it belongs to: one patient's lien with one lienholder. */
export const lienKeys = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  patientId: uuid('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' }),
  lienholderId: uuid('lienholder_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'restrict' }),
});

/** Payments a lienholder received on a patient's lien; recorded by that lienholder only. */
export const lienPayments = pgTable(
  'lien_payments',
  {
    ...lienKeys(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paidOn: date('paid_on').notNull(),
    reference: text('reference'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull(),
    /** A voided payment stays for its history; balances count live payments only. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check('lien_payments_amount_check', sql`${t.amountCents} > 0`),
    index('lien_payments_lienholder_patient_idx').on(t.lienholderId, t.patientId, t.paidOn.desc()),
    index('lien_payments_patient_idx').on(t.patientId),
  ],
);

/**
 * Reduction negotiation: every offer of every round on one patient's lien with one
 * lienholder, kept for the history both sides see. At most one offer is open per lien (the
 * partial unique index); an accepted offer's amount is the reduction the balance counts, locked
 * until a new round is accepted.
 */
export const reductionOffers = pgTable(
  'reduction_offers',
  {
    ...lienKeys(),
    /** Rounds count from 1; a counter-offer stays in its round, a new proposal starts the next. */
    round: integer('round').notNull(),
    offeredBy: text('offered_by').$type<ReductionParty>().notNull(),
    offeredByUserId: text('offered_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    offeredByName: text('offered_by_name').notNull(),
    kind: text('kind').$type<ReductionOfferKind>().notNull(),
    /** The reduction in cents; for a percentage offer, worked out from the balance when made. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** A percentage offer's figure in basis points (1 % = 100). */
    percentBasisPoints: integer('percent_basis_points'),
    /** The balance the offer was made against. */
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    note: text('note'),
    status: text('status').$type<ReductionOfferStatus>().notNull().default('open'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    respondedByUserId: text('responded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    respondedByName: text('responded_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reduction_offers_party_check', sql`${t.offeredBy} in ('attorney', 'lienholder')`),
    check('reduction_offers_kind_check', sql`${t.kind} in ('amount', 'percent')`),
    check(
      'reduction_offers_status_check',
      sql`${t.status} in ('open', 'accepted', 'rejected', 'countered', 'withdrawn')`,
    ),
    check('reduction_offers_amount_check', sql`${t.amountCents} >= 0`),
    check(
      'reduction_offers_percent_check',
      sql`(${t.kind} = 'percent') = (${t.percentBasisPoints} is not null) and coalesce(${t.percentBasisPoints}, 0) between 0 and 10000`,
    ),
    uniqueIndex('reduction_offers_open_idx')
      .on(t.patientId, t.lienholderId)
      .where(sql`${t.status} = 'open'`),
    index('reduction_offers_lien_created_idx').on(t.patientId, t.lienholderId, t.createdAt),
  ],
);

/** The attorney's settlement worksheet: one draft per patient, seen by the patient's firm only. */
export const settlementDrafts = pgTable(
  'settlement_drafts',
  {
    patientId: uuid('patient_id')
      .primaryKey()
      .references(() => patients.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    /** The attorney fee as a share of the gross, in basis points (33⅓ % ≈ 3333). */
    feeBasisPoints: integer('fee_basis_points').notNull(),
    costsCents: bigint('costs_cents', { mode: 'number' }).notNull(),
    note: text('note'),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check('settlement_drafts_gross_check', sql`${t.grossCents} >= 0`),
    check('settlement_drafts_costs_check', sql`${t.costsCents} >= 0`),
    check('settlement_drafts_fee_check', sql`${t.feeBasisPoints} between 0 and 10000`),
  ],
);

/**
 * A patient's Activity feed: one row per thing that happened on the case, written in
 * the same transaction as the change. `recordId` names the underlying record, and the feed's
 * query shows a row only to an actor allowed to see that record (documents by the document
 * rules, requests and liens by their parties), so the feed never says more than the tabs.
 */
export const patientActivity = pgTable(
  'patient_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ActivityKind>().notNull(),
    recordId: uuid('record_id'),
    /** The lienholder a lien item (reduction, payment) concerns. */
    lienholderId: uuid('lienholder_id'),
    summary: text('summary').notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    actorRole: text('actor_role').$type<Role>(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patient_activity_patient_occurred_idx').on(
      t.patientId,
      t.occurredAt.desc(),
      t.id.desc(),
    ),
  ],
);
