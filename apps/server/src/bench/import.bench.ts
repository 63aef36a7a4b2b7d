/**
 * Benchmark: the legacy import (docs/decisions/0023-legacy-import.md) of a generated export of
 * PATIENTS patients (default 5,000), each with four billing lines (two of them identical, as a
 * repeat visit is) and three messages, at three clinics and two firms, into a fresh database:
 * PGlite in a new data directory (on disk, as `npm run import` opens it), or with DATABASE_URL a
 * fresh PostgreSQL database, dropped at the end.
 * Numbers only: it asserts nothing.
 *   npx tsx apps/server/src/bench/import.bench.ts [patients]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPglite, migrateDatabase, openDatabase } from '#src/db/client.ts';
import { readToolEnv } from '#src/env.ts';
import { bindAuditKeyring, createAuditKeyring } from '#src/modules/audit/audit-key.ts';
import { importLegacyExport } from '#src/ops/import/import-legacy.ts';
import { totalsOf } from '#src/ops/import/import-report.ts';
import { ZLegacyExport } from '#src/ops/import/legacy-export.schema.ts';
import { openBenchDatabase } from './bench-database.ts';

const PATIENTS = Number(process.argv[2] ?? 5_000);
const CLINICS = ['Bench_Clinic_A', 'Bench_Clinic_B', 'Bench_Clinic_C'];
const FIRMS = ['Bench_Firm_A', 'Bench_Firm_B'];

const named = (ids: string[]) =>
  Object.fromEntries(ids.map((id) => [id, { name: id.replaceAll('_', ' ') }]));

/** An export shaped like the old system's: collections as maps of document id to document. */
function generateExport(count: number) {
  const users = Object.fromEntries(
    CLINICS.map((clinic, index) => [
      `uid_clinic_${index}`,
      {
        email: `staff${index}@bench.example`,
        display_name: `Staff ${index}`,
        role: 'clinic',
        associated_clinic_id: clinic,
        active: false,
      },
    ]),
  );
  const patients: Record<string, unknown> = {};
  for (let index = 0; index < count; index += 1) {
    const clinic = CLINICS[index % CLINICS.length]!;
    const line = (cpt: string, day: number) => ({
      cpt_code: cpt,
      session_count: 1,
      billed_amount: 50,
      date: `2024-0${1 + (index % 9)}-${String(day).padStart(2, '0')}`,
      clinic_id: clinic,
    });
    const message = (minute: number) => ({
      sender_id: `uid_clinic_${index % CLINICS.length}`,
      body: `Visit note ${minute} for patient ${index}.`,
      created_at: `2024-02-01T10:${String(minute).padStart(2, '0')}:00Z`,
    });
    patients[`pat_${index}`] = {
      full_name: `Bench Patient ${index}`,
      dob: `19${50 + (index % 50)}-0${1 + (index % 9)}-1${index % 10}`,
      treatment_status: 'Referred for PT',
      associated_clinic_ids: [clinic],
      firm_id: FIRMS[index % FIRMS.length],
      created_at: '2024-01-15T09:30:00Z',
      billingEntries: {
        be_1: line('97110', 10),
        be_2: line('97110', 10),
        be_3: line('97140', 12),
        be_4: line('98941', 14),
      },
      messages: { m_1: message(1), m_2: message(2), m_3: message(3) },
    };
  }
  return { clinics: named(CLINICS), attorneyFirms: named(FIRMS), users, patients };
}

const backend = readToolEnv().databaseUrl ? 'PostgreSQL' : 'PGlite';
const parsed = ZLegacyExport.parse(generateExport(PATIENTS));
async function openTarget() {
  if (backend === 'PostgreSQL') return openBenchDatabase('import');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cb-bench-import-'));
  const database = await openDatabase({ pglite: await createPglite(dir) });
  return {
    database,
    cleanup: async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const { database, cleanup } = await openTarget();
try {
  await migrateDatabase(database);
  // A throwaway key: the bench's audit rows are dropped with its database.
  bindAuditKeyring(database.db, createAuditKeyring(randomBytes(32)));
  const startedAt = performance.now();
  const report = await importLegacyExport(database.db, parsed, {
    dryRun: false,
    appUrl: 'http://localhost',
  });
  const seconds = (performance.now() - startedAt) / 1_000;
  const totals = totalsOf(report);
  console.log(
    `${backend}: ${PATIENTS} patients, ${totals.created + totals.merged} records imported ` +
      `(${totals.skipped} skipped) in ${seconds.toFixed(1)} s`,
  );
} finally {
  await cleanup();
}
