import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { TREATMENT_STATUSES } from '@casebridge/domain/patients/treatment-status';
import { auditLogs, notifications, patients, users } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

const TRIALS = 16;

/**
 * Racing writes to one patient (issue 9, point 7): each change must be audited and notified
 * against the status the row really had, so the audit trail chains to the table.
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

  it('audits and notifies every racing status change against the status it replaced', async () => {
    const patient = await getPatient('Robert Alvarez');
    let status: string = patient.treatmentStatus;
    let lastAuditId = 0;
    // Both are told of every change by the clinic user and by the admin.
    const watchers = ['attorney@demo.test', 'lienholder@demo.test'];
    const seen = new Map(watchers.map((email) => [email, new Set<string>()]));

    for (let trial = 0; trial < TRIALS; trial += 1) {
      // 2–4 distinct targets, all different from the current status: every one is a real change
      // whatever order they land in, so each must leave exactly one audit row.
      const others = TREATMENT_STATUSES.filter((candidate) => candidate !== status);
      const count = 2 + (trial % 3);
      const targets = Array.from(
        { length: count },
        (_, index) => others[(trial + index * 3) % others.length]!,
      );
      expect(new Set(targets).size).toBe(count);

      const responses = await Promise.all(
        targets.map((target, index) =>
          server.request({
            method: 'PATCH',
            url: `/api/patients/${patient.id}/status`,
            cookie: cookies[index % cookies.length],
            body: { treatmentStatus: target },
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(targets.map(() => 200));
      expect(responses.map((response) => response.json().treatmentStatus)).toEqual(targets);

      const audits = await listStatusAudits(patient.id, lastAuditId);
      const steps = audits.map((row) => row.details!.split(' → '));
      expect(steps).toHaveLength(count);
      for (const [from, to] of steps) {
        expect(from, `trial ${trial}: ${JSON.stringify(steps)}`).toBe(status);
        status = to!;
      }
      expect((await getPatient('Robert Alvarez')).treatmentStatus).toBe(status);
      expect(steps.map(([, to]) => to).toSorted()).toEqual(targets.toSorted());
      lastAuditId = audits.at(-1)!.id;

      for (const email of watchers) {
        const known = seen.get(email)!;
        const fresh = (await listStatusNotifications(patient.id, email)).filter(
          (row) => !known.has(row.id),
        );
        for (const row of fresh) known.add(row.id);
        expect(fresh.map((row) => row.content).toSorted()).toEqual(
          steps
            .map(([, to]) => `Treatment status of ${patient.fullName} changed to ${to}`)
            .toSorted(),
        );
      }
    }
  });

  it('lists in the demographics audit only the fields that differ from the saved row', async () => {
    const patient = await getPatient('Grace Kim');
    const base = {
      fullName: patient.fullName,
      dob: patient.dob,
      intakeDate: patient.intakeDate,
      evalDate: patient.evalDate,
      lastTreatmentDate: patient.lastTreatmentDate,
      pointOfContactName: patient.pointOfContactName,
    };
    const phones = ['555-0101', '555-0102', '555-0103'];
    // Several editors save the same phone number: only the first to land changed it.
    for (let trial = 0; trial < 5; trial += 1) {
      const phone = phones[trial % phones.length]!;
      const responses = await Promise.all(
        [0, 1, 2].map((index) =>
          server.request({
            method: 'PUT',
            url: `/api/patients/${patient.id}/demographics`,
            cookie: cookies[index % cookies.length],
            body: { ...base, pointOfContactPhone: `${phone}${trial}` },
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    }
    const audits = await server.context.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.patientId, patient.id), eq(auditLogs.action, 'patient_updated')))
      .orderBy(asc(auditLogs.id));
    const details = audits.map((row) => row.details);
    expect(details).toEqual(
      Array.from({ length: 5 }, () => [
        'changed: pointOfContactPhone',
        'no changes',
        'no changes',
      ]).flat(),
    );
  });
});
