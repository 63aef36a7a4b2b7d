/**
 * Benchmark: a clinic with 20,000 patients. Prints latency of the dashboard queries (list with
 * each sort, search, status filter, counts) on PGlite, or on PostgreSQL when DATABASE_URL is set
 * (a fresh database is created and dropped). Numbers only: it asserts nothing. The service's
 * own latency per query; `npm run bench` (run-bench.ts) measures the same lists through HTTP.
 *   npm run bench:list
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { CLINIC_DASHBOARD_PAGE_SIZE } from '@casebridge/domain/constants';
import { migrateDatabase } from '#src/db/client.ts';
import { organizations, users } from '#src/db/schema/index.ts';
import { seedDemoData } from '#src/db/seed/seed-demo.ts';
import type { Actor } from '#src/lib/actor.ts';
import { getActorPatientScope } from '#src/modules/patients/patient-scope.ts';
import { listPatients } from '#src/modules/patients/patients.queries.ts';
import { getActorPatientStats, listActorPatients } from '#src/modules/patients/patients.service.ts';
import { createDiskStorage } from '#src/storage/file-storage.ts';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { readToolEnv } from '#src/env.ts';
import { openBenchDatabase } from './bench-database.ts';

const PATIENTS = readToolEnv().benchPatients ?? 20_000;
const RUNS = readToolEnv().benchRuns ?? 30;

function summarise(label: string, samples: number[]) {
  const sorted = samples.toSorted((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.info(
    `${label.padEnd(34)} median ${at(0.5).toFixed(1).padStart(7)} ms   p95 ${at(0.95).toFixed(1).padStart(7)} ms`,
  );
}

const files = await mkdtemp(path.join(os.tmpdir(), 'casebridge-bench-'));
const { database, cleanup } = await openBenchDatabase('list');
try {
  await migrateDatabase(database);
  await seedDemoData(database.db, createDiskStorage(files));
  const db = database.db;
  const [harbor] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.name, 'Harbor Physical Therapy'));
  const [summit] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.name, 'Summit Spine & Pain Center'));
  const [firm] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.kind, 'firm'))
    .limit(1);
  const started = performance.now();
  // Half the patients belong to Harbor, half to Summit, so the scope filter has work to do.
  await db.execute(sql`
    with created as (
      insert into patients (full_name, dob, treatment_status, firm_id, intake_date, updated_at)
      select 'Patient ' || md5(g::text), date '1960-01-01' + (g % 15000),
             (array['Referred','Evaluated','Referred for Imaging','Referred for MD','Referred for Pain Management','Referred for PT','Referred for Specialist','Discharged'])[1 + g % 8],
             ${firm!.id}, current_date - (g % 400), now() - (g || ' minutes')::interval
      from generate_series(1, ${PATIENTS * 2}) g
      returning id, full_name
    )
    insert into patient_clinics (patient_id, clinic_id)
    select id, case when row_number() over () % 2 = 0 then ${harbor!.id}::uuid else ${summit!.id}::uuid end from created`);
  await db.execute(sql`analyze`);
  console.info(
    `Inserted ${PATIENTS * 2} patients (${PATIENTS} per clinic) in ${((performance.now() - started) / 1000).toFixed(1)} s on ${database.kind}`,
  );

  const [clinicUser] = await db.select().from(users).where(eq(users.email, 'clinic@demo.test'));
  const actor: Actor = {
    userId: clinicUser!.id,
    email: clinicUser!.email,
    name: clinicUser!.name,
    role: 'clinic',
    organizationId: harbor!.id,
    organizationName: harbor!.name,
    organizationKind: 'clinic',
    sessionId: 'bench',
    createdAt: new Date(),
  };
  // A list request as the route makes it: the page and its one audit row (the chain's lock).
  const listAudited = (query: Parameters<typeof listActorPatients>[2]) =>
    listActorPatients(db, actor, query, { ip: 'bench', appUrl: '', writeOrigin: null });
  // Keyset pages: page 400 is reached by following 399 cursors, once.
  let deepCursor: string | null = null;
  for (let page = 1; page < 400; page += 1) {
    const next = await listPatients(db, getActorPatientScope(actor), {
      sort: 'last_updated',
      limit: CLINIC_DASHBOARD_PAGE_SIZE,
      ...(deepCursor ? { cursor: deepCursor } : {}),
    });
    if (!next.nextCursor) break;
    deepCursor = next.nextCursor;
  }
  const cases: Array<[string, () => Promise<unknown>]> = [
    [
      'list, last updated, page 1',
      () =>
        listAudited({
          sort: 'last_updated',
          limit: CLINIC_DASHBOARD_PAGE_SIZE,
        }),
    ],
    [
      'list, last updated, page 400',
      () =>
        listAudited({
          sort: 'last_updated',
          cursor: deepCursor ?? undefined,
          limit: CLINIC_DASHBOARD_PAGE_SIZE,
        }),
    ],
    [
      'list, by name',
      () =>
        listAudited({
          sort: 'name',
          limit: CLINIC_DASHBOARD_PAGE_SIZE,
        }),
    ],
    [
      'list, by status',
      () =>
        listAudited({
          sort: 'status',
          limit: CLINIC_DASHBOARD_PAGE_SIZE,
        }),
    ],
    [
      'list, search "ab1"',
      () =>
        listAudited({
          search: 'ab1',
          sort: 'last_updated',
          limit: CLINIC_DASHBOARD_PAGE_SIZE,
        }),
    ],
    [
      'list, status Discharged',
      () =>
        listAudited({
          status: 'Discharged',
          sort: 'last_updated',
          limit: CLINIC_DASHBOARD_PAGE_SIZE,
        }),
    ],
    ['counts per status', () => getActorPatientStats(db, actor)],
  ];
  for (const [label, run] of cases) {
    await run();
    const samples: number[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const start = performance.now();
      await run();
      samples.push(performance.now() - start);
    }
    summarise(label, samples);
  }
} finally {
  await cleanup();
  await rm(files, { recursive: true, force: true });
}
