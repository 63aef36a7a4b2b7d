import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PATIENT_MESSAGES } from '@casebridge/domain/patients/patient.schemas';
import {
  auditLogs,
  notifications,
  organizations,
  patientClinics,
  patients,
  settings,
  users,
} from '#src/db/schema/index.ts';
import {
  changeStatusAsUser,
  releaseHeldStatusChanges,
  saveDemographicsAsUser,
} from '#src/test/patient-writes.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { formMessage } from '#src/test/form-message.ts';

describe('patients', () => {
  let server: TestServer;
  let clinicCookie: string;
  let adminCookie: string;
  const org = {} as Record<string, string>;

  beforeAll(async () => {
    server = await createTestServer();
    clinicCookie = await server.login('clinic@demo.test');
    adminCookie = await server.login('admin@demo.test');
    for (const row of await server.context.db.select().from(organizations)) org[row.name] = row.id;
  });
  afterAll(async () => {
    await server.close();
  });

  const harbor = () => org['Harbor Physical Therapy']!;
  const summit = () => org['Summit Spine & Pain Center']!;
  const morgan = () => org['Morgan & Hale Injury Law']!;
  const idOf = async (name: string) =>
    (await server.context.db.select().from(patients).where(eq(patients.fullName, name)))[0]!.id;

  describe('create', () => {
    const create = (body: Record<string, unknown>, cookie = clinicCookie) =>
      server.request({ method: 'POST', url: '/api/patients', cookie, body });

    it('checks name, date of birth, clinic and firm in the spec order', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ fullName: '   ', dob: '', clinicIds: [], firmId: '' }, PATIENT_MESSAGES.nameRequired],
        [{ fullName: 'Ann Lee', dob: '', clinicIds: [], firmId: '' }, PATIENT_MESSAGES.dobRequired],
        [
          { fullName: 'Ann Lee', dob: '2999-01-01', clinicIds: [], firmId: '' },
          PATIENT_MESSAGES.dobInvalid,
        ],
        [
          { fullName: 'Ann Lee', dob: '1990-02-03', clinicIds: [], firmId: '' },
          PATIENT_MESSAGES.clinicRequired,
        ],
        [
          { fullName: 'Ann Lee', dob: '1990-02-03', clinicIds: [harbor()], firmId: '' },
          PATIENT_MESSAGES.firmRequired,
        ],
      ];
      for (const [body, message] of cases) {
        const response = await create(body);
        expect(response.statusCode).toBe(400);
        expect(formMessage(response)).toBe(message);
      }
    });

    it('trims, omits blank optionals, defaults intake to today and status to Referred; audits and is visible', async () => {
      const response = await create({
        fullName: '  Nora   Quinn ',
        dob: '1987-06-05',
        clinicIds: [harbor()],
        firmId: morgan(),
        pointOfContactName: '  ',
        pointOfContactPhone: ' (555) 010-2000 ',
      });
      expect(response.statusCode).toBe(201);
      const { id } = response.json();
      const [row] = await server.context.db.select().from(patients).where(eq(patients.id, id));
      expect(row).toMatchObject({
        fullName: 'Nora   Quinn',
        treatmentStatus: 'Referred',
        pointOfContactName: null,
        pointOfContactPhone: '(555) 010-2000',
        intakeDate: new Date().toISOString().slice(0, 10),
        evalDate: null,
      });
      const audit = await server.context.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'patient_created'), eq(auditLogs.patientId, id)));
      expect(audit).toHaveLength(1);
      const detail = await server.request({
        url: `/api/patients/${id}`,
        cookie: await server.login('attorney@demo.test'),
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().clinics.map((clinic: { name: string }) => clinic.name)).toEqual([
        'Harbor Physical Therapy',
      ]);
    });

    it('refuses a clinic creating a patient without its own clinic, and unknown organisations', async () => {
      const notOwn = await create({
        fullName: 'Ann Lee',
        dob: '1990-02-03',
        clinicIds: [summit()],
        firmId: morgan(),
      });
      expect(notOwn.statusCode).toBe(400);
      const wrongKind = await create(
        {
          fullName: 'Ann Lee',
          dob: '1990-02-03',
          clinicIds: [harbor(), morgan()],
          firmId: morgan(),
        },
        adminCookie,
      );
      expect(wrongKind.statusCode).toBe(400);
      const firmIsClinic = await create(
        { fullName: 'Ann Lee', dob: '1990-02-03', clinicIds: [harbor()], firmId: harbor() },
        adminCookie,
      );
      expect(formMessage(firmIsClinic)).toBe(PATIENT_MESSAGES.firmRequired);
    });

    it("honours 'Allow Clinic Patient Creation' off: clinics are refused, admins still create", async () => {
      await server.context.db
        .update(settings)
        .set({ allowClinicPatientCreation: false })
        .where(eq(settings.id, true));
      try {
        const body = {
          fullName: 'Setting Test',
          dob: '1990-02-03',
          clinicIds: [harbor()],
          firmId: morgan(),
        };
        expect((await create(body)).statusCode).toBe(403);
        expect((await create(body, adminCookie)).statusCode).toBe(201);
      } finally {
        await server.context.db
          .update(settings)
          .set({ allowClinicPatientCreation: true })
          .where(eq(settings.id, true));
      }
    });
  });

  describe('list', () => {
    it('searches by name case-insensitively, filters by status and sorts', async () => {
      const search = await server.request({
        url: '/api/patients?search=WHIT',
        cookie: clinicCookie,
      });
      expect(search.json().items.map((item: { fullName: string }) => item.fullName)).toEqual([
        'James Whitfield',
      ]);
      const wildcard = await server.request({
        url: '/api/patients?search=%25',
        cookie: clinicCookie,
      });
      expect(wildcard.json().total).toBe(0);

      const discharged = await server.request({
        url: '/api/patients?status=Discharged&limit=100',
        cookie: adminCookie,
      });
      const statuses = new Set(
        discharged.json().items.map((item: { treatmentStatus: string }) => item.treatmentStatus),
      );
      expect([...statuses]).toEqual(['Discharged']);

      const byName = await server.request({
        url: '/api/patients?sort=name&limit=100',
        cookie: adminCookie,
      });
      const names = byName.json().items.map((item: { fullName: string }) => item.fullName);
      expect(names).toEqual(
        names.toSorted((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
      );

      const byStatus = await server.request({
        url: '/api/patients?sort=status&limit=100',
        cookie: adminCookie,
      });
      const order = byStatus
        .json()
        .items.map((item: { treatmentStatus: string }) => item.treatmentStatus);
      expect(order[0]).toBe('Referred');
      expect(order.at(-1)).toBe('Discharged');
    });

    it('names each patient’s clinics and firm in the list', async () => {
      const response = await server.request({
        url: '/api/patients?search=Whitfield',
        cookie: adminCookie,
      });
      expect(response.json().items[0]).toMatchObject({
        clinicNames: ['Harbor Physical Therapy', 'Riverside Imaging Associates'],
        firmName: 'Morgan & Hale Injury Law',
      });
    });

    it('pages without overlap, forward by nextCursor and back by previousCursor', async () => {
      const first = await server.request({ url: '/api/patients?limit=10', cookie: adminCookie });
      const second = await server.request({
        url: `/api/patients?limit=10&cursor=${first.json().nextCursor}`,
        cookie: adminCookie,
      });
      const firstIds = first.json().items.map((item: { id: string }) => item.id);
      const secondIds = second.json().items.map((item: { id: string }) => item.id);
      expect(firstIds).toHaveLength(10);
      expect(firstIds.filter((id: string) => secondIds.includes(id))).toEqual([]);
      expect(first.json().total).toBeGreaterThanOrEqual(20);
      expect(first.json().previousCursor).toBeNull();
      const back = await server.request({
        url: `/api/patients?limit=10&cursor=${second.json().previousCursor}`,
        cookie: adminCookie,
      });
      expect(back.json().items.map((item: { id: string }) => item.id)).toEqual(firstIds);

      const foreign = await server.request({
        url: `/api/patients?limit=10&sort=name&cursor=${first.json().nextCursor}`,
        cookie: adminCookie,
      });
      expect(foreign.statusCode).toBe(400);
      const forged = await server.request({
        url: '/api/patients?limit=10&cursor=bm90LWEtY3Vyc29y',
        cookie: adminCookie,
      });
      expect(forged.statusCode).toBe(400);
    });
  });

  describe('status', () => {
    it('changes the status, audits it and notifies the other parties but not the actor’s clinic', async () => {
      const id = await idOf('Robert Alvarez');
      const response = await changeStatusAsUser(server, {
        cookie: clinicCookie,
        patientId: id,
        status: 'Discharged',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().patient.treatmentStatus).toBe('Discharged');
      await releaseHeldStatusChanges(server);
      const audit = await server.context.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'patient_status_changed'), eq(auditLogs.patientId, id)));
      expect(audit[0]?.details).toBe('Referred for PT → Discharged');
      const notified = await server.context.db
        .select({ email: users.email })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.recipientUserId))
        .where(and(eq(notifications.patientId, id), eq(notifications.type, 'status_update')));
      expect(notified.map((row) => row.email).toSorted()).toEqual([
        'attorney@demo.test',
        'lienholder@demo.test',
      ]);
    });

    it('refuses an unknown status', async () => {
      const id = await idOf('Robert Alvarez');
      const response = await server.request({
        method: 'PATCH',
        url: `/api/patients/${id}/status`,
        cookie: clinicCookie,
        body: { treatmentStatus: 'Cured' },
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('demographics', () => {
    it('requires full name and date of birth', async () => {
      const id = await idOf('Grace Kim');
      const response = await server.request({
        method: 'PUT',
        url: `/api/patients/${id}/demographics`,
        cookie: clinicCookie,
        body: { fullName: ' ', dob: '1989-09-29' },
      });
      expect(formMessage(response)).toBe(PATIENT_MESSAGES.nameRequired);
      const noDob = await server.request({
        method: 'PUT',
        url: `/api/patients/${id}/demographics`,
        cookie: clinicCookie,
        body: { fullName: 'Grace Kim', dob: '' },
      });
      expect(formMessage(noDob)).toBe(PATIENT_MESSAGES.dobRequired);
      const futureDob = await server.request({
        method: 'PUT',
        url: `/api/patients/${id}/demographics`,
        cookie: clinicCookie,
        body: { fullName: 'Grace Kim', dob: '2999-01-01' },
      });
      expect(futureDob.statusCode).toBe(400);
      expect(formMessage(futureDob)).toBe(PATIENT_MESSAGES.dobInvalid);
      const [stored] = await server.context.db.select().from(patients).where(eq(patients.id, id));
      expect(stored?.dob).not.toBe('2999-01-01');
    });

    it('saves and, when asked, notifies the users of the other assigned organisations', async () => {
      const id = await idOf('Grace Kim');
      const response = await saveDemographicsAsUser(server, {
        patientId: id,
        cookie: clinicCookie,
        body: {
          fullName: 'Grace Kim',
          dob: '1989-09-29',
          intakeDate: '2026-08-01',
          evalDate: '',
          lastTreatmentDate: null,
          pointOfContactName: 'June Kim',
          pointOfContactPhone: '555-0100',
          notify: true,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().patient).toMatchObject({
        pointOfContactName: 'June Kim',
        intakeDate: '2026-08-01',
        evalDate: null,
      });
      expect(response.json().notifiedUsers).toBe(2);
      const rows = await server.context.db
        .select({ email: users.email, content: notifications.content, link: notifications.linkTo })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.recipientUserId))
        .where(and(eq(notifications.patientId, id), eq(notifications.type, 'patient_edit')));
      expect(rows.map((row) => row.email).toSorted()).toEqual([
        'attorney@demo.test',
        'lienholder@demo.test',
      ]);
      expect(rows[0]?.content).toBe('Patient demographics updated by clinic');
    });

    it('lets only an admin reassign clinics and firm', async () => {
      const id = await idOf('Lucy Thompson');
      const body = {
        fullName: 'Lucy Thompson',
        dob: '2001-01-15',
        clinicIds: [harbor(), summit()],
      };
      const byClinic = await saveDemographicsAsUser(server, {
        patientId: id,
        cookie: clinicCookie,
        body,
      });
      expect(byClinic.statusCode).toBe(403);
      expect(
        await server.context.db
          .select()
          .from(patientClinics)
          .where(eq(patientClinics.patientId, id)),
      ).toHaveLength(1);
      const byAdmin = await saveDemographicsAsUser(server, {
        patientId: id,
        cookie: adminCookie,
        body: { ...body, firmId: morgan() },
      });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().patient.clinics).toHaveLength(2);
      expect(byAdmin.json().patient.firm.name).toBe('Morgan & Hale Injury Law');
      // Summit's user now sees her; the clinic may still save unchanged assignments.
      const clinic2 = await server.login('clinic2@demo.test');
      expect(
        (await server.request({ url: `/api/patients/${id}`, cookie: clinic2 })).statusCode,
      ).toBe(200);
      const unchanged = await saveDemographicsAsUser(server, {
        patientId: id,
        cookie: clinicCookie,
        body: { ...body, clinicIds: [summit(), harbor()] },
      });
      expect(unchanged.statusCode).toBe(200);
    });
  });

  it('shows every patient with its clinics, firm and lienholders, each by name with its phone', async () => {
    const { db } = server.context;
    const byId = new Map(
      (await db.select().from(organizations)).map((o) => [
        o.id,
        { id: o.id, name: o.name, phone: o.phone },
      ]),
    );
    const linked = async (table: 'patient_clinics' | 'patient_lienholders', patientId: string) => {
      const column = table === 'patient_clinics' ? 'clinic_id' : 'lienholder_id';
      const result = await db.execute(
        sql`select ${sql.identifier(column)} as id from ${sql.identifier(table)} where patient_id = ${patientId}`,
      );
      return (result as unknown as { rows: Array<{ id: string }> }).rows
        .map((row) => byId.get(row.id)!)
        .toSorted((a, b) => (a.name < b.name ? -1 : 1));
    };
    const all = await db.select().from(patients);
    let withLienholders = 0;
    for (const patient of all) {
      const response = await server.request({
        url: `/api/patients/${patient.id}`,
        cookie: adminCookie,
      });
      const lienholders = await linked('patient_lienholders', patient.id);
      withLienholders += lienholders.length > 0 ? 1 : 0;
      expect({ name: patient.fullName, ...response.json() }).toMatchObject({
        name: patient.fullName,
        clinics: await linked('patient_clinics', patient.id),
        firm: patient.firmId ? byId.get(patient.firmId) : null,
        lienholders,
      });
    }
    // The demo data has patients with lienholders and without, so both were compared.
    expect(withLienholders).toBeGreaterThan(0);
    expect(withLienholders).toBeLessThan(all.length);
  });

  it('audits every read of a patient record', async () => {
    const id = await idOf('Hannah Schmidt');
    const viewsOf = () =>
      server.context.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'patient_viewed'), eq(auditLogs.patientId, id)))
        .orderBy(asc(auditLogs.id));
    const before = (await viewsOf()).length;
    await server.request({ url: `/api/patients/${id}`, cookie: adminCookie });
    const rows = (await viewsOf()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userRole: 'admin', userName: 'Avery Admin' });
  });

  it("answers a user without an organisation with the spec's scope error", async () => {
    const [clinicUser] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'imaging@demo.test'));
    const cookie = await server.login('imaging@demo.test');
    // Simulate a broken account: a clinic user whose clinic link is gone.
    await server.context.db.execute(
      sql`alter table users drop constraint users_organization_check`,
    );
    await server.context.db
      .update(users)
      .set({ organizationId: null })
      .where(eq(users.id, clinicUser!.id));
    const response = await server.request({ url: '/api/patients', cookie });
    expect(response.statusCode).toBe(403);
    expect(formMessage(response)).toBe('Clinic user missing clinic association');
  });
});
