import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TActivityPage } from '@casebridge/domain/activity/activity.schemas';
import type { TPatientDetail, TPatientPage } from '@casebridge/domain/patients/patient.schemas';
import {
  caseStageHistory,
  caseUpdates,
  mailOutbox,
  notificationPreferences,
  notifications,
  patients,
  settings,
  users,
} from '#src/db/schema/index.ts';
import {
  latestEventOf,
  notificationsOf,
  readCaseFacts,
  caseUrl,
} from '#src/modules/case-facts/case-facts-test-support.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { expectOneAuditRow } from '#src/test/audit-rows.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { runCaseUpdateReminders } from './case-update-reminders.ts';
import {
  ask,
  firmOf,
  overdueCount,
  postNote,
  readUpdates,
  saveInterval,
} from './case-updates-test-support.ts';

const DAY = 86_400_000;
const APP_URL = 'http://localhost:3000';
const ATTORNEY = 'attorney@demo.test';
const CLINIC = 'clinic@demo.test';
const LIENHOLDER = 'lienholder@demo.test';

/**
 * Case updates owed on the demo data: James Whitfield (Harbor + Riverside, Morgan & Hale,
 * MedLien) for the ask and the note; Hannah Schmidt (Riverside, Morgan & Hale, MedLien) for a
 * stage move; the seeded overdue patients for the counts, the lists and the daily reminder.
 */
describe('case updates', () => {
  let server: TestServer;
  const cookies = {} as Record<
    'attorney' | 'clinic' | 'lienholder' | 'attorney2' | 'clinic2' | 'imaging',
    string
  >;
  let james: string;
  let hannah: string;

  beforeAll(async () => {
    server = await createTestServer();
    cookies.attorney = await server.login(ATTORNEY);
    cookies.clinic = await server.login(CLINIC);
    cookies.lienholder = await server.login(LIENHOLDER);
    cookies.attorney2 = await server.login('attorney2@demo.test');
    cookies.clinic2 = await server.login('clinic2@demo.test');
    cookies.imaging = await server.login('imaging@demo.test');
    james = await getPatientId(server, 'James Whitfield');
    hannah = await getPatientId(server, 'Hannah Schmidt');
  });
  afterAll(async () => server.close());

  it('the clinic asks: the firm is told, a second ask is refused, both sides see it', async () => {
    const before = (await notificationsOf(server, ATTORNEY, james)).length;
    const { response } = await expectOneAuditRow(
      server,
      { email: CLINIC, action: 'case_update_requested', patientId: james },
      () => ask(server, cookies.clinic, james),
    );
    expect(response.statusCode).toBe(201);
    const told = await notificationsOf(server, ATTORNEY, james);
    expect(told).toHaveLength(before + 1);
    expect(told[0]).toEqual({
      type: 'case_request',
      content: 'Harbor Physical Therapy asked for a case update on James Whitfield',
    });
    expect(await latestEventOf(server, 'case-updates.requested', james)).toBeDefined();
    expect((await ask(server, cookies.clinic, james)).statusCode).toBe(409);
    for (const cookie of [cookies.clinic, cookies.attorney]) {
      const { openAsks } = await readUpdates(server, cookie, james);
      expect(openAsks.map((open) => open.organizationName)).toEqual(['Harbor Physical Therapy']);
    }
  });

  it('the firm posts a note: the ask clears, the parties are told, the feed and events follow', async () => {
    const beforeClinic = (await notificationsOf(server, CLINIC, james)).length;
    const beforeLien = (await notificationsOf(server, LIENHOLDER, james)).length;
    const { response } = await expectOneAuditRow(
      server,
      { email: ATTORNEY, action: 'case_update_posted', patientId: james },
      () => postNote(server, cookies.attorney, james, '  Demand sent to Golden Coast Mutual.  '),
    );
    expect(response.statusCode).toBe(201);
    const posted = await readUpdates(server, cookies.clinic, james);
    expect(posted.openAsks).toEqual([]);
    expect(posted.entries[0]).toMatchObject({
      kind: 'note',
      note: 'Demand sent to Golden Coast Mutual.',
      authorName: 'Morgan Hale',
    });
    expect(posted.isOverdue).toBe(false);
    expect(posted.lastUpdateAt).toBe(posted.entries[0]!.createdAt);
    expect(posted.intervalDays).toBe(60);
    const clinicTold = await notificationsOf(server, CLINIC, james);
    expect(clinicTold).toHaveLength(beforeClinic + 1);
    expect(clinicTold[0]).toEqual({
      type: 'status_update',
      content: 'Morgan & Hale Injury Law posted a case update on James Whitfield',
    });
    expect(await notificationsOf(server, LIENHOLDER, james)).toHaveLength(beforeLien + 1);
    const update = await latestEventOf(server, 'case-updates.posted', james);
    expect(update?.payload).toEqual({ updateId: posted.entries[0]!.id });
    expect(await latestEventOf(server, 'case-updates.changed', james)).toBeDefined();
    const feed = await server.request({
      url: `/api/patients/${james}/activity`,
      cookie: cookies.lienholder,
    });
    const items = feed.json<TActivityPage>().items;
    expect(items.slice(0, 2).map((item) => [item.kind, item.summary])).toEqual([
      ['case_update', 'Case update posted'],
      ['case_update', 'Harbor Physical Therapy asked for a case update'],
    ]);
    // Asked again after the answer: a new ask is open.
    expect((await ask(server, cookies.clinic, james)).statusCode).toBe(201);
  });

  it('a stage move is an update too: it answers the ask and shows in every feed and list', async () => {
    expect((await ask(server, cookies.lienholder, hannah)).statusCode).toBe(201);
    const facts = await readCaseFacts(server, cookies.attorney, hannah);
    const save = await server.request({
      method: 'PUT',
      url: caseUrl(hannah),
      cookie: cookies.attorney,
      body: {
        accidentDate: '2026-01-10',
        accidentType: 'auto',
        firmCaseNumber: 'MH-HS-1',
        stage: 'treating',
        insurers: [],
        ...(facts.facts ? { version: facts.facts.version } : {}),
      },
    });
    expect(save.statusCode).toBe(200);
    const updates = await readUpdates(server, cookies.lienholder, hannah);
    expect(updates.openAsks).toEqual([]);
    expect(updates.stage).toBe('treating');
    expect(updates.entries[0]).toMatchObject({
      kind: 'stage',
      fromStage: 'intake',
      toStage: 'treating',
    });
    for (const cookie of [cookies.imaging, cookies.lienholder, cookies.attorney]) {
      const feed = await server.request({ url: `/api/patients/${hannah}/activity`, cookie });
      expect(feed.json<TActivityPage>().items[0]).toMatchObject({
        kind: 'case_stage',
        summary: 'Case stage moved from Intake to Treating',
      });
    }
    const detail = await server.request({
      url: `/api/patients/${hannah}`,
      cookie: cookies.imaging,
    });
    expect(detail.json<TPatientDetail>().caseStage).toBe('treating');
  });

  it('overdue: counted per actor in SQL, flagged on list rows and the patient; 0 turns it off', async () => {
    const grace = await getPatientId(server, 'Grace Kim');
    const before = {
      attorney: await overdueCount(server, cookies.attorney),
      clinic: await overdueCount(server, cookies.clinic),
      attorney2: await overdueCount(server, cookies.attorney2),
    };
    // Grace Kim (Harbor, Morgan & Hale, MedLien): intake 81 days ago, no update.
    expect(before.attorney).toBeGreaterThan(0);
    const list = await server.request({ url: '/api/patients?limit=100', cookie: cookies.clinic });
    const row = list.json<TPatientPage>().items.find((item) => item.id === grace);
    expect(row).toMatchObject({ isUpdateOverdue: true, caseStage: 'intake' });
    // James's fresh note: not overdue, until it is backdated past the interval.
    const detail = async () =>
      (
        await server.request({ url: `/api/patients/${james}`, cookie: cookies.lienholder })
      ).json<TPatientDetail>();
    expect((await detail()).isUpdateOverdue).toBe(false);
    const { db } = server.context;
    await db
      .update(caseUpdates)
      .set({ createdAt: new Date(Date.now() - 90 * DAY) })
      .where(eq(caseUpdates.patientId, james));
    await db
      .update(caseStageHistory)
      .set({ changedAt: new Date(Date.now() - 90 * DAY) })
      .where(eq(caseStageHistory.patientId, james));
    await db
      .update(patients)
      .set({ intakeDate: new Date(Date.now() - 100 * DAY).toISOString().slice(0, 10) })
      .where(eq(patients.id, james));
    expect((await detail()).isUpdateOverdue).toBe(true);
    expect(await overdueCount(server, cookies.attorney)).toBe(before.attorney + 1);
    expect(await overdueCount(server, cookies.clinic)).toBe(before.clinic + 1);
    expect(await overdueCount(server, cookies.lienholder)).toBeGreaterThan(0);
    // Castillo does not see Morgan & Hale's patients.
    expect(await overdueCount(server, cookies.attorney2)).toBe(before.attorney2);
    expect((await saveInterval(server, cookies.attorney, ATTORNEY, 0)).statusCode).toBe(200);
    expect(await overdueCount(server, cookies.attorney)).toBe(0);
    expect((await detail()).isUpdateOverdue).toBe(false);
    expect((await readUpdates(server, cookies.clinic, james)).dueAt).toBeNull();
    expect((await saveInterval(server, cookies.attorney, ATTORNEY, 60)).statusCode).toBe(200);
    expect(await overdueCount(server, cookies.attorney)).toBe(before.attorney + 1);
  });

  describe('the daily reminder', () => {
    const firmUsers = async (email: string) => {
      const firm = await firmOf(server, email);
      const rows = await server.context.db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.organizationId, firm.id),
            eq(users.active, true),
            eq(users.approved, true),
            eq(users.kind, 'person'),
          ),
        );
      return rows;
    };
    const remindersOf = async (userIds: string[]) =>
      userIds.length === 0
        ? []
        : server.context.db
            .select({ userId: notifications.recipientUserId, content: notifications.content })
            .from(notifications)
            .where(
              and(
                inArray(notifications.recipientUserId, userIds),
                eq(notifications.type, 'request_overdue'),
                sql`${notifications.content} like 'Case updates overdue on %'`,
              ),
            );
    const reminderMails = () =>
      server.context.db
        .select({ to: mailOutbox.toAddress, text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'case_update_reminder'));

    it('one digest per firm user per day, however many patients; none for 0 = off', async () => {
      const { db } = server.context;
      await db
        .update(settings)
        .set({ emailNotificationsEnabled: true, detailedEmailContent: false })
        .where(eq(settings.id, true));
      const morgan = (await firmUsers(ATTORNEY)).map((user) => user.id);
      const castillo = (await firmUsers('attorney2@demo.test')).map((user) => user.id);
      const morganOverdue = await overdueCount(server, cookies.attorney);
      expect(morganOverdue).toBeGreaterThan(1);
      // Castillo's firm owes none: 0 = off.
      expect(
        (await saveInterval(server, cookies.attorney2, 'attorney2@demo.test', 0)).statusCode,
      ).toBe(200);

      const now = new Date();
      const first = await runCaseUpdateReminders(server.context.db, { now, appUrl: APP_URL });
      expect(first).toBe(morgan.length);
      const told = await remindersOf(morgan);
      expect(told.map((row) => row.userId).toSorted()).toEqual(morgan.toSorted());
      expect(told[0]!.content).toMatch(
        new RegExp(`^Case updates overdue on ${morganOverdue} patients: `),
      );
      expect(await remindersOf(castillo)).toEqual([]);
      const mails = await reminderMails();
      expect(mails).toHaveLength(morgan.length);
      expect(mails[0]!.text).toContain(
        `${morganOverdue} patients of your firm are owed a case update`,
      );
      expect(mails[0]!.text).not.toContain('Grace Kim');

      // Again the same day, through the job itself: nobody is told twice.
      await server.jobs.runDue({ names: ['case-updates.reminders'] });
      expect(await remindersOf(morgan)).toHaveLength(morgan.length);
      expect(
        await runCaseUpdateReminders(db, {
          now: new Date(now.getTime() + 23 * 3_600_000),
          appUrl: APP_URL,
        }),
      ).toBe(0);
      expect(await reminderMails()).toHaveLength(morgan.length);

      // The next day, a user who turned 'Requests and referrals' off is not told; the others are.
      const attorneyId = (await firmUsers(ATTORNEY)).find((user) => user.email === ATTORNEY)!.id;
      await db
        .insert(notificationPreferences)
        .values({ userId: attorneyId, notifyOnCaseRequests: false })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { notifyOnCaseRequests: false },
        });
      const nextDay = await runCaseUpdateReminders(db, {
        now: new Date(now.getTime() + 25 * 3_600_000),
        appUrl: APP_URL,
      });
      expect(nextDay).toBe(morgan.length - 1);
      expect(await remindersOf([attorneyId])).toHaveLength(1);
      expect(await remindersOf(castillo)).toEqual([]);
      await db
        .update(notificationPreferences)
        .set({ notifyOnCaseRequests: true })
        .where(eq(notificationPreferences.userId, attorneyId));
    });

    it('reads candidates in bounded batches and still tells each user once', async () => {
      const { db } = server.context;
      const morgan = (await firmUsers(ATTORNEY)).map((user) => user.id);
      const before = (await remindersOf(morgan)).length;
      const later = new Date(Date.now() + 3 * DAY);
      expect(await runCaseUpdateReminders(db, { now: later, appUrl: APP_URL, batchSize: 1 })).toBe(
        morgan.length,
      );
      expect(await remindersOf(morgan)).toHaveLength(before + morgan.length);
    });
  });
});
