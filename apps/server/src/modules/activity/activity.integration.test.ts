import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ActivityKind } from '@casebridge/domain/activity/activity-constants';
import type { TActivityItem } from '@casebridge/domain/activity/activity.schemas';
import { caseRequests, documents, organizations, patients, users } from '#src/db/schema/index.ts';
import { createBillingEntry } from '#src/modules/billing/billing.service.ts';
import {
  editBillingEntry,
  voidBillingEntry,
} from '#src/modules/billing/billing-corrections.service.ts';
import { recategorizeDocument } from '#src/modules/documents/document-corrections.service.ts';
import { samplePdf } from '#src/modules/documents/document-test-files.ts';
import { getPatientId, upload } from '#src/modules/documents/document-test-support.ts';
import { retractMessage } from '#src/modules/messages/message-corrections.service.ts';
import { sendMessage } from '#src/modules/messages/messages.service.ts';
import {
  changePatientStatus,
  undoStatusChange,
} from '#src/modules/patients/patient-status.service.ts';
import { updateDemographics } from '#src/modules/patients/patients.service.ts';
import { countAuditRows } from '#src/test/audit-rows.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { collectPages, withCursor } from '#src/test/keyset-pages.ts';
import { actorOf } from '#src/test/test-actor.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { recordActivity } from './activity.service.ts';

/**
 * The Activity feed (docs/architecture/three-party-workflow.md, 'Case activity'). Each change
 * writes its item in its own transaction; each
 * reader sees only the items whose records it may see. James Whitfield: Harbor + Riverside
 * clinics, Morgan Hale's firm, MedLien; Keystone is another lienholder, Castillo another firm.
 */
const CTX = { ip: '127.0.0.1', appUrl: 'http://localhost:3000', writeOrigin: null };
const MAIL_CTX = { ...CTX, appUrl: 'http://localhost:3000' };
const LOG = { error: () => undefined };

describe('the patient Activity feed', () => {
  let server: TestServer;
  let james: string;
  const cookies: Record<string, string> = {};
  const orgIds: Record<string, string> = {};

  const feed = async (who: string, query = 'limit=50') => {
    const response = await server.request({
      url: `/api/patients/${james}/activity?${query}`,
      cookie: cookies[who],
    });
    expect(response.statusCode).toBe(200);
    return response.json().items as TActivityItem[];
  };
  const summariesOf = async (who: string) => (await feed(who)).map((item) => item.summary);

  beforeAll(async () => {
    server = await createTestServer();
    james = await getPatientId(server, 'James Whitfield');
    const emails = {
      admin: 'admin@demo.test',
      clinic: 'clinic@demo.test',
      attorney: 'attorney@demo.test',
      attorney2: 'attorney2@demo.test',
      lienholder: 'lienholder@demo.test',
      keystone: 'keystone@demo.test',
    };
    for (const [key, email] of Object.entries(emails)) cookies[key] = await server.login(email);
    cookies.contact = await server.login(await createContactOf(server, 'James Whitfield'));
    for (const org of await server.context.db.select().from(organizations))
      orgIds[org.name] = org.id;
  });
  afterAll(async () => server.close());

  it("shows the demo's history on first start", async () => {
    const kinds = new Set((await feed('clinic')).map((item) => item.kind));
    for (const kind of ['status_changed', 'message', 'billing_line', 'document'] as const)
      expect(kinds.has(kind)).toBe(true);
    expect(await summariesOf('clinic')).toContain('Status changed from Referred to Evaluated');
  });

  it('writes an item for each change, in its transaction, newest first', async () => {
    const db = server.context.db;
    const clinic = await actorOf(server, 'clinic@demo.test');
    const attorney = await actorOf(server, 'attorney@demo.test');
    const [before] = await db.select().from(patients).where(eq(patients.id, james));
    const changed = await changePatientStatus(
      db,
      clinic,
      james,
      { status: 'Referred for PT', expectedVersion: before!.version },
      CTX,
    );
    await undoStatusChange(db, clinic, james, changed.undo!.changeId, CTX);
    const [current] = await db.select().from(patients).where(eq(patients.id, james));
    await updateDemographics(
      db,
      clinic,
      james,
      {
        fullName: current!.fullName,
        dob: current!.dob,
        intakeDate: current!.intakeDate,
        evalDate: current!.evalDate,
        lastTreatmentDate: current!.lastTreatmentDate,
        pointOfContactName: 'Ana Whitfield',
        pointOfContactPhone: '555-0100',
        notify: false,
        expectedVersion: current!.version,
      },
      CTX,
    );
    const sent = await sendMessage(
      db,
      attorney,
      james,
      { body: 'Any news on the MRI?', notifyByEmail: false },
      { ...MAIL_CTX, log: LOG },
    );
    await retractMessage(db, attorney, james, sent.message.id, {
      ...MAIL_CTX,
      expected: sent.message.version,
    });
    const uploaded = await upload(server, {
      patientId: james,
      cookie: cookies.clinic,
      category: 'MRI',
      file: { fileName: 'lumbar-mri.pdf', data: samplePdf() },
    });
    expect(uploaded.statusCode).toBe(201);
    const line = await createBillingEntry(
      db,
      clinic,
      james,
      { cptCode: '97110', sessionCount: 2, amountCents: 24_000 } as never,
      CTX,
    );
    const edited = await editBillingEntry(
      db,
      clinic,
      { patientId: james, entryId: line.id, expectedVersion: 1 },
      { ...line, date: line.date, amountCents: 25_000, reason: 'Typo' } as never,
      CTX,
    );
    await voidBillingEntry(
      db,
      clinic,
      { patientId: james, entryId: line.id, expectedVersion: edited.version },
      'Duplicate',
      CTX,
    );

    // Items the rest of the three-party workflow writes beside these (a gap closed by care) are
    // left aside.
    const items = (await feed('attorney')).filter((item) => !item.kind.startsWith('gap_'));
    const mine = items.slice(0, 9).map((item) => [item.kind, item.summary]);
    expect(mine).toEqual([
      ['billing_line', 'Billing line voided: 97110 × 2, $250.00'],
      ['billing_line', 'Billing line edited: 97110 × 2, $250.00'],
      ['billing_line', 'Billing line added: 97110 × 2, $240.00'],
      ['document', 'Document uploaded: lumbar-mri.pdf (MRI)'],
      ['message', 'Message retracted'],
      ['message', 'Message sent'],
      ['demographics_edited', 'Demographics edited: Point of contact, Point of contact phone'],
      ['status_changed', 'Status change undone: back to Evaluated'],
      ['status_changed', 'Status changed from Evaluated to Referred for PT'],
    ]);
    expect(items[0]).toMatchObject({
      recordId: line.id,
      actorName: clinic.name,
      actorRole: 'clinic',
    });
    expect(items[3]!.recordId).toBe(uploaded.json().id);
    expect(items[5]!.recordId).toBe(sent.message.id);
    expect(
      await countAuditRows(server, {
        email: 'attorney@demo.test',
        action: 'activity_viewed',
        patientId: james,
      }),
    ).toBe(1);
  });

  it('follows the document rules: Intake hidden from lienholders, removed documents from all', async () => {
    const uploaded = await upload(server, {
      patientId: james,
      cookie: cookies.clinic,
      category: 'Treatment Notes',
      file: { fileName: 'notes-week-3.pdf', data: samplePdf() },
    });
    const documentId = uploaded.json().id as string;
    const moved = 'Document notes-week-3.pdf moved from Treatment Notes to Intake';
    await recategorizeDocument(
      server.context.db,
      await actorOf(server, 'clinic@demo.test'),
      documentId,
      { category: 'Intake', expected: 1, ...CTX },
    );
    expect(await summariesOf('clinic')).toContain(moved);
    expect(await summariesOf('admin')).toContain(moved);
    // Not discharged: the attorney does not see Intake yet, the lienholder and contact never do.
    for (const who of ['attorney', 'lienholder', 'contact'])
      expect((await feed(who)).filter((item) => item.recordId === documentId)).toEqual([]);

    await server.context.db
      .update(documents)
      .set({ removedAt: new Date(), removalReason: 'Wrong patient' })
      .where(eq(documents.id, documentId));
    expect((await feed('admin')).filter((item) => item.recordId === documentId)).toEqual([]);
  });

  it('shows lien items to their lienholder, the firm and the clinics, never another lienholder or the contact', async () => {
    const db = server.context.db;
    const add = (kind: ActivityKind, summary: string, lienholderId: string | null) =>
      recordActivity(db, { patientId: james, kind, summary, lienholderId, actor: null });
    await add('payment', 'MedLien payment recorded', orgIds['MedLien Funding Partners']!);
    await add('reduction', 'Keystone reduction proposed', orgIds['Keystone Medical Receivables']!);
    await add('gap_opened', 'Gap: 17 days', null);

    const seen = async (who: string) =>
      (await summariesOf(who)).filter((summary) =>
        ['MedLien payment recorded', 'Keystone reduction proposed', 'Gap: 17 days'].includes(
          summary,
        ),
      );
    expect(await seen('lienholder')).toEqual(['Gap: 17 days', 'MedLien payment recorded']);
    expect(await seen('contact')).toEqual(['Gap: 17 days']);
    // A clinic sees the outcome of a negotiation only (an accepted offer), not a proposal.
    expect(await seen('clinic')).toEqual(['Gap: 17 days', 'MedLien payment recorded']);
    for (const who of ['admin', 'attorney'])
      expect(await seen(who)).toEqual([
        'Gap: 17 days',
        'Keystone reduction proposed',
        'MedLien payment recorded',
      ]);

    // Another firm's attorney on temporary access sees the patient, not the lien negotiations.
    const [attorney2] = await db.select().from(users).where(eq(users.email, 'attorney2@demo.test'));
    const granted = await server.request({
      method: 'POST',
      url: `/api/patients/${james}/access-grants`,
      cookie: cookies.admin,
      body: { userId: attorney2!.id, durationHours: 1, reason: 'Covering a hearing' },
    });
    expect(granted.statusCode).toBe(201);
    expect(await seen('attorney2')).toEqual(['Gap: 17 days']);
  });

  it("shows a request's items to its two sides and admins only", async () => {
    const db = server.context.db;
    const attorney = await actorOf(server, 'attorney@demo.test');
    const [request] = await db
      .insert(caseRequests)
      .values({
        patientId: james,
        clinicId: orgIds['Harbor Physical Therapy']!,
        requesterOrganizationId: attorney.organizationId,
        requesterUserId: attorney.userId,
        requesterName: attorney.name,
        requesterRole: 'attorney',
        kind: 'medical_records',
        dueOn: '2030-01-01',
      })
      .returning({ id: caseRequests.id });
    const summary = 'Medical records requested from Harbor Physical Therapy';
    await recordActivity(db, {
      patientId: james,
      kind: 'case_request',
      recordId: request!.id,
      summary,
      actor: attorney,
    });
    for (const who of ['admin', 'clinic', 'attorney'])
      expect(await summariesOf(who)).toContain(summary);
    for (const who of ['lienholder', 'contact'])
      expect(await summariesOf(who)).not.toContain(summary);
    const imaging = await server.login('imaging@demo.test');
    const response = await server.request({
      url: `/api/patients/${james}/activity?limit=50`,
      cookie: imaging,
    });
    expect(response.json().items.map((item: TActivityItem) => item.summary)).not.toContain(summary);
  });

  it('answers a patient outside the scope exactly like a missing one', async () => {
    const outside = await server.request({
      url: `/api/patients/${james}/activity`,
      cookie: cookies.keystone,
    });
    const missing = await server.request({
      url: '/api/patients/00000000-0000-4000-8000-000000000000/activity',
      cookie: cookies.keystone,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).toBe(missing.body);
  });

  it('pages items written in the same instant completely and without overlap', async () => {
    const db = server.context.db;
    await db.transaction(async (tx) => {
      for (let i = 0; i < 45; i += 1)
        await recordActivity(tx, {
          patientId: james,
          kind: 'gap_closed',
          summary: `bulk ${i}`,
          actor: null,
        });
    });
    const all = await feed('admin');
    const { items, pages } = await collectPages<TActivityItem>((cursor) =>
      server.request({
        url: `/api/patients/${james}/activity?${withCursor('limit=20', cursor)}`,
        cookie: cookies.admin,
      }),
    );
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(items.slice(0, 45).map((item) => item.summary)).toEqual(
      Array.from({ length: 45 }, (_, i) => `bulk ${44 - i}`),
    );
    expect(items.slice(0, 50)).toEqual(all);
    expect(pages).toBe(Math.ceil(items.length / 20));
    const bad = await server.request({
      url: `/api/patients/${james}/activity?cursor=abc`,
      cookie: cookies.admin,
    });
    expect(bad.statusCode).toBe(400);
  });
});
