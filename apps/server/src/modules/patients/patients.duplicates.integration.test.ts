import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PATIENT_MESSAGES } from '@casebridge/domain/patients/patient.schemas';
import { auditLogs, organizations, patients } from '#src/db/schema/index.ts';
import { useTestServer } from '#src/test/test-server.ts';

/** A patient the user can see with the same name and birth date warns (docs/requirements.md). */
describe('Add Patient duplicate check', () => {
  const setup = useTestServer('clinic@demo.test');
  const org = {} as Record<string, string>;
  let adminCookie = '';
  beforeAll(async () => {
    adminCookie = await setup.server.login('admin@demo.test');
    for (const row of await setup.server.context.db.select().from(organizations))
      org[row.name] = row.id;
  });

  const create = (
    fullName: string,
    { clinic = 'Harbor Physical Therapy', cookie = setup.cookie, allowDuplicate = false } = {},
  ) =>
    setup.server.request({
      method: 'POST',
      url: '/api/patients',
      cookie,
      body: {
        fullName,
        dob: '1979-04-12',
        clinicIds: [org[clinic]],
        firmId: org['Morgan & Hale Injury Law'],
        ...(allowDuplicate ? { allowDuplicate } : {}),
      },
    });
  const rowsNamed = async (...names: string[]) =>
    (await setup.server.context.db.select().from(patients)).filter((row) =>
      names.includes(row.fullName),
    );

  const countCreatedAudits = async () =>
    (
      await setup.server.context.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'patient_created'))
    ).length;

  it("refuses the same name in another case, spacing and punctuation with 409, creating nothing; 'Create anyway' creates", async () => {
    const first = await create("O'Brien, Mary");
    expect(first.statusCode).toBe(201);
    const { id } = first.json<{ id: string }>();

    const auditedBefore = await countCreatedAudits();
    const again = await create('  obrien   MARY ');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'CONFLICT', message: PATIENT_MESSAGES.duplicate },
      duplicates: [{ id, fullName: "O'Brien, Mary", dob: '1979-04-12' }],
    });
    expect(await rowsNamed("O'Brien, Mary", 'obrien   MARY')).toHaveLength(1);
    expect(await countCreatedAudits()).toBe(auditedBefore);

    const anyway = await create('obrien MARY', { allowDuplicate: true });
    expect(anyway.statusCode).toBe(201);
    const second = anyway.json<{ id: string }>().id;
    expect(second).not.toBe(id);
    const audited = await setup.server.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'patient_created'), eq(auditLogs.patientId, second)));
    expect(audited).toHaveLength(1);
    expect(await rowsNamed("O'Brien, Mary", 'obrien MARY')).toHaveLength(2);
  });

  it('does not warn about, or reveal, a same-name patient outside the user’s scope', async () => {
    // Created by the admin for another clinic: Harbor's user cannot see it.
    const hidden = await create('Zed Outside-Scope', {
      clinic: 'Summit Spine & Pain Center',
      cookie: adminCookie,
    });
    expect(hidden.statusCode).toBe(201);
    const mine = await create('zed outside scope');
    expect(mine.statusCode).toBe(201);
    expect(mine.body).not.toContain(hidden.json<{ id: string }>().id);
    // The admin sees both, so the admin is warned about both.
    const admin = await create('ZED OUTSIDE SCOPE', {
      clinic: 'Summit Spine & Pain Center',
      cookie: adminCookie,
    });
    expect(admin.statusCode).toBe(409);
    expect(admin.json<{ duplicates: unknown[] }>().duplicates).toHaveLength(2);
  });
});
