import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AccidentType } from '@casebridge/domain/case-facts/case-facts-constants';
import type {
  ReferralKind,
  ReferralState,
  ReferralUrgency,
} from '@casebridge/domain/referrals/referral-constants';
import { users } from './auth.ts';
import { organizations } from './organizations.ts';
import { patients } from './patients.ts';
import { timestamps, versioned } from './columns.ts';

/**
 * A referral from a firm (a new client) or a clinic (a patient it sees, referred on) to a clinic
 * (docs/architecture/referrals.md). Only the two organisations see it. It is answered once:
 * accepted (the patient created, attached or joined), declined with a reason, or withdrawn by
 * its sender. The client's details are kept as sent, so the answer shows what was asked.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<ReferralKind>().notNull(),
    referringOrgId: uuid('referring_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    /** The firm the patient is assigned to: the referring firm, or the referred-on patient's. */
    firmId: uuid('firm_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** The patient referred on, or the patient an accepted referral created or attached to. */
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    clientName: text('client_name').notNull(),
    dob: date('dob').notNull(),
    phone: text('phone'),
    accidentDate: date('accident_date'),
    accidentType: text('accident_type').$type<AccidentType>(),
    injurySummary: text('injury_summary'),
    insurerCarrier: text('insurer_carrier'),
    claimNumber: text('claim_number'),
    lopOnFile: boolean('lop_on_file').notNull().default(false),
    urgency: text('urgency').$type<ReferralUrgency>().notNull().default('routine'),
    state: text('state').$type<ReferralState>().notNull().default('pending'),
    declineReason: text('decline_reason'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    respondedBy: text('responded_by').references(() => users.id, { onDelete: 'set null' }),
    respondedByName: text('responded_by_name'),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check('referrals_kind_check', sql`${t.kind} in ('new_client', 'onward')`),
    check(
      'referrals_state_check',
      sql`${t.state} in ('pending', 'accepted', 'declined', 'withdrawn')`,
    ),
    check('referrals_urgency_check', sql`${t.urgency} in ('routine', 'soon', 'urgent')`),
    check('referrals_other_clinic_check', sql`${t.referringOrgId} <> ${t.clinicId}`),
    // The receiving clinic's queue: pending first, newest first.
    index('referrals_clinic_idx').on(t.clinicId, t.createdAt.desc(), t.id.desc()),
    index('referrals_referrer_idx').on(t.referringOrgId, t.createdAt.desc(), t.id.desc()),
    index('referrals_patient_idx')
      .on(t.patientId)
      .where(sql`${t.patientId} is not null`),
  ],
);
