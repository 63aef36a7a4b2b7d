import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { PATIENT_MESSAGES } from '@casebridge/domain/patients/patient.schemas';
import { formatEtag } from '@casebridge/domain/versioning/versioning';
import {
  auditLogs,
  heldStatusChanges,
  notificationPreferences,
  notifications,
  patientClinics,
  patients,
  users,
} from '#src/db/schema/index.ts';
import {
  applyNotificationPreferences,
  listNotificationAudience,
} from '#src/modules/notifications/recipients.ts';
import { releaseDueStatusChanges } from './patient-status.service.ts';
import type { InScopePatient } from './patient-access.ts';
import {
  changeStatusAsUser,
  getPatientVersion,
  releaseHeldStatusChanges,
} from '#src/test/patient-writes.ts';
import { withStatementLog } from '#src/test/statement-log.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * Deliberate status changes: a change names the version it was made
 * from, its notifications wait for the undo window, and an undone change notifies nobody.
 */
describe('patient status: versions and undo', () => {
  let server: TestServer;
  let clinic: string;
  let admin: string;
  let patientId: string;

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
    admin = await server.login('admin@demo.test');
    const [maria] = await server.context.db
      .select()
      .from(patients)
      .where(eq(patients.fullName, 'Maria Delgado'));
    patientId = maria!.id;
  });
  afterAll(async () => {
    await server.close();
  });

  const statusOf = async () =>
    (await server.context.db.select().from(patients).where(eq(patients.id, patientId)))[0]!
      .treatmentStatus;
  const statusNotifications = () =>
    server.context.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(and(eq(notifications.patientId, patientId), eq(notifications.type, 'status_update')));
  const auditsAfter = async (afterId: number) =>
    server.context.db
      .select({ id: auditLogs.id, action: auditLogs.action, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.patientId, patientId), gt(auditLogs.id, afterId)))
      .orderBy(asc(auditLogs.id));
  const lastAuditId = async () => (await auditsAfter(0)).at(-1)?.id ?? 0;
  const undo = (changeId: string, cookie = clinic) =>
    server.request({
      method: 'POST',
      url: `/api/patients/${patientId}/status/undo`,
      cookie,
      body: { changeId },
    });

  it('answers a read with its version as the ETag', async () => {
    const read = await server.request({ url: `/api/patients/${patientId}`, cookie: clinic });
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe(formatEtag(read.json().version));
  });

  it('refuses a change that names no version (428) or an older one (409), changing nothing', async () => {
    const before = await statusOf();
    const version = await getPatientVersion(server, patientId);
    const unnamed = await server.request({
      method: 'PATCH',
      url: `/api/patients/${patientId}/status`,
      cookie: clinic,
      body: { treatmentStatus: 'Discharged' },
    });
    expect(unnamed.statusCode).toBe(428);
    expect(unnamed.json().error.code).toBe('PRECONDITION_REQUIRED');
    const stale = await server.request({
      method: 'PATCH',
      url: `/api/patients/${patientId}/status`,
      cookie: clinic,
      headers: { 'if-match': formatEtag(version - 1 || version + 1) },
      body: { treatmentStatus: 'Discharged' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: patientId, version, treatmentStatus: before });
    const malformed = await server.request({
      method: 'PATCH',
      url: `/api/patients/${patientId}/status`,
      cookie: clinic,
      headers: { 'if-match': '*' },
      body: { treatmentStatus: 'Discharged' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await statusOf()).toBe(before);
    expect(await getPatientVersion(server, patientId)).toBe(version);
  });

  it('undoes a change within its window: nobody is notified, one audit pair remains', async () => {
    const before = await statusOf();
    const afterId = await lastAuditId();
    const notifiedBefore = (await statusNotifications()).length;
    const changed = await changeStatusAsUser(server, {
      cookie: clinic,
      patientId,
      status: 'Discharged',
    });
    expect(changed.statusCode).toBe(200);
    const { patient, undo: hold } = changed.json();
    expect(patient.treatmentStatus).toBe('Discharged');
    expect(changed.headers.etag).toBe(formatEtag(patient.version));
    expect(Date.parse(hold.until) - Date.now()).toBeGreaterThan(5_000);
    // Nothing is sent while the window is open.
    expect(await releaseDueStatusChanges(server.context.db)).toBe(0);

    const undone = await undo(hold.changeId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ treatmentStatus: before, version: patient.version + 1 });
    expect(await statusOf()).toBe(before);
    expect(await releaseHeldStatusChanges(server)).toBe(0);
    expect(await statusNotifications()).toHaveLength(notifiedBefore);
    expect((await auditsAfter(afterId)).map((row) => [row.action, row.details])).toEqual([
      ['patient_status_changed', `${before} → Discharged`],
      ['patient_status_change_undone', `Discharged → ${before}`],
    ]);
    // An undo is used once.
    expect((await undo(hold.changeId)).json().error.message).toBe(PATIENT_MESSAGES.undoClosed);
  });

  it('notifies the other parties once the window closes; then the undo is refused', async () => {
    const notifiedBefore = (await statusNotifications()).length;
    const changed = await changeStatusAsUser(server, {
      cookie: clinic,
      patientId,
      status: 'Evaluated',
    });
    const hold = changed.json().undo;
    // Two instances releasing at once send each change exactly once.
    const released = await Promise.all([
      releaseHeldStatusChanges(server),
      releaseHeldStatusChanges(server),
    ]);
    expect(released.toSorted()).toEqual([0, 1]);
    const sent = (await statusNotifications()).slice(notifiedBefore);
    expect(sent).toHaveLength(2); // the firm's attorney and the lienholder
    expect(
      await server.context.db
        .select()
        .from(heldStatusChanges)
        .where(eq(heldStatusChanges.id, hold.changeId)),
    ).toEqual([]);
    const late = await undo(hold.changeId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(PATIENT_MESSAGES.undoClosed);
    expect(await statusOf()).toBe('Evaluated');
  });

  it('refuses an undo by someone else, or after the status changed again', async () => {
    const changed = await changeStatusAsUser(server, {
      cookie: clinic,
      patientId,
      status: 'Referred for PT',
    });
    const hold = changed.json().undo;
    expect((await undo(hold.changeId, admin)).statusCode).toBe(409);
    const later = await changeStatusAsUser(server, {
      cookie: admin,
      patientId,
      status: 'Referred for MD',
    });
    expect(later.statusCode).toBe(200);
    const refused = await undo(hold.changeId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(PATIENT_MESSAGES.undoSuperseded);
    expect(refused.json().current).toMatchObject({ treatmentStatus: 'Referred for MD' });
    expect(await statusOf()).toBe('Referred for MD');
    // The refused undo left the first change's hold: its notifications still go out.
    expect(await releaseHeldStatusChanges(server)).toBe(2);
  });
});

describe('patient status: releasing many held changes at once', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("tells each patient's own parties, by their preferences, in a fixed number of statements", async () => {
    const clinic = await server.login('clinic@demo.test');
    const [author] = await server.context.db
      .select({ id: users.id, organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, 'clinic@demo.test'));
    const treated = await server.context.db
      .select()
      .from(patients)
      .innerJoin(patientClinics, eq(patientClinics.patientId, patients.id))
      .where(eq(patientClinics.clinicId, author!.organizationId!))
      .orderBy(asc(patients.fullName))
      .limit(3);
    // Read as the release reads them: every patient, from who may see it now.
    const chosen = treated.map((row) => row.patients as InScopePatient);
    expect(chosen).toHaveLength(3);
    const audienceOf = (patient: InScopePatient) =>
      listNotificationAudience(server.context.db, {
        type: 'status_update',
        actor: { userId: author!.id, organizationId: author!.organizationId },
        patient,
      });
    // One of the first patient's parties has turned status updates off.
    const [optedOut] = await audienceOf(chosen[0]!);
    expect(optedOut).toBeDefined();
    await server.context.db
      .insert(notificationPreferences)
      .values({ userId: optedOut!, notifyOnStatusChange: false });
    const expected = new Map<string, string[]>();
    for (const patient of chosen) {
      const told = await applyNotificationPreferences(
        server.context.db,
        await audienceOf(patient),
        'status_update',
      );
      expected.set(patient.id, told.toSorted());
      const changed = await changeStatusAsUser(server, {
        cookie: clinic,
        patientId: patient.id,
        status: patient.treatmentStatus === 'Discharged' ? 'Evaluated' : 'Discharged',
      });
      expect(changed.statusCode).toBe(200);
    }
    expect(expected.get(chosen[0]!.id)).not.toContain(optedOut);
    // Patients with different parties, so a recipient given to the wrong patient shows.
    expect(new Set([...expected.values()].map((told) => told.join())).size).toBe(3);

    const { db, statements } = withStatementLog(server);
    const released = await releaseHeldStatusChanges(server, db);

    expect(released).toBe(3);
    // The claim and its authors, the patients, their audiences, the preferences, the
    // notifications and their events: one statement each, however many changes are released
    // (the notifications take one more per 1,000 rows).
    expect(statements).toHaveLength(7);
    const sent = await server.context.db
      .select({ patientId: notifications.patientId, userId: notifications.recipientUserId })
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'status_update'),
          inArray(
            notifications.patientId,
            chosen.map((patient) => patient.id),
          ),
        ),
      );
    for (const patient of chosen) {
      expect(
        sent
          .filter((row) => row.patientId === patient.id)
          .map((row) => row.userId)
          .toSorted(),
      ).toEqual(expected.get(patient.id));
    }
  });
});
