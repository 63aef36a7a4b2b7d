import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CASE_REQUEST_TEXTS } from '@casebridge/domain/requests/case-request.schemas';
import {
  caseRequests,
  patientClinics,
  documents,
  mailOutbox,
  notifications,
  patientActivity,
  users,
} from '#src/db/schema/index.ts';
import { upload } from '#src/modules/documents/document-test-support.ts';
import { samplePdf } from '#src/modules/documents/document-test-files.ts';
import { countAuditRows } from '#src/test/audit-rows.ts';
import { DEMO_ACTOR_EMAILS } from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { CASE_REQUEST_MAIL_KIND } from './case-request-notify.ts';
import { sendOverdueReminders } from './case-requests.service.ts';
import {
  answer,
  createRequestAs,
  loadRequestWorld,
  postRequest,
  type RequestWorld,
} from './case-request-test-support.ts';
import { formMessage } from '#src/test/form-message.ts';

/** Notifications of a type about the request's patient, to the users of these e-mails. */
async function countNotifications(
  server: TestServer,
  type: 'case_request' | 'request_overdue',
  patientId: string,
  emails: readonly string[],
) {
  const rows = await server.context.db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientUserId))
    .where(
      and(
        eq(notifications.type, type),
        eq(notifications.patientId, patientId),
        inArray(users.email, [...emails]),
      ),
    );
  return rows.length;
}

describe('case requests: lifecycle, transitions, documents, notices', () => {
  let server: TestServer;
  let world: RequestWorld;
  beforeAll(async () => {
    server = await createTestServer();
    world = await loadRequestWorld(server, ['attorney', 'clinic', 'imaging', 'lienholder']);
  });
  afterAll(async () => server.close());
  const james = () => world.patientIds['James Whitfield'];

  it('requested → acknowledged → fulfilled with an uploaded document, audited, live and told', async () => {
    const before = await countNotifications(server, 'case_request', james(), [
      DEMO_ACTOR_EMAILS.clinic,
    ]);
    const created = await createRequestAs(
      server,
      world,
      world.cookies.attorney,
      'James Whitfield',
      {
        kind: 'medical_records',
        periodFrom: '2026-01-01',
        periodTo: '2026-03-01',
        note: 'All PT notes please',
      },
    );
    expect(created).toMatchObject({
      status: 'requested',
      kind: 'medical_records',
      version: 1,
      requesterName: expect.any(String),
      clinicName: 'Harbor Physical Therapy',
      documents: [],
    });
    // Default due date: today + 14 days.
    const due = new Date(`${created.createdAt.slice(0, 10)}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 14);
    expect(created.dueOn).toBe(due.toISOString().slice(0, 10));
    expect(
      await countNotifications(server, 'case_request', james(), [DEMO_ACTOR_EMAILS.clinic]),
    ).toBe(before + 1);

    // Fulfilling straight from Requested is refused: it must be acknowledged first.
    const early = await answer(server, world.cookies.clinic, created.id, 'fulfil', 1, {
      documentIds: [created.id],
    });
    expect(early.statusCode).toBe(409);

    const acknowledged = await answer(server, world.cookies.clinic, created.id, 'acknowledge', 1);
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json()).toMatchObject({ status: 'acknowledged', version: 2 });

    // A stale version is refused with the request as it is.
    const stale = await answer(server, world.cookies.clinic, created.id, 'acknowledge', 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: created.id, version: 2 });

    // Acknowledging twice is not a transition.
    const again = await answer(server, world.cookies.clinic, created.id, 'acknowledge', 2);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CASE_REQUEST_TEXTS.notAllowedTransition);

    // No documents, or a document that is not the patient's, is refused.
    const none = await answer(server, world.cookies.clinic, created.id, 'fulfil', 2, {
      documentIds: [],
    });
    expect(none.statusCode).toBe(400);
    expect(formMessage(none)).toBe(CASE_REQUEST_TEXTS.documentsRequired);
    const foreign = await answer(server, world.cookies.clinic, created.id, 'fulfil', 2, {
      documentIds: [created.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(CASE_REQUEST_TEXTS.documentUnavailable);

    const uploaded = await upload(server, {
      patientId: james(),
      cookie: world.cookies.clinic,
      category: 'Treatment Notes',
      file: { fileName: 'pt-notes.pdf', data: samplePdf() },
    });
    expect(uploaded.statusCode).toBe(201);
    const documentId = uploaded.json().id as string;
    const fulfilled = await answer(server, world.cookies.clinic, created.id, 'fulfil', 2, {
      documentIds: [documentId],
    });
    expect(fulfilled.statusCode).toBe(200);
    expect(fulfilled.json()).toMatchObject({ status: 'fulfilled', version: 3 });

    // The attorney sees the request fulfilled, with the document, and was told.
    const read = await server.request({
      url: `/api/requests/${created.id}`,
      cookie: world.cookies.attorney,
    });
    expect(read.json()).toMatchObject({
      status: 'fulfilled',
      documents: [{ id: documentId, fileName: 'pt-notes.pdf', category: 'Treatment Notes' }],
    });
    expect(
      await countNotifications(server, 'case_request', james(), [DEMO_ACTOR_EMAILS.attorney]),
    ).toBeGreaterThanOrEqual(2);
    // Declining a fulfilled request is not a transition.
    const late = await answer(server, world.cookies.clinic, created.id, 'decline', 3, {
      reason: 'Too late',
    });
    expect(late.statusCode).toBe(409);

    // Activity items and audit rows for each step.
    const activity = await server.context.db
      .select()
      .from(patientActivity)
      .where(eq(patientActivity.recordId, created.id));
    expect(activity.map((item) => item.kind)).toEqual([
      'case_request',
      'case_request',
      'case_request',
    ]);
    for (const action of ['case_request_acknowledged', 'case_request_fulfilled'] as const)
      expect(
        await countAuditRows(server, {
          email: DEMO_ACTOR_EMAILS.clinic,
          action,
          patientId: james(),
        }),
      ).toBeGreaterThanOrEqual(1);
    expect(
      await countAuditRows(server, {
        email: DEMO_ACTOR_EMAILS.attorney,
        action: 'case_request_created',
        patientId: james(),
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await countAuditRows(server, {
        email: DEMO_ACTOR_EMAILS.attorney,
        action: 'case_request_viewed',
        patientId: james(),
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('the demo data shows open, overdue and fulfilled requests on first start', async () => {
    const queue = await server.request({
      url: '/api/requests?status=all&limit=50',
      cookie: world.cookies.attorney,
    });
    const items = queue.json().items as Array<{
      status: string;
      isOverdue: boolean;
      documents: unknown[];
    }>;
    expect(items.some((item) => item.status === 'requested' && !item.isOverdue)).toBe(true);
    expect(items.some((item) => item.isOverdue)).toBe(true);
    expect(items.some((item) => item.status === 'fulfilled' && item.documents.length > 0)).toBe(
      true,
    );
  });

  it('links documents on file; the requester sees them under the document rules', async () => {
    const created = await createRequestAs(
      server,
      world,
      world.cookies.lienholder,
      'James Whitfield',
    );
    const files = await server.context.db
      .select({ id: documents.id, fileName: documents.fileName })
      .from(documents)
      .where(
        and(
          eq(documents.patientId, james()),
          inArray(documents.fileName, ['intake-form-whitfield.pdf', 'evaluation-report.pdf']),
        ),
      );
    expect(files).toHaveLength(2);
    await answer(server, world.cookies.clinic, created.id, 'acknowledge', 1);
    // The lienholder never sees an Intake form (spec section 6): it cannot fulfil its request.
    const withIntake = await answer(server, world.cookies.clinic, created.id, 'fulfil', 2, {
      documentIds: files.map((file) => file.id),
    });
    expect(withIntake.statusCode).toBe(400);
    expect(withIntake.json().error.message).toBe(CASE_REQUEST_TEXTS.documentHiddenFromRequester);
    const report = files.find((file) => file.fileName === 'evaluation-report.pdf')!;
    const fulfilled = await answer(server, world.cookies.clinic, created.id, 'fulfil', 2, {
      documentIds: [report.id],
    });
    expect(fulfilled.statusCode).toBe(200);
    const namesFor = async (cookie: string | undefined) => {
      const response = await server.request({ url: `/api/requests/${created.id}`, cookie });
      return (response.json().documents as Array<{ fileName: string }>)
        .map((document) => document.fileName)
        .toSorted();
    };
    expect(await namesFor(world.cookies.clinic)).toEqual(['evaluation-report.pdf']);
    expect(await namesFor(world.cookies.lienholder)).toEqual(['evaluation-report.pdf']);
  });

  it('declines with a reason only; a reason is required', async () => {
    const created = await createRequestAs(server, world, world.cookies.attorney, 'James Whitfield');
    const blank = await answer(server, world.cookies.clinic, created.id, 'decline', 1, {
      reason: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(formMessage(blank)).toBe(CASE_REQUEST_TEXTS.reasonRequired);
    const declined = await answer(server, world.cookies.clinic, created.id, 'decline', 1, {
      reason: 'No visits in that period',
    });
    expect(declined.json()).toMatchObject({
      status: 'declined',
      declineReason: 'No visits in that period',
    });
  });

  it('refuses kinds the role may not ask for, a clinic not of the patient, bad periods', async () => {
    const refused = await postRequest(server, world.cookies.lienholder, james(), {
      clinicId: world.clinicIds['James Whitfield'],
      kind: 'medical_records',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(CASE_REQUEST_TEXTS.kindNotAllowed);
    const otherClinic = await postRequest(server, world.cookies.attorney, james(), {
      clinicId: world.clinicIds['Daniel Okafor'],
      kind: 'imaging',
    });
    expect(otherClinic.statusCode).toBe(400);
    expect(otherClinic.json().error.message).toBe(CASE_REQUEST_TEXTS.clinicNotOfPatient);
    const period = await postRequest(server, world.cookies.attorney, james(), {
      clinicId: world.clinicIds['James Whitfield'],
      kind: 'imaging',
      periodFrom: '2026-03-01',
      periodTo: '2026-01-01',
    });
    expect(period.statusCode).toBe(400);
    expect(formMessage(period)).toBe(CASE_REQUEST_TEXTS.periodOrder);
    const bill = await createRequestAs(server, world, world.cookies.lienholder, 'James Whitfield');
    expect(bill.kind).toBe('itemized_bill');
  });

  it('lists: the requester and the asked clinic see it, the other clinic does not', async () => {
    const created = await createRequestAs(
      server,
      world,
      world.cookies.attorney,
      'James Whitfield',
      {
        kind: 'narrative_report',
        dueOn: '2020-01-01',
      },
    );
    const ids = async (cookie: string | undefined, url: string) => {
      const response = await server.request({ url, cookie });
      expect(response.statusCode).toBe(200);
      return (response.json().items as Array<{ id: string; isOverdue: boolean }>).map(
        (item) => item.id,
      );
    };
    const queue = await server.request({ url: '/api/requests', cookie: world.cookies.clinic });
    expect(queue.json().items[0]).toMatchObject({ id: created.id, isOverdue: true });
    expect(await ids(world.cookies.attorney, '/api/requests?overdue=true')).toContain(created.id);
    expect(await ids(world.cookies.attorney, '/api/requests?search=whitf')).toContain(created.id);
    expect(await ids(world.cookies.attorney, '/api/requests?search=okafor')).not.toContain(
      created.id,
    );
    expect(await ids(world.cookies.attorney, `/api/patients/${james()}/requests`)).toContain(
      created.id,
    );
    expect(await ids(world.cookies.imaging, '/api/requests?status=all')).not.toContain(created.id);
    expect(await ids(world.cookies.lienholder, '/api/requests?status=all')).not.toContain(
      created.id,
    );
    const hidden = await server.request({
      url: `/api/requests/${created.id}`,
      cookie: world.cookies.imaging,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('pages with a cursor without repeating or skipping a row', async () => {
    for (let index = 0; index < 3; index += 1)
      await createRequestAs(server, world, world.cookies.attorney, 'James Whitfield');
    const all = await server.request({
      url: '/api/requests?status=all&limit=50',
      cookie: world.cookies.attorney,
    });
    const expected = (all.json().items as Array<{ id: string }>).map((item) => item.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await server.request({
        url: `/api/requests?status=all&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        cookie: world.cookies.attorney,
      });
      const page = response.json() as { items: Array<{ id: string }>; nextCursor: string | null };
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);

    // Someone else's request as the cursor pages like an unknown id: nothing about it shows.
    const foreign = expected[0]!;
    const pageAfter = async (after: string) =>
      (
        await server.request({
          url: `/api/requests?status=all&cursor=${after}`,
          cookie: world.cookies.lienholder,
        })
      ).json().items;
    expect(await pageAfter(foreign)).toEqual(
      await pageAfter('00000000-0000-4000-8000-000000000000'),
    );
  });

  it('sends one overdue reminder per request per day to both sides, with e-mail', async () => {
    const created = await createRequestAs(
      server,
      world,
      world.cookies.attorney,
      'James Whitfield',
      {
        kind: 'imaging',
        dueOn: '2020-02-02',
      },
    );
    const emails = [DEMO_ACTOR_EMAILS.attorney, DEMO_ACTOR_EMAILS.clinic];
    const before = await countNotifications(server, 'request_overdue', james(), emails);
    const first = await sendOverdueReminders(server.context.db, { appUrl: 'http://x' });
    expect(first).toBeGreaterThanOrEqual(1);
    const afterFirst = await countNotifications(server, 'request_overdue', james(), emails);
    expect(afterFirst).toBeGreaterThanOrEqual(before + 2);
    expect(await sendOverdueReminders(server.context.db, { appUrl: 'http://x' })).toBe(0);
    expect(await countNotifications(server, 'request_overdue', james(), emails)).toBe(afterFirst);
    const mails = await server.context.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.kind, CASE_REQUEST_MAIL_KIND), eq(mailOutbox.subjectId, created.id)),
      );
    expect(mails.length).toBeGreaterThanOrEqual(2);
    // A reminder from yesterday makes it due again today.
    await server.context.db
      .update(caseRequests)
      .set({ lastReminderOn: sql`current_date - 1` })
      .where(eq(caseRequests.id, created.id));
    expect(await sendOverdueReminders(server.context.db, { appUrl: 'http://x' })).toBe(1);

    // Once the asked clinic no longer treats the patient, nobody is reminded of its request.
    await server.context.db
      .update(caseRequests)
      .set({ lastReminderOn: sql`current_date - 1` })
      .where(eq(caseRequests.id, created.id));
    const [asked] = await server.context.db
      .select({ clinicId: caseRequests.clinicId })
      .from(caseRequests)
      .where(eq(caseRequests.id, created.id));
    await server.context.db
      .delete(patientClinics)
      .where(
        and(eq(patientClinics.patientId, james()), eq(patientClinics.clinicId, asked!.clinicId)),
      );
    expect(await sendOverdueReminders(server.context.db, { appUrl: 'http://x' })).toBe(0);
  });
});
