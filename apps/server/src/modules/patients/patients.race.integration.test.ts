import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { TREATMENT_STATUSES } from '@casebridge/domain/patients/treatment-status';
import { auditLogs, notifications, patients, users } from '#src/db/schema/index.ts';
import { releaseHeldStatusChanges } from '#src/test/patient-writes.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

const TRIALS = 16;

/**
 * Racing writes to one patient: writes made from the same version race, one lands and the others
 * are refused with the record it made, so no acknowledged write is silently overwritten
 * and the audit trail chains to the table.
 */
describe('racing patient writes', () => {
  let server: TestServer;
  let cookies: string[];

  beforeAll(async () => {
    server = await createTestServer();
    cookies = [await server.login('clinic@demo.test'), await server.login('admin@demo.test')];
  });
  afterAll(async () => {
    await server.close();
  });

  const getPatient = async (name: string) =>
    (await server.context.db.select().from(patients).where(eq(patients.fullName, name)))[0]!;

  const listStatusAudits = (patientId: string, afterId: number) =>
    server.context.db
      .select({ id: auditLogs.id, details: auditLogs.details })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.patientId, patientId),
          eq(auditLogs.action, 'patient_status_changed'),
          gt(auditLogs.id, afterId),
        ),
      )
      .orderBy(asc(auditLogs.id));

  const listStatusNotifications = async (patientId: string, email: string) =>
    server.context.db
      .select({ id: notifications.id, content: notifications.content })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.recipientUserId))
      .where(
        and(
          eq(notifications.patientId, patientId),
          eq(notifications.type, 'status_update'),
          eq(users.email, email),
        ),
      );

  it('applies one of several status changes made from one version and refuses the rest', async () => {
    const patient = await getPatient('Robert Alvarez');
    let status: string = patient.treatmentStatus;
    let lastAuditId = 0;
    // Both are told of every change by the clinic user and by the admin.
    const watchers = ['attorney@demo.test', 'lienholder@demo.test'];
    const seen = new Map(watchers.map((email) => [email, new Set<string>()]));

    for (let trial = 0; trial < TRIALS; trial += 1) {
      // 2–4 distinct targets, all different from the current status, sent at once from the
      // version every writer read: exactly one may land, the others see it in their 409.
      const others = TREATMENT_STATUSES.filter((candidate) => candidate !== status);
      const count = 2 + (trial % 3);
      const targets = Array.from(
        { length: count },
        (_, index) => others[(trial + index * 3) % others.length]!,
      );
      const version = (await getPatient('Robert Alvarez')).version;
      const responses = await Promise.all(
        targets.map((target, index) =>
          server.request({
            method: 'PATCH',
            url: `/api/patients/${patient.id}/status`,
            cookie: cookies[index % cookies.length],
            body: { treatmentStatus: target, version },
          }),
        ),
      );
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(count - 1);
      const winner = responses.find((response) => response.statusCode === 200)!.json().patient;
      for (const refused of responses.filter((response) => response.statusCode === 409)) {
        expect(refused.json().current).toEqual(winner);
      }
      expect(winner.version).toBe(version + 1);

      const audits = await listStatusAudits(patient.id, lastAuditId);
      expect(audits.map((row) => row.details)).toEqual([`${status} → ${winner.treatmentStatus}`]);
      status = winner.treatmentStatus;
      expect((await getPatient('Robert Alvarez')).treatmentStatus).toBe(status);
      lastAuditId = audits.at(-1)!.id;

      await releaseHeldStatusChanges(server);
      for (const email of watchers) {
        const known = seen.get(email)!;
        const fresh = (await listStatusNotifications(patient.id, email)).filter(
          (row) => !known.has(row.id),
        );
        for (const row of fresh) known.add(row.id);
        expect(fresh.map((row) => row.content)).toEqual([
          `Treatment status of ${patient.fullName} changed to ${status}`,
        ]);
      }
    }
  });

  it('saves one of several demographics edits made from one version; the rest get 409', async () => {
    const patient = await getPatient('Grace Kim');
    const base = {
      fullName: patient.fullName,
      dob: patient.dob,
      intakeDate: patient.intakeDate,
      evalDate: patient.evalDate,
      lastTreatmentDate: patient.lastTreatmentDate,
      pointOfContactName: patient.pointOfContactName,
    };
    for (let trial = 0; trial < 5; trial += 1) {
      const version = (await getPatient('Grace Kim')).version;
      const phones = [0, 1, 2].map((index) => `555-01${trial}${index}`);
      const responses = await Promise.all(
        phones.map((phone, index) =>
          server.request({
            method: 'PUT',
            url: `/api/patients/${patient.id}/demographics`,
            cookie: cookies[index % cookies.length],
            headers: { 'if-match': `"${version}"` },
            body: { ...base, pointOfContactPhone: phone },
          }),
        ),
      );
      const codes = responses.map((response) => response.statusCode);
      expect(codes.toSorted()).toEqual([200, 409, 409]);
      const saved = responses.find((response) => response.statusCode === 200)!.json().patient;
      // The database holds the write that was acknowledged, not a later one.
      expect((await getPatient('Grace Kim')).pointOfContactPhone).toBe(saved.pointOfContactPhone);
      expect(phones).toContain(saved.pointOfContactPhone);
    }
    const audits = await server.context.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.patientId, patient.id), eq(auditLogs.action, 'patient_updated')))
      .orderBy(asc(auditLogs.id));
    expect(audits.map((row) => row.details)).toEqual(
      Array.from({ length: 5 }, () => 'changed: pointOfContactPhone'),
    );
  });
});
