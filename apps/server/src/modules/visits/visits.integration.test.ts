import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  NO_SHOW_GAP_REASON,
  type TVisit,
  type TVisitList,
} from '@casebridge/domain/visits/visit.schemas';
import { patientActivity, recordHistory, visits } from '#src/db/schema/index.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { runTreatmentGapCheck } from '#src/modules/treatment-gaps/treatment-gaps.service.ts';
import {
  daysAgo,
  hasOpenGap,
  insertGapPatient,
  organizationOf,
} from '#src/modules/treatment-gaps/treatment-gaps-test-support.ts';
import { expectOneAuditRow } from '#src/test/audit-rows.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { latestEventOf } from '#src/modules/case-facts/case-facts-test-support.ts';
import {
  addDays,
  dayUrl,
  insertVisit,
  notificationsOf,
  outcomeUrl,
  patientDates,
  signInUrl,
  today,
  visitsUrl,
  visitUrl,
} from './visits-test-support.ts';

const CLINIC = 'clinic@demo.test';
const ATTORNEY = 'attorney@demo.test';

/**
 * Visits of James Whitfield (Harbor + Riverside, Morgan & Hale, MedLien), kept by Harbor's
 * clinic user: booking, outcomes, corrections, the last treatment date that follows attended
 * visits (forward only), the firm's no-show notice, the day list and its sign-in sheet, and the
 * gap check that reads visits.
 */
describe('visits', () => {
  let server: TestServer;
  let clinic: string;
  let attorney: string;
  let james: string;
  let harbor: string;
  let morgan: string;

  const schedule = (body: Record<string, unknown>, patientId = james) =>
    server.request({ method: 'POST', url: visitsUrl(patientId), cookie: clinic, body });
  const record = (visit: { id: string; version: number }, body: Record<string, unknown>) =>
    server.request({
      method: 'POST',
      url: outcomeUrl(visit.id),
      cookie: clinic,
      body: { version: visit.version, ...body },
    });
  const activityOf = (patientId: string) =>
    server.context.db
      .select({ kind: patientActivity.kind, summary: patientActivity.summary })
      .from(patientActivity)
      .where(eq(patientActivity.patientId, patientId))
      .orderBy(desc(patientActivity.id));
  const checkGaps = () =>
    runTreatmentGapCheck(server.context.db, { appUrl: server.context.env.appUrl });

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login(CLINIC);
    attorney = await server.login(ATTORNEY);
    james = await getPatientId(server, 'James Whitfield');
    harbor = await organizationOf(server, CLINIC);
    morgan = await organizationOf(server, ATTORNEY);
  });
  afterAll(async () => server.close());

  it('lists the demo visits, audited, to the firm as to the clinic', async () => {
    const { response } = await expectOneAuditRow(
      server,
      { email: ATTORNEY, action: 'visits_viewed', patientId: james },
      () => server.request({ url: visitsUrl(james), cookie: attorney }),
    );
    expect(response.statusCode).toBe(200);
    const { visits: listed } = response.json<TVisitList>();
    const { lastTreatmentDate } = await patientDates(server, james);
    const attended = listed.filter((visit) => visit.state === 'attended');
    expect(attended[0]?.date).toBe(lastTreatmentDate);
    expect(listed.some((visit) => visit.state === 'scheduled' && visit.date > today())).toBe(true);
  });

  it('books a visit for the clinic, audited and published', async () => {
    const { response } = await expectOneAuditRow(
      server,
      { email: CLINIC, action: 'visit_scheduled', patientId: james },
      () =>
        schedule({
          date: addDays(today(), 3),
          time: '10:30',
          type: 'follow_up',
          note: 'Bring MRI',
        }),
    );
    expect(response.statusCode).toBe(201);
    const visit = response.json<TVisit>();
    expect(visit).toMatchObject({
      clinicId: harbor,
      clinicName: 'Harbor Physical Therapy',
      patientName: 'James Whitfield',
      state: 'scheduled',
      note: 'Bring MRI',
      version: 1,
    });
    expect(response.headers.etag).toBe('"1"');
    expect((await latestEventOf(server, 'visit.changed', james))?.payload).toEqual({
      visitId: visit.id,
    });
  });

  it('refuses a visit before the intake date', async () => {
    const response = await schedule({ date: '2000-01-01', time: '10:30', type: 'therapy' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe('date');
  });

  it('an attended visit moves the last treatment forward, never back', async () => {
    const before = await patientDates(server, james);
    const visit = await insertVisit(server, { patientId: james, clinicId: harbor });
    const response = await record(visit, { outcome: 'attended' });
    expect(response.statusCode).toBe(200);
    expect(response.json<TVisit>()).toMatchObject({
      state: 'attended',
      recordedByName: 'Casey Harbor',
    });
    const after = await patientDates(server, james);
    expect(after.lastTreatmentDate).toBe(today());
    expect(after.version).toBe(before.version + 1);
    expect((await activityOf(james))[0]).toMatchObject({
      kind: 'visit',
      summary: `Visit attended: Therapy on ${today()}`,
    });
    expect(await latestEventOf(server, 'visit.recorded', james)).toBeDefined();

    const older = await insertVisit(server, {
      patientId: james,
      clinicId: harbor,
      date: daysAgo(10),
    });
    expect((await record(older, { outcome: 'attended' })).statusCode).toBe(200);
    expect(await patientDates(server, james)).toEqual(after);
  });

  it('refuses a stale version (409 with the visit), no version (428), a second outcome and a future attendance', async () => {
    const visit = await insertVisit(server, { patientId: james, clinicId: harbor });
    const stale = await record({ ...visit, version: 9 }, { outcome: 'cancelled' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: visit.id, state: 'scheduled', version: 1 });
    const unnamed = await server.request({
      method: 'POST',
      url: outcomeUrl(visit.id),
      cookie: clinic,
      body: { outcome: 'cancelled' },
    });
    expect(unnamed.statusCode).toBe(428);
    expect((await record(visit, { outcome: 'cancelled' })).statusCode).toBe(200);
    const again = await record({ ...visit, version: 2 }, { outcome: 'attended' });
    expect(again.statusCode).toBe(400);
    const future = await insertVisit(server, {
      patientId: james,
      clinicId: harbor,
      date: addDays(today(), 5),
    });
    expect((await record(future, { outcome: 'attended' })).statusCode).toBe(400);
  });

  it('a no-show tells the firm per its preference, not the lienholder, and shows in the feed', async () => {
    const visit = await insertVisit(server, { patientId: james, clinicId: harbor, time: '08:15' });
    const response = await record(visit, { outcome: 'no_show' });
    expect(response.statusCode).toBe(200);
    expect(await notificationsOf(server, ATTORNEY, james)).toEqual([
      {
        type: 'visit_no_show',
        content: `Missed visit: James Whitfield did not attend the visit of ${today()} 08:15`,
      },
    ]);
    expect(await notificationsOf(server, 'lienholder@demo.test', james)).toEqual([]);
    expect((await activityOf(james))[0]).toMatchObject({
      kind: 'visit',
      summary: `No-show: Therapy on ${today()}`,
    });

    const preferences = await server.request({
      url: '/api/notifications/preferences',
      cookie: attorney,
    });
    const saved = await server.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      cookie: attorney,
      body: {
        ...preferences.json<Record<string, unknown>>(),
        pendingNotificationEmail: undefined,
        notifyOnVisits: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    const second = await insertVisit(server, { patientId: james, clinicId: harbor, time: '08:45' });
    expect((await record(second, { outcome: 'no_show' })).statusCode).toBe(200);
    expect(await notificationsOf(server, ATTORNEY, james)).toHaveLength(1);
  });

  it('a reschedule books the new time and links both visits', async () => {
    const visit = await insertVisit(server, {
      patientId: james,
      clinicId: harbor,
      date: addDays(today(), 1),
    });
    const response = await record(visit, {
      outcome: 'rescheduled',
      newDate: addDays(today(), 4),
      newTime: '14:00',
    });
    expect(response.statusCode).toBe(200);
    const old = response.json<TVisit>();
    expect(old.state).toBe('rescheduled');
    const [next] = await server.context.db
      .select()
      .from(visits)
      .where(eq(visits.id, old.rescheduledToId!));
    expect(next).toMatchObject({
      rescheduledFromId: visit.id,
      visitDate: addDays(today(), 4),
      visitTime: '14:00',
      state: 'scheduled',
    });
    const same = await insertVisit(server, {
      patientId: james,
      clinicId: harbor,
      date: addDays(today(), 1),
    });
    const refused = await record(same, {
      outcome: 'rescheduled',
      newDate: addDays(today(), 1),
      newTime: '09:00',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('a correction keeps its reason and values in the history, and a later attended day moves the last treatment', async () => {
    const visit = await insertVisit(server, {
      patientId: james,
      clinicId: harbor,
      date: daysAgo(2),
      state: 'no_show',
    });
    const body = {
      date: daysAgo(2),
      time: '09:00',
      type: 'therapy',
      state: 'attended',
      note: null,
      reason: 'Signed in late; marked missed by mistake',
      version: visit.version,
    };
    const { response } = await expectOneAuditRow(
      server,
      { email: CLINIC, action: 'visit_corrected', patientId: james },
      () => server.request({ method: 'PUT', url: visitUrl(visit.id), cookie: clinic, body }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<TVisit>()).toMatchObject({ state: 'attended', version: 2 });
    const history = await server.context.db
      .select()
      .from(recordHistory)
      .where(and(eq(recordHistory.recordType, 'visit'), eq(recordHistory.recordId, visit.id)));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      reason: 'Signed in late; marked missed by mistake',
      changes: { state: { from: 'no_show', to: 'attended' } },
    });
    // The last treatment (today) stays: an older attended day never moves it back.
    expect((await patientDates(server, james)).lastTreatmentDate).toBe(today());
    const again = await server.request({
      method: 'PUT',
      url: visitUrl(visit.id),
      cookie: clinic,
      body,
    });
    expect(again.statusCode).toBe(409);
    const toRescheduled = await server.request({
      method: 'PUT',
      url: visitUrl(visit.id),
      cookie: clinic,
      body: { ...body, state: 'rescheduled', version: 2 },
    });
    expect(toRescheduled.statusCode).toBe(400);
  });

  it("lists the clinic's day in time order, audited with the patients listed", async () => {
    const day = addDays(today(), 20);
    await insertVisit(server, { patientId: james, clinicId: harbor, date: day, time: '15:00' });
    await insertVisit(server, { patientId: james, clinicId: harbor, date: day, time: '08:00' });
    const { response, row } = await expectOneAuditRow(
      server,
      { email: CLINIC, action: 'clinic_visits_viewed', patientId: null },
      () => server.request({ url: dayUrl(harbor, day), cookie: clinic }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<TVisitList>().visits.map((visit) => visit.time)).toEqual([
      '08:00',
      '15:00',
    ]);
    expect(row.details).toContain(`patients: ${james}`);
  });

  it('saves a sign-in sheet all at once, or nothing when a row is stale', async () => {
    const day = today();
    const first = await insertVisit(server, { patientId: james, clinicId: harbor, time: '11:00' });
    const second = await insertVisit(server, { patientId: james, clinicId: harbor, time: '11:30' });
    const sheet = (entries: ReadonlyArray<{ visitId: string; outcome: string; version: number }>) =>
      server.request({
        method: 'POST',
        url: signInUrl(harbor),
        cookie: clinic,
        body: { date: day, entries },
      });
    const stale = await sheet([
      { visitId: first.id, outcome: 'attended', version: first.version },
      { visitId: second.id, outcome: 'no_show', version: 7 },
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details.map((detail: { field: string }) => detail.field)).toEqual([
      'entries[1]',
    ]);
    const [untouched] = await server.context.db
      .select()
      .from(visits)
      .where(eq(visits.id, first.id));
    expect(untouched?.state).toBe('scheduled');

    const saved = await sheet([
      { visitId: first.id, outcome: 'attended', version: first.version },
      { visitId: second.id, outcome: 'no_show', version: second.version },
    ]);
    expect(saved.statusCode).toBe(200);
    const states = new Map(saved.json<TVisitList>().visits.map((visit) => [visit.id, visit.state]));
    expect(states.get(first.id)).toBe('attended');
    expect(states.get(second.id)).toBe('no_show');
    const wrongDay = await insertVisit(server, {
      patientId: james,
      clinicId: harbor,
      date: daysAgo(1),
    });
    const refused = await sheet([{ visitId: wrongDay.id, outcome: 'attended', version: 1 }]);
    expect(refused.statusCode).toBe(400);
  });

  describe('gap alerts read visits', () => {
    it('a gap after a no-show says so, and a visit booked ahead closes it', async () => {
      const patientId = await insertGapPatient(server, {
        fullName: 'Nora Visits',
        lastTreatmentDaysAgo: 20,
        clinicIds: [harbor],
        firmId: morgan,
      });
      await insertVisit(server, {
        patientId,
        clinicId: harbor,
        date: daysAgo(13),
        state: 'no_show',
      });
      await checkGaps();
      expect(await hasOpenGap(server, patientId)).toBe(true);
      expect((await activityOf(patientId))[0]?.summary).toBe(
        `Treatment gap: no treatment recorded for 20 days (${NO_SHOW_GAP_REASON})`,
      );
      const booked = await schedule(
        { date: addDays(today(), 2), time: '09:00', type: 'therapy' },
        patientId,
      );
      expect(booked.statusCode).toBe(201);
      expect(await hasOpenGap(server, patientId)).toBe(false);
      await checkGaps();
      expect(await hasOpenGap(server, patientId)).toBe(false);
    });

    it('a patient with a visit booked ahead is no gap; a no-show is no treatment', async () => {
      const patientId = await insertGapPatient(server, {
        fullName: 'Otto Booked',
        lastTreatmentDaysAgo: 30,
        clinicIds: [harbor],
        firmId: morgan,
      });
      await insertVisit(server, {
        patientId,
        clinicId: harbor,
        date: daysAgo(3),
        state: 'no_show',
      });
      const ahead = await insertVisit(server, {
        patientId,
        clinicId: harbor,
        date: addDays(today(), 1),
      });
      await checkGaps();
      expect(await hasOpenGap(server, patientId)).toBe(false);
      expect((await record(ahead, { outcome: 'cancelled' })).statusCode).toBe(200);
      await checkGaps();
      expect(await hasOpenGap(server, patientId)).toBe(true);
    });
  });
});
