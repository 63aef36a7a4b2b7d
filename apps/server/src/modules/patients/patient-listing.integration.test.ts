import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  decodePatientCursor,
  ZListPatientsQuery,
} from '@casebridge/domain/patients/patient.schemas';
import { TREATMENT_STATUSES } from '@casebridge/domain/patients/treatment-status';
import type { Db } from '#src/db/client.ts';
import {
  organizations,
  patientClinics,
  patientLienholders,
  patients,
  users,
} from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import type { ActorPatientScope } from './patient-scope.ts';
import {
  getPatientStats,
  listPageSql,
  listPatients,
  PATIENT_SEARCH_COUNT_CAP,
} from './patients.queries.ts';

const isPostgres = inject('testTemplate').kind === 'postgres';
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The listing as the scope rule derives it from the base tables now (docs/architecture.md,
 * 'Patient scope'), minus the listing the triggers kept: both ways must be empty.
 */
async function listingDrift(db: Db): Promise<unknown[]> {
  const expected = sql`
    select '*' as party, p.id as patient_id from patients p
    union select p.firm_id::text, p.id from patients p where p.firm_id is not null
    union select 'user:' || p.associated_contact_id, p.id from patients p where p.associated_contact_id is not null
    union select c.clinic_id::text, c.patient_id from patient_clinics c
    union select l.lienholder_id::text, l.patient_id from patient_lienholders l`;
  const rows = await db.execute(sql`
    with expected as (
      select e.party, p.id as patient_id, p.updated_at, lower(p.full_name) as name_key,
        p.treatment_status, p.dob
      from (${expected}) e join patients p on p.id = e.patient_id
    ),
    actual as (
      select party, patient_id, updated_at, name_key, treatment_status, dob from patient_listing
    )
    (select 'missing' as drift, * from (select * from expected except select * from actual) m)
    union all
    (select 'extra', * from (select * from actual except select * from expected) x)`);
  return rowsOf(rows);
}

/** Maintained counts that differ from a fresh count(*) of the listing. */
async function countDrift(db: Db): Promise<unknown[]> {
  const rows = await db.execute(sql`
    with fresh as (
      select party, treatment_status, count(*)::int as n from patient_listing group by 1, 2
    ),
    kept as (select party, treatment_status, n from patient_counts where n <> 0)
    (select 'kept is missing' as drift, * from (select * from fresh except select * from kept) m)
    union all
    (select 'kept is wrong', * from (select * from kept except select * from fresh) x)`);
  return rowsOf(rows);
}

async function partiesOf(db: Db, patientId: string): Promise<string[]> {
  const rows = await db.execute(
    sql`select party from patient_listing where patient_id = ${patientId} order by party`,
  );
  return rowsOf<{ party: string }>(rows).map((row) => row.party);
}

const parseQuery = (query: Record<string, unknown>) => ZListPatientsQuery.parse(query);

describe('patient listing', () => {
  let server: TestServer;
  let db: Db;
  const org: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer();
    db = server.context.db;
    for (const row of await db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)) {
      org[row.name] = row.id;
    }
  });
  afterAll(async () => {
    await server.close();
  });

  const harbor = () => org['Harbor Physical Therapy']!;
  const riverside = () => org['Riverside Imaging Associates']!;
  const morgan = () => org['Morgan & Hale Injury Law']!;
  const castillo = () => org['Castillo Legal Group']!;

  it('starts in step with the seeded patients', async () => {
    expect(await listingDrift(db)).toEqual([]);
    expect(await countDrift(db)).toEqual([]);
  });

  it('follows every kind of change: clinics, lienholders, firm, contact, status, name, delete', async () => {
    const [patient] = await db
      .insert(patients)
      .values({ fullName: 'Listing Probe', dob: '1980-05-06', firmId: morgan() })
      .returning({ id: patients.id });
    const id = patient!.id;
    const lienholderId = Object.entries(org).find(([name]) => /lien/i.test(name))![1];
    const [contact] = await db.select({ id: users.id }).from(users).limit(1);
    const expectInStep = async (parties: string[]) => {
      expect(await partiesOf(db, id)).toEqual(parties.toSorted());
      expect(await listingDrift(db)).toEqual([]);
      expect(await countDrift(db)).toEqual([]);
    };
    await expectInStep(['*', morgan()]);

    await db.insert(patientClinics).values([
      { patientId: id, clinicId: harbor() },
      { patientId: id, clinicId: riverside() },
    ]);
    await expectInStep(['*', morgan(), harbor(), riverside()]);
    await db
      .delete(patientClinics)
      .where(
        sql`${patientClinics.patientId} = ${id} and ${patientClinics.clinicId} = ${riverside()}`,
      );
    await expectInStep(['*', morgan(), harbor()]);

    await db.insert(patientLienholders).values({ patientId: id, lienholderId });
    await expectInStep(['*', morgan(), harbor(), lienholderId]);
    await db.update(patients).set({ firmId: castillo() }).where(eq(patients.id, id));
    await expectInStep(['*', castillo(), harbor(), lienholderId]);
    await db.update(patients).set({ associatedContactId: contact!.id }).where(eq(patients.id, id));
    await expectInStep(['*', castillo(), harbor(), lienholderId, `user:${contact!.id}`]);
    await db
      .update(patients)
      .set({ firmId: null, associatedContactId: null })
      .where(eq(patients.id, id));
    await expectInStep(['*', harbor(), lienholderId]);

    await db
      .update(patients)
      .set({ treatmentStatus: 'Discharged', fullName: 'Renamed Probe', updatedAt: new Date() })
      .where(eq(patients.id, id));
    await expectInStep(['*', harbor(), lienholderId]);
    const statusRows = await db.execute(
      sql`select distinct name_key, status_key, treatment_status from patient_listing where patient_id = ${id}`,
    );
    expect(rowsOf(statusRows)).toEqual([
      {
        name_key: 'renamed probe',
        status_key: -TREATMENT_STATUSES.length,
        treatment_status: 'Discharged',
      },
    ]);

    await db.delete(patients).where(eq(patients.id, id));
    await expectInStep([]);
  });

  describe('keyset pages', () => {
    const TIED = 23;
    let clinicId: string;
    let scope: ActorPatientScope;

    beforeAll(async () => {
      const [clinic] = await db
        .insert(organizations)
        .values({ kind: 'clinic', name: 'Tie Clinic', slug: 'Tie_Clinic' })
        .returning({ id: organizations.id });
      clinicId = clinic!.id;
      scope = { kind: 'clinic', clinicId };
      // Same name, same status and the same updated_at: only the id breaks the ties.
      const updatedAt = new Date('2026-01-02T03:04:05.678Z');
      const rows = await db
        .insert(patients)
        .values(
          Array.from({ length: TIED }, (_, index) => ({
            fullName: index % 2 ? 'Tie Patient' : 'tie patient',
            dob: '1970-01-01',
            treatmentStatus: index < 10 ? ('Referred' as const) : ('Evaluated' as const),
            updatedAt,
          })),
        )
        .returning({ id: patients.id });
      await db.insert(patientClinics).values(rows.map((row) => ({ patientId: row.id, clinicId })));
    });

    for (const sort of ['last_updated', 'name', 'status'] as const) {
      it(`walks every row once forward and back, sorted by ${sort}`, async () => {
        const forward: string[][] = [];
        let cursor: string | null = null;
        do {
          const page = await listPatients(
            db,
            scope,
            parseQuery({ sort, limit: 5, ...(cursor ? { cursor } : {}) }),
          );
          expect(page.total).toBe(TIED);
          forward.push(page.items.map((item) => item.id));
          cursor = page.nextCursor;
        } while (cursor);
        const ids = forward.flat();
        expect(ids).toHaveLength(TIED);
        expect(new Set(ids).size).toBe(TIED);
        expect(forward.map((page) => page.length)).toEqual([5, 5, 5, 5, 3]);

        // Back from the last page by previousCursor: the same pages in reverse.
        const last = await listPatients(
          db,
          scope,
          parseQuery({ sort, limit: 5, cursor: await cursorBeforeLastPage(sort) }),
        );
        const backward: string[][] = [last.items.map((item) => item.id)];
        let previous = last.previousCursor;
        while (previous) {
          const page = await listPatients(
            db,
            scope,
            parseQuery({ sort, limit: 5, cursor: previous }),
          );
          backward.unshift(page.items.map((item) => item.id));
          previous = page.previousCursor;
        }
        expect(backward.flat()).toEqual(ids.slice(ids.length - backward.flat().length));
        expect(backward[0]).toEqual(forward[0]);
      });
    }

    /** The nextCursor that leads to the last page. */
    async function cursorBeforeLastPage(sort: 'last_updated' | 'name' | 'status') {
      let cursor: string | undefined;
      for (;;) {
        const page = await listPatients(
          db,
          scope,
          parseQuery({ sort, limit: 5, ...(cursor ? { cursor } : {}) }),
        );
        if (!page.nextCursor) return cursor;
        cursor = page.nextCursor;
      }
    }

    it('counts per status from the maintained counts', async () => {
      const stats = await getPatientStats(db, scope);
      expect(stats.total).toBe(TIED);
      expect(stats.byStatus.Referred).toBe(10);
      expect(stats.byStatus.Evaluated).toBe(TIED - 10);
      const referred = await listPatients(db, scope, parseQuery({ status: 'Referred', limit: 5 }));
      expect(referred.total).toBe(10);
    });
  });

  describe('search', () => {
    const search = async (email: 'clinic@demo.test' | 'clinic2@demo.test', text: string) => {
      const response = await server.request({
        url: `/api/patients?search=${encodeURIComponent(text)}&limit=100`,
        cookie: await server.login(email),
      });
      expect(response.statusCode).toBe(200);
      return (response.json().items as { fullName: string }[]).map((item) => item.fullName);
    };

    it('finds a name by any parts in any order and case', async () => {
      for (const text of ['Whitfield, James', 'jam whit', 'JAMES', 'field', 'james  whitfield ']) {
        expect(await search('clinic@demo.test', text)).toEqual(['James Whitfield']);
      }
      expect(await search('clinic@demo.test', 'james smith')).toEqual([]);
      expect(await search('clinic@demo.test', '%')).toEqual([]);
      expect(await search('clinic@demo.test', 'whit_ield')).toEqual([]);
    });

    it('finds by date of birth: year, month, day in US or ISO form, with or without a name', async () => {
      for (const text of ['11/02/1979', '1979-11-02', '11/1979', 'whitfield 1979', '11/2/1979']) {
        expect(await search('clinic@demo.test', text)).toContain('James Whitfield');
      }
      expect(await search('clinic@demo.test', '1979')).toContain('James Whitfield');
      expect(await search('clinic@demo.test', '1980 whitfield')).toEqual([]);
      expect(await search('clinic@demo.test', '12/02/1979')).not.toContain('James Whitfield');
    });

    it('finds nobody outside the scope', async () => {
      // Summit Spine does not treat James Whitfield.
      expect(await search('clinic2@demo.test', 'whitfield')).toEqual([]);
    });
  });

  describe.runIf(isPostgres)('on PostgreSQL', () => {
    it('keeps counts exact under concurrent writers without deadlocks', async () => {
      const all = await db.select({ id: patients.id }).from(patients);
      const ids = all.map((row) => row.id).slice(0, 12);
      // Each writer changes statuses and moves its patient between two clinics, half of them
      // in the opposite direction, in separate statements of one transaction.
      const writer = async (patientId: string, index: number) => {
        const [from, to] = index % 2 ? [harbor(), riverside()] : [riverside(), harbor()];
        for (let round = 0; round < 4; round += 1) {
          await db.transaction(async (tx) => {
            await tx
              .update(patients)
              .set({
                treatmentStatus: TREATMENT_STATUSES[(index + round) % TREATMENT_STATUSES.length]!,
              })
              .where(eq(patients.id, patientId));
            await tx
              .delete(patientClinics)
              .where(
                sql`${patientClinics.patientId} = ${patientId} and ${patientClinics.clinicId} = ${from}`,
              );
            await tx
              .insert(patientClinics)
              .values({ patientId, clinicId: to })
              .onConflictDoNothing();
          });
        }
      };
      const results = await Promise.allSettled(ids.map((id, index) => writer(id, index)));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      expect(await listingDrift(db)).toEqual([]);
      expect(await countDrift(db)).toEqual([]);
      const stats = await getPatientStats(db, { kind: 'all' });
      const [fresh] = await db.select({ n: sql<number>`count(*)::int` }).from(patients);
      expect(stats.total).toBe(fresh!.n);
    });

    it(
      'plans a page of a 20,000-patient clinic as an index range, not a scan and sort',
      { timeout: 180_000 },
      async () => {
        const [clinic] = await db
          .insert(organizations)
          .values({ kind: 'clinic', name: 'Big Clinic', slug: 'Big_Clinic' })
          .returning({ id: organizations.id });
        const clinicId = clinic!.id;
        // Bulk writes in batches, each well inside the pool's statement and read timeouts.
        const BATCH = 2_500;
        for (let first = 1; first <= 20_000; first += BATCH) {
          await db.execute(sql`
          with made as (
            insert into patients (full_name, dob, treatment_status, updated_at)
            select 'Person' || n || ' ' || (array['Whitfield', 'Alvarez', 'Nguyen', 'Okafor'])[1 + n % 4],
              date '1950-01-01' + n % 20000,
              (array['Referred', 'Evaluated', 'Discharged'])[1 + n % 3],
              now() - n * interval '1 minute'
            from generate_series(${first}::int, ${first + BATCH - 1}::int) n
            returning id
          )
          insert into patient_clinics (patient_id, clinic_id) select id, ${clinicId} from made`);
        }
        await db.execute(sql`analyze patients`);
        await db.execute(sql`analyze patient_listing`);
        const scope: ActorPatientScope = { kind: 'clinic', clinicId };
        const second = (await listPatients(db, scope, parseQuery({ limit: 25 }))).nextCursor;
        // A quarter of them are Whitfields: the search's total stops at its cap.
        expect(await listPatients(db, scope, parseQuery({ search: 'whitfield' }))).toMatchObject({
          total: PATIENT_SEARCH_COUNT_CAP,
          isTotalCapped: true,
        });

        const plans = {
          first: parseQuery({}),
          next: parseQuery({ cursor: second }),
          byName: parseQuery({ sort: 'name' }),
          byStatus: parseQuery({ sort: 'status' }),
          status: parseQuery({ status: 'Evaluated' }),
          search: parseQuery({ search: 'jam whit' }),
          // The Gaps filter: the open gaps first, then the listing by its key.
          gaps: parseQuery({ gap: 'open' }),
        };
        for (const [name, query] of Object.entries(plans)) {
          const cursor = query.cursor ? decodePatientCursor(query.cursor) : null;
          const result = await db.execute(
            sql`explain (format json) ${listPageSql(scope, query, cursor, 26)}`,
          );
          const [root] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(result)[0]!['QUERY PLAN'];
          const nodes = flatten(root.Plan);
          // Small tables (organisations, grants) may be scanned; the patients never.
          const scans = nodes.filter(
            (node) =>
              node['Node Type'] === 'Seq Scan' &&
              ['patients', 'patient_listing', 'patient_clinics'].includes(
                node['Relation Name'] ?? '',
              ),
          );
          expect({ name, scans: scans.map((node) => node['Relation Name']) }).toEqual({
            name,
            scans: [],
          });
          // Sorting only the page's rows, never the clinic's.
          const sorts = nodes.filter((node) => node['Node Type'] === 'Sort');
          for (const sortNode of sorts) expect(sortNode['Plan Rows']).toBeLessThanOrEqual(1_000);
          expect(nodes.some((node) => node['Index Name']?.startsWith('patient_listing_'))).toBe(
            true,
          );
        }
        // The bulk writes left the counts exact too.
        expect(await countDrift(db)).toEqual([]);
      },
    );
  });
});

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
};

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}
