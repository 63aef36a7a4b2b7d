import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import type { Db } from '#src/db/client.ts';
import { getAuditKeyring } from '#src/modules/audit/audit-key.ts';
import {
  accounts,
  auditLogs,
  billingEntries,
  documents,
  mailOutbox,
  messageReads,
  messages,
  notifications,
  organizations,
  patientClinics,
  patientLienholders,
  patients,
  userInvitations,
  users,
} from '#src/db/schema/index.ts';
import { verifyAuditChain } from '#src/modules/audit/audit-verify.ts';
import { decryptDocument } from '#src/storage/document-encryption.ts';
import { runNode } from '#src/test/run-node.ts';
import { getImportTarget } from '#src/test/import-records.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { importLegacyExport } from './import-legacy.ts';
import { formatReport, totalsOf, type ImportReport } from './import-report.ts';
import { ZLegacyExport } from './legacy-export.schema.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'legacy-export.json');

async function readFixture(): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(FIXTURE, 'utf8')) as Record<string, unknown>;
}

function runImport(server: TestServer, json: unknown, dryRun = false): Promise<ImportReport> {
  const { db, storage, documentKeys, env } = server.context;
  return importLegacyExport(db, ZLegacyExport.parse(json), {
    dryRun,
    appUrl: env.appUrl,
    files: { storage, keyring: documentKeys },
  });
}

/** Every table an import may write, as sorted JSON rows: two equal dumps are equal databases. */
const DUMPED_TABLES = [
  'organizations',
  'users',
  'accounts',
  'user_invitations',
  'mail_outbox',
  'message_templates',
  'patients',
  'patient_clinics',
  'patient_lienholders',
  'patient_listing',
  'billing_entries',
  'messages',
  'message_reads',
  'documents',
  'notifications',
  'audit_logs',
  'events',
  'import_records',
];

async function dumpTables(db: Db): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of DUMPED_TABLES) {
    const result = (await db.execute(
      sql.raw(`select to_jsonb(t)::text as row from ${table} t order by 1`),
    )) as unknown as { rows: { row: string }[] };
    dump[table] = result.rows.map((row) => row.row);
  }
  return dump;
}

const countsOf = (report: ImportReport) => report.collections;

const targetOf = getImportTarget;

async function organizationId(db: Db, slug: string): Promise<string> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  if (!row) throw new Error(`no organisation ${slug}`);
  return row.id;
}

async function userIdByEmail(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

describe('npm run import: the fixture export into the seeded demo database', () => {
  let server: TestServer;
  let db: Db;
  let first: ImportReport;
  beforeAll(async () => {
    server = await createTestServer();
    db = server.context.db;
    first = await runImport(server, await readFixture());
  });
  afterAll(() => server.close());

  it('creates, merges and skips what the fixture holds, each skip with its reason', () => {
    expect(countsOf(first)).toEqual({
      // Harbor, Morgan & Hale and MedLien are demo organisations: matched by kind and slug.
      clinics: { created: 3, merged: 1, unchanged: 0, skipped: 0 },
      attorneyFirms: { created: 2, merged: 1, unchanged: 0, skipped: 0 },
      lienholders: { created: 1, merged: 1, unchanged: 0, skipped: 1 },
      // admin@demo.test exists: merged, not doubled.
      users: { created: 8, merged: 1, unchanged: 0, skipped: 3 },
      messageTemplates: { created: 3, merged: 1, unchanged: 0, skipped: 1 },
      // 'Maria  Delgado' at Harbor is the demo's Maria Delgado; Nina Patel's unknown status
      // is imported as 'Referred', with a warning.
      patients: { created: 11, merged: 1, unchanged: 0, skipped: 3 },
      'patients/billingEntries': { created: 12, merged: 0, unchanged: 0, skipped: 3 },
      'patients/messages': { created: 10, merged: 0, unchanged: 0, skipped: 1 },
      documents: { created: 2, merged: 0, unchanged: 0, skipped: 2 },
      notifications: { created: 3, merged: 0, unchanged: 0, skipped: 2 },
      auditLogs: { created: 6, merged: 0, unchanged: 0, skipped: 1 },
    });
    const reasons = Object.fromEntries(
      first.skips.map((skip) => [`${skip.collection}/${skip.sourceId}`, skip.reason]),
    );
    expect(reasons).toEqual({
      'lienholders/unnamed_lienholder': 'missing required field: name',
      'users/dana.lopez.old':
        'duplicate e-mail address (as users/dana.lopez@lakesidechiro.example)',
      'users/k.ito@sunsetspine.example': "unknown organisation: clinic 'Sunset_Spine_Center'",
      'users/norole@lakesidechiro.example': 'missing required field: role',
      'messageTemplates/tpl_email_nosubject': 'missing required field: subject',
      'patients/pat_no_dob': 'missing required field: dob',
      'patients/pat_unknown_clinic': "unknown organisation: clinic 'Sunset_Spine_Center'",
      'patients/pat_bad_dob': 'invalid date: dob',
      'patients/billingEntries/pat_santos/be_bad_date': 'invalid date: date',
      'patients/billingEntries/pat_oconnor/be_bad_cpt': 'invalid CPT code: cpt_code',
      'patients/billingEntries/pat_no_dob/be_1': 'its patient was not imported (see patients)',
      'patients/messages/pat_santos/m_empty': 'missing required field: body',
      'documents/doc_santos_intake': 'file not included in export',
      'documents/doc_unknown_patient': "unknown patient 'pat_does_not_exist'",
      'notifications/notif_bad_type': "unknown notification type 'reminder': type",
      'notifications/notif_unknown_user': "unknown user 'uid_gone'",
      'auditLogs/audit_bad_time': 'invalid date: timestamp',
    });
    expect(first.invitationsQueued).toBe(7);
  });

  it("maps a patient's clinics, firm, lienholder, contact, billing and messages", async () => {
    const patientId = await targetOf(db, 'patients', 'pat_santos');
    const [patient] = await db.select().from(patients).where(eq(patients.id, patientId));
    expect(patient).toMatchObject({
      fullName: 'Maria Santos',
      dob: '1984-03-12',
      treatmentStatus: 'Referred for PT',
      firmId: await organizationId(db, 'Brennan_Patel_LLP'),
      associatedContactId: await userIdByEmail(db, 'maria.santos@example.com'),
      pointOfContactName: 'Luis Santos',
    });
    expect(patient!.createdAt.toISOString()).toBe('2024-01-15T09:30:00.000Z');
    const clinics = await db
      .select({ id: patientClinics.clinicId })
      .from(patientClinics)
      .where(eq(patientClinics.patientId, patientId));
    expect(clinics).toEqual([{ id: await organizationId(db, 'Lakeside_Chiropractic_&_Rehab') }]);
    const lienholders = await db
      .select({ id: patientLienholders.lienholderId })
      .from(patientLienholders)
      .where(eq(patientLienholders.patientId, patientId));
    expect(lienholders).toEqual([{ id: await organizationId(db, 'Atlas_Medical_Funding') }]);

    const lines = await db
      .select()
      .from(billingEntries)
      .where(eq(billingEntries.patientId, patientId))
      .orderBy(asc(billingEntries.date));
    // $375 + '$260.00' + $180.50; the line with 2024-13-01 is not among them.
    expect(lines.map((line) => line.billedAmountCents)).toEqual([37_500, 26_000, 18_050]);
    expect(lines.map((line) => line.sessionCount)).toEqual([3, 4, 2]);
    expect(lines[0]!.createdBy).toBe(await userIdByEmail(db, 'dana.lopez@lakesidechiro.example'));

    const thread = await db
      .select()
      .from(messages)
      .where(eq(messages.patientId, patientId))
      .orderBy(asc(messages.createdAt));
    const brennan = await userIdByEmail(db, 'j.brennan@brennanpatel.example');
    const atlas = await userIdByEmail(db, 'claims@atlasmedfund.example');
    expect(
      thread.map(({ senderId, senderName, senderRole, senderOrganizationName, body }) => ({
        senderId,
        senderName,
        senderRole,
        senderOrganizationName,
        body,
      })),
    ).toEqual([
      {
        senderId: await userIdByEmail(db, 'dana.lopez@lakesidechiro.example'),
        senderName: 'Dana Lopez',
        senderRole: 'clinic',
        senderOrganizationName: 'Lakeside Chiropractic & Rehab',
        body: 'Maria completed her evaluation today; starting PT next week.',
      },
      // The older field names: sender_user_id, content, sent_at.
      {
        senderId: brennan,
        senderName: 'Julia Brennan',
        senderRole: 'attorney',
        senderOrganizationName: 'Brennan Patel LLP',
        body: 'Thanks. Please send the evaluation notes when ready.',
      },
      // No sender name or role in the message: the user's own.
      {
        senderId: atlas,
        senderName: 'Priya Shah',
        senderRole: 'lienholder',
        senderOrganizationName: 'Atlas Medical Funding',
        body: 'Atlas has opened a lien for this case.',
      },
    ]);
    expect(thread[1]!.createdAt.toISOString()).toBe('2024-01-23T06:06:40.000Z');
    const readers = await db
      .select({ userId: messageReads.userId })
      .from(messageReads)
      .where(eq(messageReads.messageId, thread[0]!.id));
    expect(readers.map((row) => row.userId).toSorted()).toEqual(
      [await userIdByEmail(db, 'dana.lopez@lakesidechiro.example'), brennan].toSorted(),
    );
  });

  it('maps a sender named by the id of a duplicate account to the account kept', async () => {
    const messageId = await targetOf(db, 'patients/messages', 'pat_herrera/m_2');
    const [row] = await db.select().from(messages).where(eq(messages.id, messageId));
    expect(row).toMatchObject({
      senderId: await userIdByEmail(db, 'dana.lopez@lakesidechiro.example'),
      senderName: 'Dana L.',
      body: 'Sent the final bill to Brennan Patel.',
    });
  });

  it('keeps a matched patient and adds its new billing line to it', async () => {
    const [demo] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.fullName, 'Maria Delgado'));
    expect(await targetOf(db, 'patients', 'pat_delgado')).toBe(demo!.id);
    const lines = await db
      .select({ cptCode: billingEntries.cptCode })
      .from(billingEntries)
      .where(and(eq(billingEntries.patientId, demo!.id), eq(billingEntries.date, '2023-11-15')));
    expect(lines).toEqual([{ cptCode: '97530' }]);
  });

  it('creates users without a password and invites them through the mail outbox', async () => {
    const dana = await userIdByEmail(db, 'dana.lopez@lakesidechiro.example');
    const [row] = await db.select().from(users).where(eq(users.id, dana));
    // The old `display_name` field names the account.
    expect(row).toMatchObject({ name: 'Dana Lopez', role: 'clinic', active: true });
    expect(await db.select().from(accounts).where(eq(accounts.userId, dana))).toEqual([]);
    expect(
      await db
        .select({ id: userInvitations.id })
        .from(userInvitations)
        .where(eq(userInvitations.userId, dana)),
    ).toHaveLength(1);
    const mail = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'invitation'), eq(mailOutbox.subjectId, dana)));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      toAddress: 'dana.lopez@lakesidechiro.example',
      status: 'pending',
    });
    expect(mail[0]!.text).toContain('/accept-invite?token=');

    // Inactive in the old system: created inactive, nobody invited.
    const valley = await userIdByEmail(db, 'frontdesk@valleypain.example');
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.subjectId, valley))).toEqual([]);
    // The demo admin was merged: their password still signs them in.
    await expect(server.login('admin@demo.test', DEMO_PASSWORD)).resolves.toContain('=');
  });

  it('imports a document whose file the export carries, encrypted, and skips one without', async () => {
    const documentId = await targetOf(db, 'documents', 'doc_kim_mri');
    const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
    expect(row).toMatchObject({
      category: 'MRI',
      mimeType: 'application/pdf',
      fileName: 'Kim MRI report.pdf',
    });
    const sealed = await server.context.storage.read(row!.storageKey);
    const keyColumns = { encryptionKeyId: row!.encryptionKeyId!, wrappedKey: row!.wrappedKey! };
    const plain = decryptDocument(server.context.documentKeys, row!.id, keyColumns, sealed);
    expect(plain.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('fans a notification addressed to a firm out to its people', async () => {
    const target = await targetOf(db, 'notifications', 'notif_edit_firm');
    const rows = await db.select().from(notifications).where(eq(notifications.id, target));
    expect(rows).toMatchObject([
      {
        recipientUserId: await userIdByEmail(db, 'j.brennan@brennanpatel.example'),
        type: 'patient_edit',
        content: 'Patient demographics updated by clinic',
        fromUserId: await userIdByEmail(db, 'dana.lopez@lakesidechiro.example'),
        isRead: false,
      },
    ]);
  });

  it('appends the old audit log with its timestamps and the chain still verifies', async () => {
    const id = Number(await targetOf(db, 'auditLogs', 'audit_001'));
    const [row] = await db.select().from(auditLogs).where(eq(auditLogs.id, id));
    expect(row).toMatchObject({
      action: 'patient_created',
      userName: 'Dana Lopez',
      userRole: 'clinic',
      patientId: await targetOf(db, 'patients', 'pat_santos'),
      details: 'Created patient Maria Santos; imported from the old system',
    });
    expect(row!.timestamp.toISOString()).toBe('2024-01-15T09:30:00.000Z');
    expect(await verifyAuditChain(db, { keys: getAuditKeyring(db) })).toMatchObject({
      intact: true,
      brokenAtId: null,
    });
  });

  it('changes nothing when the same export is imported again', async () => {
    const before = await dumpTables(db);
    const again = await runImport(server, await readFixture());
    expect(totalsOf(again)).toEqual({ created: 0, merged: 0, unchanged: 67, skipped: 17 });
    expect(again.invitationsQueued).toBe(0);
    expect(formatReport(again).split('\n')[0]).toBe(
      'Nothing to import: every record was imported before or is skipped.',
    );
    expect(await dumpTables(db)).toEqual(before);
  });

  it('reports a record changed since the last import and leaves it alone', async () => {
    const fixture = await readFixture();
    const patientsIn = fixture.patients as Record<string, Record<string, unknown>>;
    patientsIn.pat_santos!.point_of_contact_phone = '(510) 555-0000';
    const before = await dumpTables(db);
    const report = await runImport(server, fixture);
    expect(report.skips).toContainEqual({
      collection: 'patients',
      sourceId: 'pat_santos',
      reason: 'changed since last import: skipped (the CaseBridge record is kept)',
    });
    // Its billing lines and messages are records of their own, unchanged.
    expect(report.collections['patients/billingEntries'].unchanged).toBe(12);
    expect(await dumpTables(db)).toEqual(before);
  });
});

describe('npm run import --dry-run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('writes nothing, invites nobody, and reports exactly what the real run then does', async () => {
    const { db } = server.context;
    const before = await dumpTables(db);
    const filesBefore = await server.context.storage.list();
    const dry = await runImport(server, await readFixture(), true);
    expect(dry.dryRun).toBe(true);
    expect(await dumpTables(db)).toEqual(before);
    expect(await server.context.storage.list()).toEqual(filesBefore);
    const real = await runImport(server, await readFixture());
    expect(dry.collections).toEqual(real.collections);
    expect(dry.skips).toEqual(real.skips);
    expect(dry.invitationsQueued).toBe(real.invitationsQueued);
  });
});

describe('the import command', () => {
  const importCommand = (args: string[], env: Record<string, string> = {}) =>
    runNode(['apps/server/src/ops/import/run-import.ts', ...args], {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(os.tmpdir(), 'casebridge-import-unused'),
      ...env,
    });

  it('refuses a file it cannot read, that is not JSON, or not an export, with exit status 1', async () => {
    const notJson = path.join(os.tmpdir(), `import-not-json-${process.pid}.json`);
    const notExport = path.join(os.tmpdir(), `import-not-export-${process.pid}.json`);
    await writeFile(notJson, '{"users": [');
    await writeFile(notExport, JSON.stringify({ patients: 'all of them', extra: 1 }));

    const missing = await importCommand(['/nonexistent/export.json']);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('Cannot read /nonexistent/export.json');

    const broken = await importCommand([notJson]);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain(`${notJson} is not valid JSON`);

    const wrong = await importCommand([notExport]);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain(
      `${notExport} is not an export of the old system: patients: must be a list of documents or a map of document id to document`,
    );

    const usage = await importCommand([]);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('Usage: npm run import -- <export.json> [--dry-run]');
  });

  it('imports through the command: the table on stdout, the same counts in the JSON report', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-import-'));
    const reportFile = path.join(dataDir, 'report.json');
    // PostgreSQL: a seeded test database; the embedded database: a new one in its own DATA_DIR.
    const server = inject('testTemplate').kind === 'postgres' ? await createTestServer() : null;
    try {
      const result = await importCommand([FIXTURE, '--dry-run', '--report', reportFile], {
        DATA_DIR: dataDir,
        ...(server?.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
      });
      expect(result.code).toBe(0);
      expect(result.output).toContain('Dry run: nothing was written and nobody was invited.');
      expect(result.output).toContain(`Report written to ${reportFile}`);
      // Progress goes to stderr, one line per chunk of a collection.
      expect(result.output).toMatch(/^patients 15\/15$/m);
      const report = JSON.parse(await readFile(reportFile, 'utf8')) as ImportReport & {
        file: string;
      };
      expect(report).toMatchObject({ file: FIXTURE, dryRun: true });
      // The table's row, not the progress line 'patients 15/15' before it.
      const patientsRow = result.output.split('\n').find((line) => /^patients +\d+ /.test(line));
      const { created, merged, unchanged, skipped } = report.collections.patients;
      expect(patientsRow?.split(/\s+/)).toEqual([
        'patients',
        ...[created, merged, unchanged, skipped].map(String),
      ]);
      expect(created + merged).toBe(12);
      expect(report.skips).toContainEqual({
        collection: 'patients',
        sourceId: 'pat_no_dob',
        reason: 'missing required field: dob',
      });
    } finally {
      await server?.close();
    }
  }, 180_000);
});
