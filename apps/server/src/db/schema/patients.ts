import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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
