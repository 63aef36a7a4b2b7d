/**
 * The benchmark suite's data: the demo organisations and accounts (so a clinic user can sign in
 * through the API), then patients generated in SQL, in bulk, on PostgreSQL or PGlite alike.
 * Patient g (1, 2, …) is treated at Harbor when g % 5 = 0 (a fifth of every size: 20,000 of
 * 100,000), else at Summit or Riverside; every patient has a firm, so scope filters have work.
 */
import { inArray, sql } from 'drizzle-orm';
import { TREATMENT_STATUSES } from '@casebridge/domain/patients/treatment-status';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '#src/db/client.ts';
import * as schema from '#src/db/schema/index.ts';
import { organizations } from '#src/db/schema/index.ts';
import { DEMO_ORGANIZATIONS } from '#src/db/seed/demo-data.ts';

/** The share of each size treated at the measured clinic (Harbor). */
export const CLINIC_SHARE = 0.2;

/** Names the generator combines (40 × 60 = 2,400 distinct names). */
const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Luis',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kevin',
  'Carol',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
];

/** What the name search looks for: a fragment of one surname, so 1 in 60 patients match. */
export const SEARCH_NAME = 'garc';

/** Dates of birth span 20,000 days from 1950-01-01; this one is patient 5's (a Harbor patient). */
const DOB_SPAN_DAYS = 20_000;
const dobDayOf = (g: number) => (g * 7_919) % DOB_SPAN_DAYS;
export function dobOfPatient(g: number): string {
  const day = new Date(Date.UTC(1950, 0, 1) + dobDayOf(g) * 86_400_000);
  return day.toISOString().slice(0, 10);
}
export const SEARCH_DOB = dobOfPatient(5);

export type BenchOrganizations = { clinicId: string; otherClinicIds: string[]; firmIds: string[] };

const nameOf = (key: string) => DEMO_ORGANIZATIONS.find((org) => org.key === key)!.name;

/** The demo organisations the generated patients are spread over (the seed made them). */
export async function findBenchOrganizations(db: Db): Promise<BenchOrganizations> {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(
      inArray(
        organizations.name,
        ['harbor', 'summit', 'riverside', 'morgan', 'castillo'].map(nameOf),
      ),
    );
  const idOf = (key: string) => rows.find((row) => row.name === nameOf(key))!.id;
  return {
    clinicId: idOf('harbor'),
    otherClinicIds: [idOf('summit'), idOf('riverside')],
    firmIds: [idOf('morgan'), idOf('castillo')],
  };
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * Inserts generated patients g = from … to (inclusive) and their clinic links, in batches of one
 * statement and transaction each. Updated times fall over the last year, so "last updated" order is not the
 * insertion order.
 */
export async function insertPatients(
  db: Db,
  orgs: BenchOrganizations,
  range: { from: number; to: number },
  batch = 10_000,
): Promise<void> {
  for (let first = range.from; first <= range.to; first += batch) {
    const last = Math.min(range.to, first + batch - 1);
    await withoutStatementTimeout(db, (tx) => insertBatch(tx, orgs, first, last));
  }
}

/**
 * A connection to PostgreSQL for the bulk inserts, without the app pool's client-side query
 * timeout (POSTGRES_TIMEOUTS): filling the listing through its triggers on a busy machine may take
 * longer than a request ever should.
 */
export function openBulkConnection(url: string): { db: Db; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return { db: drizzle(pool, { schema }) as unknown as Db, close: () => pool.end() };
}

/** Nor the server-side statement timeout, on either engine; it may be set for the database. */
function withoutStatementTimeout(db: Db, work: (tx: Db) => Promise<void>): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await work(tx as unknown as Db);
  });
}

/** Patients g = first … last and their clinic links, in one statement. */
async function insertBatch(db: Db, orgs: BenchOrganizations, first: number, last: number) {
  // Ids are drawn up front, so the clinic links can be made from the same generated rows.
  await db.execute(sql`
      with generated as materialized (
        select g, gen_random_uuid() as id,
          (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' ||
            (${textArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] as full_name,
          date '1950-01-01' + ((g::bigint * 7919) % ${DOB_SPAN_DAYS})::int as dob,
          (${textArray(TREATMENT_STATUSES)})[1 + (g / 7) % ${TREATMENT_STATUSES.length}] as treatment_status,
          (${textArray(orgs.firmIds)})[1 + g % ${orgs.firmIds.length}]::uuid as firm_id,
          current_date - (g % 700) as intake_date,
          now() - ((g::bigint * 104729) % 31536000) * interval '1 second' as updated_at
        from generate_series(${first}::int, ${last}::int) g
      ),
      created as (
        insert into patients (id, full_name, dob, treatment_status, firm_id, intake_date, created_at, updated_at)
        select id, full_name, dob, treatment_status, firm_id, intake_date, updated_at, updated_at
        from generated
        returning id
      )
      insert into patient_clinics (patient_id, clinic_id)
      select id,
        case when g % 5 = 0 then ${orgs.clinicId}::uuid
             else (${textArray(orgs.otherClinicIds)})[1 + g % ${orgs.otherClinicIds.length}]::uuid end
      from created join generated using (id)`);
}

/** Patients in the database (the demo's included) and those treated at the measured clinic. */
export async function countPatients(db: Db, clinicId: string) {
  const result = (await db.execute(sql`
    select (select count(*)::int from patients) as total,
           (select count(*)::int from patient_clinics where clinic_id = ${clinicId}::uuid) as clinic`)) as unknown as {
    rows: Array<{ total: number; clinic: number }>;
  };
  return result.rows[0] ?? { total: 0, clinic: 0 };
}

/** Refreshes the planner's statistics after a bulk insert, as autovacuum would in time. */
export async function analyze(db: Db): Promise<void> {
  await withoutStatementTimeout(db, async (tx) => {
    await tx.execute(sql`analyze`);
  });
}
