import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import { users } from './auth.ts';
import { organizations } from './organizations.ts';
import { timestamps, versioned } from './columns.ts';

export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    dob: date('dob').notNull(),
    intakeDate: date('intake_date'),
    evalDate: date('eval_date'),
    lastTreatmentDate: date('last_treatment_date'),
    treatmentStatus: text('treatment_status')
      .$type<TreatmentStatus>()
      .notNull()
      .default('Referred'),
    firmId: uuid('firm_id').references(() => organizations.id, { onDelete: 'set null' }),
    associatedContactId: text('associated_contact_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    pointOfContactName: text('point_of_contact_name'),
    pointOfContactPhone: text('point_of_contact_phone'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check(
      'patients_treatment_status_check',
      sql`${t.treatmentStatus} in ('Referred', 'Evaluated', 'Referred for Imaging', 'Referred for MD', 'Referred for Pain Management', 'Referred for PT', 'Referred for Specialist', 'Discharged')`,
    ),
    check('patients_full_name_check', sql`length(trim(${t.fullName})) > 0`),
    index('patients_firm_updated_idx').on(t.firmId, t.updatedAt.desc()),
    index('patients_contact_idx').on(t.associatedContactId),
    index('patients_status_idx').on(t.treatmentStatus),
    index('patients_created_at_idx').on(t.createdAt.desc()),
    index('patients_updated_at_idx').on(t.updatedAt.desc()),
    index('patients_name_lower_idx').on(sql`lower(${t.fullName})`),
  ],
);

/** The treating clinics of a patient (spec: associated_clinic_ids). */
export const patientClinics = pgTable(
  'patient_clinics',
  {
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.clinicId] }),
    index('patient_clinics_clinic_idx').on(t.clinicId, t.patientId),
  ],
);

/** Lienholders linked to a patient (docs/architecture.md D3). */
export const patientLienholders = pgTable(
  'patient_lienholders',
  {
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    lienholderId: uuid('lienholder_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.lienholderId] }),
    index('patient_lienholders_lienholder_idx').on(t.lienholderId, t.patientId),
  ],
);

/**
 * The patient lists' index (docs/decisions/0014): one row per patient and party that
 * may see it, with the keys the lists sort, filter and search by. A party is an organisation's
 * id (each clinic, the firm, each lienholder), `user:<id>` for the associated contact, or
 * `PATIENT_LISTING_ALL_PARTY` for administrators. Written only by the database's triggers on
 * patients, patient_clinics and patient_lienholders (migration 0014), so no writer can forget
 * it; the app reads it for every list, count and scope check.
 */
export const patientListing = pgTable(
  'patient_listing',
  {
    party: text('party').notNull(),
    patientId: uuid('patient_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** lower(full_name): the name sort and the name search. */
    nameKey: text('name_key').notNull(),
    /**
     * Minus the status's position in the spec's list: descending order of this key, then of
     * updated_at and patient_id, is the 'status' sort, all one direction for keyset pages.
     */
    statusKey: smallint('status_key').notNull(),
    treatmentStatus: text('treatment_status').$type<TreatmentStatus>().notNull(),
    dob: date('dob').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.party, t.patientId] }),
    index('patient_listing_updated_idx').on(t.party, t.updatedAt, t.patientId),
    index('patient_listing_name_idx').on(t.party, t.nameKey, t.patientId),
    index('patient_listing_status_idx').on(t.party, t.statusKey, t.updatedAt, t.patientId),
    index('patient_listing_status_name_idx').on(t.party, t.statusKey, t.nameKey, t.patientId),
    index('patient_listing_dob_idx').on(t.party, t.dob),
    index('patient_listing_patient_idx').on(t.patientId),
    // btree_gin lets the party and the name's trigrams share one GIN index.
    index('patient_listing_name_trgm_idx').using('gin', t.party, t.nameKey.op('gin_trgm_ops')),
  ],
);

/**
 * Counter changes of the transactions in progress, written by the listing triggers without a
 * lock and folded into `patient_counts` at commit, sorted, by a deferred trigger (migration
 * 0014), so concurrent writers never deadlock on the counts. Empty outside a transaction.
 */
export const patientCountChanges = pgTable(
  'patient_count_changes',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    party: text('party').notNull(),
    treatmentStatus: text('treatment_status').notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('patient_count_changes_tx_idx').on(t.tx)],
);

/** How many patients of each status a party sees; kept by the same triggers as the listing. */
export const patientCounts = pgTable(
  'patient_counts',
  {
    party: text('party').notNull(),
    treatmentStatus: text('treatment_status').$type<TreatmentStatus>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.party, t.treatmentStatus] })],
);

/** The party of every patient: what administrators (scope 'all') list and count. */
export const PATIENT_LISTING_ALL_PARTY = '*';
