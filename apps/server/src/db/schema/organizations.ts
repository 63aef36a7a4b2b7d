import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OrganizationKind } from '@casebridge/domain/roles';
import { timestamps, versioned } from './columns.ts';

/** Clinics, attorney firms and lienholders in one table (docs/architecture.md D4). */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<OrganizationKind>().notNull(),
    name: text('name').notNull(),
    /** Legacy id: the name with whitespace runs replaced by underscores. */
    slug: text('slug').notNull(),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    description: text('description'),
    specialties: text('specialties').array(),
    practiceAreas: text('practice_areas').array(),
    lienholderType: text('lienholder_type'),
    /**
     * Clinics only: days without recorded treatment after which a patient in active
     * treatment is flagged with a gap. A patient of several clinics uses the smallest.
     */
    gapThresholdDays: integer('gap_threshold_days').notNull().default(14),
    /**
     * Firms only: every how many days the firm owes each patient's clinics and lienholders a
     * case update (docs/architecture/case-updates.md); 0 turns it off.
     */
    caseUpdateIntervalDays: integer('case_update_interval_days').notNull().default(60),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check('organizations_kind_check', sql`${t.kind} in ('clinic', 'firm', 'lienholder')`),
    check('organizations_gap_threshold_check', sql`${t.gapThresholdDays} between 1 and 365`),
    check(
      'organizations_case_update_interval_check',
      sql`${t.caseUpdateIntervalDays} between 0 and 365`,
    ),
    uniqueIndex('organizations_kind_slug_idx').on(t.kind, t.slug),
    index('organizations_kind_name_idx').on(t.kind, t.name),
  ],
);
