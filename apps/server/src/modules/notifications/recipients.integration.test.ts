import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, notificationPreferences, patients, users } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import {
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import { actorOf } from '#src/test/test-actor.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { applyNotificationPreferences, listNotificationAudience } from './recipients.ts';

/**
 * Who is told about what, from the one module that decides it. Maria Delgado is followed by
 * Harbor (clinic), Morgan & Hale (firm) and MedLien (lienholder); a second Harbor user and an
 * inactive Morgan user are added so the same-organisation and inactive rules have someone to
 * leave out.
 */
describe('notification recipients', () => {
  let server: TestServer;
  const byEmail = new Map<string, string>();
  let maria: InScopePatient;
  let clinic: Actor;
  let admin: Actor;

  const emailsOf = (ids: readonly string[]) =>
    ids.map((id) => [...byEmail].find(([, userId]) => userId === id)?.[0] ?? id).toSorted();

  beforeAll(async () => {
    server = await createTestServer();
    const db = server.context.db;
    clinic = await actorOf(server, 'clinic@demo.test');
    const attorney = await actorOf(server, 'attorney@demo.test');
    await db.insert(users).values([
      {
        id: randomUUID(),
        email: 'colleague@demo.test',
        name: 'Harbor Colleague',
        role: 'clinic',
        organizationId: clinic.organizationId,
      },
      {
        id: randomUUID(),
        email: 'retired@demo.test',
        name: 'Retired Attorney',
        role: 'attorney',
        organizationId: attorney.organizationId,
        active: false,
      },
      {
        id: randomUUID(),
        email: 'retired-admin@demo.test',
        name: 'Retired Admin',
        role: 'admin',
        active: false,
      },
    ]);
    for (const row of await db.select({ id: users.id, email: users.email }).from(users))
      byEmail.set(row.email, row.id);
    admin = await actorOf(server, 'admin@demo.test');
    const [row] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.fullName, 'Maria Delgado'));
    maria = await requirePatientInScope(db, clinic, row!.id);
  });
  afterAll(async () => {
    await server.close();
  });

  it('tells the other organisations about a status change or an edit, never admins', async () => {
    const db = server.context.db;
    for (const type of ['status_update', 'patient_edit'] as const) {
      const byClinic = await listNotificationAudience(db, { type, actor: clinic, patient: maria });
      expect(emailsOf(byClinic)).toEqual(['attorney@demo.test', 'lienholder@demo.test']);
      const byAdmin = await listNotificationAudience(db, { type, actor: admin, patient: maria });
      expect(emailsOf(byAdmin)).toEqual([
        'attorney@demo.test',
        'clinic@demo.test',
        'colleague@demo.test',
        'lienholder@demo.test',
      ]);
    }
  });

  it('tells the whole active team and the admins about a message, the sender excluded', async () => {
    const recipients = await listNotificationAudience(server.context.db, {
      type: 'message',
      actor: clinic,
      patient: maria,
    });
    expect(emailsOf(recipients)).toEqual([
      'admin@demo.test',
      'attorney@demo.test',
      'colleague@demo.test',
      'lienholder@demo.test',
    ]);
  });

  it('tells about a document only those who may see its category now (the Intake rule)', async () => {
    const db = server.context.db;
    const upload = (patient: InScopePatient, category: 'Intake' | 'MRI') =>
      listNotificationAudience(db, { type: 'document_upload', actor: clinic, patient, category });
    expect(emailsOf(await upload(maria, 'MRI'))).toEqual([
      'admin@demo.test',
      'attorney@demo.test',
      'colleague@demo.test',
      'lienholder@demo.test',
    ]);
    expect(emailsOf(await upload(maria, 'Intake'))).toEqual([
      'admin@demo.test',
      'colleague@demo.test',
    ]);
    const discharged = { ...maria, treatmentStatus: 'Discharged' as const };
    expect(emailsOf(await upload(discharged, 'Intake'))).toEqual([
      'admin@demo.test',
      'attorney@demo.test',
      'colleague@demo.test',
    ]);
  });

  it('tells every active admin about an access request', async () => {
    const recipients = await listNotificationAudience(server.context.db, {
      type: 'access_request',
    });
    expect(emailsOf(recipients)).toEqual(['admin@demo.test']);
  });

  it('applies each toggle to its own types only, and none to access requests', async () => {
    const db = server.context.db;
    const attorney = byEmail.get('attorney@demo.test')!;
    const lienholder = byEmail.get('lienholder@demo.test')!;
    await db
      .insert(notificationPreferences)
      .values({ userId: attorney, notifyOnMessageReceived: false });
    const ids = [attorney, lienholder, attorney];
    expect(await applyNotificationPreferences(db, ids, 'message')).toEqual([lienholder]);
    expect(await applyNotificationPreferences(db, ids, 'status_update')).toEqual([
      attorney,
      lienholder,
    ]);
    expect(await applyNotificationPreferences(db, ids, 'access_request')).toEqual([
      attorney,
      lienholder,
    ]);
    await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, attorney));
  });

  it("e-mails an access request to the admin's notification address, like every other mail", async () => {
    const db = server.context.db;
    await db
      .insert(notificationPreferences)
      .values({ userId: admin.userId, notificationEmail: 'alerts@demo.test' });
    const response = await server.request({
      method: 'POST',
      url: '/api/access-requests',
      body: {
        name: 'Jordan Lee',
        email: 'jordan.lee@leephysio.example',
        organization: 'Lee Physio',
        phone: '555-0100',
        role: 'clinic',
      },
    });
    expect(response.statusCode).toBe(201);
    const mails = await db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'access_request'));
    expect(mails).toEqual([{ to: 'alerts@demo.test' }]);
  });
});
