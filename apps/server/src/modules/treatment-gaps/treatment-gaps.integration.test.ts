import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { describePatientGap } from '@casebridge/domain/gaps/treatment-gap';
import { organizations, patients } from '#src/db/schema/index.ts';
import { changeStatusAsUser, saveDemographicsAsUser } from '#src/test/patient-writes.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { runTreatmentGapCheck } from './treatment-gaps.service.ts';
import {
  daysAgo,
  getClinicThreshold,
  hasOpenGap,
  insertGapPatient,
  listGapActivity,
  listGapDigestMails,
  listGapDigests,
  listGaps,
  organizationOf,
  runGapDigestAt,
} from './treatment-gaps-test-support.ts';

type Listed = { id: string; fullName: string; gapDays?: number | null };

/**
 * Treatment-gap alerts: the periodic check opens a gap once, however often
 * and on however many instances it runs, and the daily digest tells of it; recorded care or
 * leaving active treatment closes it; each clinic has its own threshold; the lists carry the gap
 * and filter by it within scope. Many gaps at once: gap-digest.postgres.integration.test.ts.
 */
describe('treatment gaps', () => {
  let server: TestServer;
  let clinic: string;
  let clinic2: string;
  let attorney: string;
  let harbor: string;
  let summit: string;
  let morgan: string;

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
    clinic2 = await server.login('clinic2@demo.test');
    attorney = await server.login('attorney@demo.test');
    harbor = await organizationOf(server, 'clinic@demo.test');
    summit = await organizationOf(server, 'clinic2@demo.test');
    morgan = await organizationOf(server, 'attorney@demo.test');
  });
  afterAll(async () => {
    await server.close();
  });

  const check = () =>
    runTreatmentGapCheck(server.context.db, { appUrl: server.context.env.appUrl });
  const gapPatient = (fullName: string, lastTreatmentDaysAgo: number, extra = {}) =>
    insertGapPatient(server, {
      fullName,
      lastTreatmentDaysAgo,
      clinicIds: [harbor],
      firmId: morgan,
      ...extra,
    });
  const listPatients = async (query: string, cookie: string): Promise<Listed[]> => {
    const response = await server.request({ url: `/api/patients?${query}`, cookie });
    expect(response.statusCode).toBe(200);
    return response.json().items;
  };

  it('opens one gap however often the check runs, and the digest tells the clinic and the firm once', async () => {
    const patientId = await gapPatient('Gap Opens Once', 17);
    await check();
    await Promise.all([check(), check()]);
    await check();
    const gaps = await listGaps(server, patientId);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatchObject({ lastCareOn: daysAgo(17), thresholdDays: 14, closedAt: null });
    // The check tells nobody: its users hear of the gap in their daily digest.
    expect(await listGapDigests(server)).toEqual([]);
    await Promise.all([runGapDigestAt(server), runGapDigestAt(server)]);
    await runGapDigestAt(server);
    const digests = await listGapDigests(server);
    expect(digests.length).toBeGreaterThan(0);
    expect(new Set(digests.map((row) => row.userId)).size).toBe(digests.length);
    expect(new Set(digests.map((row) => row.role))).toEqual(new Set(['clinic', 'attorney']));
    for (const digest of digests)
      expect(digest).toMatchObject({
        patientId,
        linkTo: `/patients/${patientId}`,
        content: describePatientGap('Gap Opens Once', 17),
      });
    // One e-mail per told user (the admin's e-mail setting is on in the demo).
    const mails = await listGapDigestMails(server);
    expect(mails.map((mail) => mail.userId).toSorted()).toEqual(
      digests.map((row) => row.userId).toSorted(),
    );
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(mails.length);
    expect(await listGapActivity(server, patientId)).toEqual(['gap_opened']);
    const detail = await server.request({ url: `/api/patients/${patientId}`, cookie: clinic });
    expect(detail.json().gapDays).toBe(17);
  });

  it('does not flag a patient within the threshold, nor Referred or Discharged ones', async () => {
    const recent = await gapPatient('Gap Recent Care', 14);
    const referred = await gapPatient('Gap Referred', 40, { status: 'Referred' });
    const discharged = await gapPatient('Gap Discharged', 40, { status: 'Discharged' });
    await check();
    for (const id of [recent, referred, discharged])
      expect(await hasOpenGap(server, id)).toBe(false);
  });

  it('closes the gap when a last treatment date is recorded', async () => {
    const patientId = await gapPatient('Gap Closed By Treatment', 30);
    await check();
    expect(await hasOpenGap(server, patientId)).toBe(true);
    const saved = await saveDemographicsAsUser(server, {
      cookie: clinic,
      patientId,
      body: {
        fullName: 'Gap Closed By Treatment',
        dob: '1980-01-01',
        intakeDate: daysAgo(40),
        evalDate: null,
        lastTreatmentDate: daysAgo(0),
        pointOfContactName: null,
        pointOfContactPhone: null,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().patient.gapDays).toBeNull();
    expect(await hasOpenGap(server, patientId)).toBe(false);
    expect(await listGapActivity(server, patientId)).toEqual(['gap_opened', 'gap_closed']);
    // Cared for today: the next run opens nothing.
    await check();
    expect(await listGaps(server, patientId)).toHaveLength(1);
  });

  it('closes the gap when a billing line is added', async () => {
    const patientId = await gapPatient('Gap Closed By Billing', 30);
    await check();
    const billed = await server.request({
      method: 'POST',
      url: `/api/patients/${patientId}/billing`,
      cookie: clinic,
      body: { cptCode: '97110', sessionCount: 1, amount: '120.00' },
    });
    expect(billed.statusCode).toBe(201);
    expect(await hasOpenGap(server, patientId)).toBe(false);
  });

  it('closes the gap when the patient is discharged', async () => {
    const patientId = await gapPatient('Gap Closed By Discharge', 30);
    await check();
    const changed = await changeStatusAsUser(server, {
      cookie: clinic,
      patientId,
      status: 'Discharged',
    });
    expect(changed.statusCode).toBe(200);
    expect(await hasOpenGap(server, patientId)).toBe(false);
  });

  it('reopens a gap whose closing was undone without telling anyone twice', async () => {
    const hoursLater = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const toldOf = async () =>
      (await listGapDigests(server)).filter((row) => row.content.includes('Gap Discharge Undone'));
    const patientId = await gapPatient('Gap Discharge Undone', 30);
    await check();
    // A day after the first test's digest, the next one tells of this gap.
    await runGapDigestAt(server, hoursLater(25));
    const told = await toldOf();
    expect(told.length).toBeGreaterThan(0);
    const changed = await changeStatusAsUser(server, {
      cookie: clinic,
      patientId,
      status: 'Discharged',
    });
    expect(changed.statusCode).toBe(200);
    expect(await hasOpenGap(server, patientId)).toBe(false);
    // The discharge is taken back (as its undo does): same care, same gap.
    await server.context.db
      .update(patients)
      .set({ treatmentStatus: 'Referred for PT' })
      .where(eq(patients.id, patientId));
    await check();
    expect(await hasOpenGap(server, patientId)).toBe(true);
    expect(await listGaps(server, patientId)).toHaveLength(2);
    // Another day later the digest is due again, and leaves out the gap told of already.
    await runGapDigestAt(server, hoursLater(50));
    expect(await toldOf()).toHaveLength(told.length);
  });

  it("follows each clinic's threshold, the strictest of a patient's clinics", async () => {
    const original = await getClinicThreshold(server, summit);
    await server.context.db
      .update(organizations)
      .set({ gapThresholdDays: 30 })
      .where(eq(organizations.id, summit));
    const summitOnly = await gapPatient('Gap Summit Only', 20, { clinicIds: [summit] });
    const both = await gapPatient('Gap Summit And Harbor', 20, { clinicIds: [summit, harbor] });
    await check();
    expect(await hasOpenGap(server, summitOnly)).toBe(false);
    expect(await hasOpenGap(server, both)).toBe(true);
    // Lowering Summit's threshold through the setting runs the check at once.
    const saved = await server.request({
      method: 'PUT',
      url: `/api/clinics/${summit}/gap-setting`,
      cookie: clinic2,
      body: { thresholdDays: 7, version: original.version },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ clinicId: summit, thresholdDays: 7 });
    expect(await hasOpenGap(server, summitOnly)).toBe(true);
  });

  it("lets an admin set a clinic's threshold in the organisation edit, checked at once", async () => {
    const admin = await server.login('admin@demo.test');
    const riverside = await organizationOf(server, 'imaging@demo.test');
    const patientId = await gapPatient('Gap Riverside Admin', 10, { clinicIds: [riverside] });
    await check();
    expect(await hasOpenGap(server, patientId)).toBe(false);
    const listed = await server.request({ url: '/api/organizations?kind=clinic', cookie: admin });
    const clinicRow = (listed.json().items as Array<Record<string, unknown>>).find(
      (item) => item.id === riverside,
    )!;
    expect(clinicRow.gapThresholdDays).toBe(14);
    const { id: _id, kind: _kind, slug: _slug, version, updatedAt: _at, ...fields } = clinicRow;
    const { updatedByName: _by, ...editable } = fields;
    const saved = await server.request({
      method: 'PATCH',
      url: `/api/organizations/${riverside}`,
      cookie: admin,
      body: { ...editable, gapThresholdDays: 7, version },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().gapThresholdDays).toBe(7);
    expect(await hasOpenGap(server, patientId)).toBe(true);
  });

  it('lists the gap days and filters by open gaps, within the scope', async () => {
    const gapped = await gapPatient('Gap Filter Flagged', 21);
    const fine = await gapPatient('Gap Filter Fine', 2);
    await check();
    const all = await listPatients('search=gap%20filter', clinic);
    expect(all.map((item) => [item.id, item.gapDays])).toEqual(
      expect.arrayContaining([
        [gapped, 21],
        [fine, null],
      ]),
    );
    for (const cookie of [clinic, attorney]) {
      const filtered = await listPatients('gap=open&limit=100', cookie);
      expect(filtered.map((item) => item.id)).toContain(gapped);
      expect(filtered.map((item) => item.id)).not.toContain(fine);
      expect(filtered.every((item) => typeof item.gapDays === 'number')).toBe(true);
    }
    // Summit's clinic user does not see Harbor's patients, gap or not.
    const other = await listPatients('gap=open&limit=100', clinic2);
    expect(other.map((item) => item.id)).not.toContain(gapped);
    const counted = await server.request({ url: '/api/patients?gap=open', cookie: clinic });
    expect(counted.json().total).toBe((await listPatients('gap=open&limit=100', clinic)).length);
  });
});
