import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#src/db/client.ts';
import { billingEntries, messages, patients } from '#src/db/schema/index.ts';
import { getImportTarget } from '#src/test/import-records.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { importLegacyExport, type ImportOptions } from './import-legacy.ts';
import { formatReport, totalsOf, type ImportReport } from './import-report.ts';
import { ZLegacyExport } from './legacy-export.schema.ts';

/**
 * What the import keeps, assumes and reports about records a person must look at: nothing is
 * merged or dropped for a value the old system allowed, and every assumption is in the report.
 */

const CLINIC = 'Review_Clinic';
const FIRM = 'Review_Firm';

const directory = {
  clinics: { [CLINIC]: { name: 'Review Clinic' } },
  attorneyFirms: { [FIRM]: { name: 'Review Firm' } },
  users: {
    uid_reviewer: {
      email: 'reviewer@reviewclinic.example',
      display_name: 'Rita Reviewer',
      role: 'clinic',
      associated_clinic_id: CLINIC,
    },
  },
};

const patient = (fields: Record<string, unknown>) => ({
  full_name: 'Alex Review',
  dob: '1980-01-01',
  treatment_status: 'Evaluated',
  associated_clinic_ids: [CLINIC],
  firm_id: FIRM,
  created_at: '2024-01-10T10:00:00Z',
  ...fields,
});

const visit = { cpt_code: '97110', session_count: 1, billed_amount: 50, date: '2024-02-01' };

function runImport(
  server: TestServer,
  json: unknown,
  options: Partial<ImportOptions> = {},
): Promise<ImportReport> {
  return importLegacyExport(server.context.db, ZLegacyExport.parse(json), {
    dryRun: false,
    appUrl: server.context.env.appUrl,
    ...options,
  });
}

const targetOf = getImportTarget;

const warningsOf = (report: ImportReport) =>
  Object.fromEntries(
    report.warnings.map((warning) => [
      `${warning.collection}/${warning.sourceId}`,
      warning.warning,
    ]),
  );

describe('npm run import: records kept and reported, not merged or dropped', () => {
  let server: TestServer;
  let db: Db;
  let report: ImportReport;
  const progress: string[] = [];
  const exported = {
    ...directory,
    patients: {
      pat_repeat: patient({
        full_name: 'Robin Repeat',
        billingEntries: { be_1: visit, be_2: visit },
        messages: {
          m_1: {
            sender_id: 'uid_reviewer',
            body: 'Seen today.',
            created_at: '2024-02-01T10:00:00Z',
          },
        },
      }),
      pat_status: patient({
        full_name: 'Sam Status',
        treatment_status: 'In Treatment',
        billingEntries: { be_1: visit },
        messages: {
          m_1: {
            sender_id: 'uid_reviewer',
            sender_name: 'Rita R.',
            sender_role: 'clinic',
            body: 'Next visit Friday.',
            created_at: '2024-02-02T10:00:00Z',
          },
        },
      }),
      pat_no_clinic: patient({ full_name: 'Nora Noclinic', associated_clinic_ids: [] }),
      pat_no_firm: patient({ full_name: 'Finn Nofirm', firm_id: null }),
      pat_future: patient({ full_name: 'Fay Future', dob: '2199-05-01' }),
      pat_ambiguous: patient({
        full_name: 'Ada Ambiguous',
        dob: '03/12/1984',
        billingEntries: { be_1: { ...visit, date: '04/05/2024' } },
      }),
      pat_plain_us: patient({ full_name: 'Una Unambiguous', dob: '07/22/1991' }),
    },
  };

  beforeAll(async () => {
    server = await createTestServer();
    db = server.context.db;
    report = await runImport(server, exported, {
      onProgress: (collection, done, { total }) => progress.push(`${collection} ${done}/${total}`),
    });
  });
  afterAll(() => server.close());

  it('keeps two identical billing lines of one patient (a repeat visit) as two', async () => {
    const patientId = await targetOf(db, 'patients', 'pat_repeat');
    const lines = await db
      .select({ cents: billingEntries.billedAmountCents })
      .from(billingEntries)
      .where(eq(billingEntries.patientId, patientId));
    expect(lines.map((line) => line.cents)).toEqual([5_000, 5_000]);
    expect(await targetOf(db, 'patients/billingEntries', 'pat_repeat/be_1')).not.toBe(
      await targetOf(db, 'patients/billingEntries', 'pat_repeat/be_2'),
    );
  });

  it('imports a patient with an unknown status as Referred, with its billing and messages', async () => {
    const patientId = await targetOf(db, 'patients', 'pat_status');
    const [row] = await db.select().from(patients).where(eq(patients.id, patientId));
    expect(row!.treatmentStatus).toBe('Referred');
    expect(warningsOf(report)['patients/pat_status']).toBe(
      "unknown treatment status 'In Treatment': imported as 'Referred' for review",
    );
    expect(
      await db.select().from(billingEntries).where(eq(billingEntries.patientId, patientId)),
    ).toHaveLength(1);
    expect(await db.select().from(messages).where(eq(messages.patientId, patientId))).toHaveLength(
      1,
    );
    expect(report.skips).toEqual([]);
  });

  it('names a message without sender_name after its sender, a known user', async () => {
    const messageId = await targetOf(db, 'patients/messages', 'pat_repeat/m_1');
    const [row] = await db.select().from(messages).where(eq(messages.id, messageId));
    expect(row).toMatchObject({ senderName: 'Rita Reviewer', senderRole: 'clinic' });
  });

  it('warns about a patient no clinic user or no attorney can see, and a future date of birth', () => {
    const warnings = warningsOf(report);
    expect(warnings['patients/pat_no_clinic']).toContain('no clinic user can see it');
    expect(warnings['patients/pat_no_firm']).toContain('no attorney can see it');
    expect(warnings['patients/pat_future']).toBe(
      'date of birth 2199-05-01 is in the future: imported as it is, correct it',
    );
    expect(warnings['patients/pat_repeat']).toBeUndefined();
  });

  it('says how it read a day that could be month/day or day/month', async () => {
    const warnings = warningsOf(report);
    expect(warnings['patients/pat_ambiguous']).toBe(
      "dob '03/12/1984' read as month/day/year: 1984-03-12 (day/month/year would be 1984-12-03)",
    );
    expect(warnings['patients/billingEntries/pat_ambiguous/be_1']).toBe(
      "date '04/05/2024' read as month/day/year: 2024-04-05 (day/month/year would be 2024-05-04)",
    );
    // 22 cannot be a month: one reading only, nothing to say.
    expect(warnings['patients/pat_plain_us']).toBeUndefined();
    const [row] = await db
      .select({ dob: patients.dob })
      .from(patients)
      .where(eq(patients.id, await targetOf(db, 'patients', 'pat_ambiguous')));
    expect(row!.dob).toBe('1984-03-12');
  });

  it('prints the warnings in the report and tells progress per collection', () => {
    const printed = formatReport(report);
    expect(printed).toContain('Warnings (imported, but look at these records):');
    expect(printed).toContain(
      "  patients/pat_status: unknown treatment status 'In Treatment': imported as 'Referred' for review",
    );
    expect(progress).toContain('patients 7/7');
    expect(progress).toContain('patients/billingEntries 4/4');
  });

  it('imports nothing again, identical lines included, when the export is run again', async () => {
    const again = await runImport(server, exported);
    expect(totalsOf(again)).toMatchObject({ created: 0, merged: 0, skipped: 0 });
    expect(again.collections['patients/billingEntries'].unchanged).toBe(4);
    const lines = await db
      .select({ id: billingEntries.id })
      .from(billingEntries)
      .where(eq(billingEntries.patientId, await targetOf(db, 'patients', 'pat_repeat')));
    expect(lines).toHaveLength(2);
  });
});

describe('npm run import: an export split by collection', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('resolves senders imported by an earlier run, naming them when sender_name is missing', async () => {
    const { db } = server.context;
    await runImport(server, directory);
    const report = await runImport(server, {
      clinics: directory.clinics,
      attorneyFirms: directory.attorneyFirms,
      patients: {
        pat_later: patient({
          messages: {
            m_1: {
              sender_id: 'uid_reviewer',
              body: 'Later note.',
              created_at: '2024-03-01T10:00:00Z',
            },
          },
        }),
      },
    });
    expect(report.skips).toEqual([]);
    const messageId = await targetOf(db, 'patients/messages', 'pat_later/m_1');
    const [row] = await db.select().from(messages).where(eq(messages.id, messageId));
    expect(row).toMatchObject({ senderName: 'Rita Reviewer', senderRole: 'clinic' });
  });
});

describe('npm run import: chunks of many records', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('imports every record of several chunks and skips only the one the database refuses', async () => {
    const { db } = server.context;
    const many = Object.fromEntries(
      Array.from({ length: 620 }, (_, index) => [
        `pat_${index}`,
        patient({
          full_name: `Many Patient ${index}`,
          billingEntries: { be_1: visit },
          // Text with a NUL character, which PostgreSQL refuses to store.
          ...(index === 7
            ? {
                messages: {
                  m_bad: {
                    sender_id: 'uid_reviewer',
                    body: 'bad \u0000 text',
                    created_at: '2024-02-01T10:00:00Z',
                  },
                },
              }
            : {}),
        }),
      ]),
    );
    const progress: string[] = [];
    const report = await runImport(
      server,
      { ...directory, patients: many },
      {
        onProgress: (collection, done, { total }) =>
          progress.push(`${collection} ${done}/${total}`),
      },
    );
    expect(report.collections.patients.created).toBe(620);
    expect(report.collections['patients/billingEntries'].created).toBe(620);
    expect(report.skips).toEqual([
      expect.objectContaining({
        collection: 'patients/messages',
        sourceId: 'pat_7/m_bad',
        reason: expect.stringMatching(/^refused by the database: /),
      }),
    ]);
    expect(progress.filter((line) => line.startsWith('patients '))).toEqual([
      'patients 500/620',
      'patients 620/620',
    ]);
    const rows = await db
      .select({ id: billingEntries.id })
      .from(billingEntries)
      .innerJoin(patients, eq(patients.id, billingEntries.patientId))
      .where(eq(patients.firmId, await orgOf(db, FIRM)))
      .orderBy(asc(billingEntries.id));
    expect(rows).toHaveLength(620);
  });
});

async function orgOf(db: Db, sourceId: string): Promise<string> {
  return targetOf(db, 'attorneyFirms', sourceId);
}
