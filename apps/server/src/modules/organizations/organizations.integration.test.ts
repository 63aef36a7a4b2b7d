import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ORGANIZATION_MESSAGES } from '@casebridge/domain/organizations/organization-admin.schemas';
import { auditLogs, events, organizations } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { expectVersionRequired, writeTwiceFromOneVersion } from '#src/test/versioned-writes.ts';
import { formMessage } from '#src/test/form-message.ts';

type Org = { name: string; kind: string };
const names = (items: Org[]) => items.map((item) => item.name);

describe('directory', () => {
  let server: TestServer;
  let admin: string;
  let attorney: string;
  beforeAll(async () => {
    server = await createTestServer();
    admin = await server.login('admin@demo.test');
    attorney = await server.login('attorney@demo.test');
  });
  afterAll(async () => {
    await server.close();
  });

  const search = (query: string, cookie = attorney) =>
    server.request({ url: `/api/organizations?${query}`, cookie });

  it('searches case-insensitively by name, e-mail or description, for every signed-in user', async () => {
    expect(names((await search('search=hArBoR')).json().items)).toEqual([
      'Harbor Physical Therapy',
    ]);
    // E-mail only: 'cases@castillolegal.example'.
    expect(names((await search('search=CASTILLOLEGAL')).json().items)).toEqual([
      'Castillo Legal Group',
    ]);
    // Description only: 'MRI, CT and X-ray imaging…'.
    expect(names((await search('search=x-RAY imaging')).json().items)).toEqual([
      'Riverside Imaging Associates',
    ]);
    expect((await search('search=no-such-organisation')).json().items).toEqual([]);
    // LIKE wildcards are matched literally.
    expect((await search('search=%25')).json().items).toEqual([]);
    const lienholders = (await search('kind=lienholder')).json().items as Org[];
    expect(names(lienholders)).toEqual([
      'Keystone Medical Receivables',
      'MedLien Funding Partners',
    ]);
    expect((await server.request({ url: '/api/organizations' })).statusCode).toBe(401);
  });

  it('lets an admin add an organisation with the fields of its kind only', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/organizations',
      cookie: admin,
      body: {
        kind: 'clinic',
        name: '  Coastal   Chiropractic ',
        email: ' Hello@Coastal.Example ',
        phone: '(310) 555-0111',
        address: '1 Ocean Way',
        description: 'Chiropractic care',
        specialties: ['Chiropractic', ' ', 'Chiropractic', 'Massage'],
        practiceAreas: ['Should be dropped'],
        lienholderType: 'Should be dropped',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'clinic',
      name: 'Coastal   Chiropractic',
      slug: 'Coastal_Chiropractic',
      email: 'hello@coastal.example',
      specialties: ['Chiropractic', 'Massage'],
      practiceAreas: [],
      lienholderType: null,
    });
    expect(names((await search('search=coastal')).json().items)).toEqual([
      'Coastal   Chiropractic',
    ]);
    const audit = await server.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'organization_created'));
    expect(audit[0]?.details).toContain('Coastal');
    const changed = await server.context.db
      .select()
      .from(events)
      .where(eq(events.topic, 'organization.changed'));
    expect(changed.length).toBeGreaterThanOrEqual(1);
  });

  it('validates the name and e-mail and refuses a duplicate name of the same kind', async () => {
    const before = await server.context.db.select().from(organizations);
    const blank = await server.request({
      method: 'POST',
      url: '/api/organizations',
      cookie: admin,
      body: { kind: 'firm', name: '   ' },
    });
    expect(formMessage(blank)).toBe(ORGANIZATION_MESSAGES.nameRequired);
    const badEmail = await server.request({
      method: 'POST',
      url: '/api/organizations',
      cookie: admin,
      body: { kind: 'firm', name: 'New Firm', email: 'not-an-email' },
    });
    expect(formMessage(badEmail)).toBe(ORGANIZATION_MESSAGES.invalidEmail);
    const duplicate = await server.request({
      method: 'POST',
      url: '/api/organizations',
      cookie: admin,
      body: { kind: 'clinic', name: 'Harbor  Physical Therapy' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(formMessage(duplicate)).toBe(ORGANIZATION_MESSAGES.nameTaken);
    expect(await server.context.db.select().from(organizations)).toEqual(before);
  });

  it('lets an admin edit an organisation; its kind stays', async () => {
    const [medlien] = await server.context.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'MedLien Funding Partners'));
    const response = await server.request({
      method: 'PATCH',
      url: `/api/organizations/${medlien!.id}`,
      cookie: admin,
      body: {
        kind: 'clinic',
        name: 'MedLien Funding Partners',
        lienholderType: 'Pre-settlement funding',
        phone: '(415) 555-0199',
        email: 'accounts@medlien.example',
        address: medlien!.address,
        description: medlien!.description,
        specialties: ['ignored'],
        version: medlien!.version,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'lienholder',
      lienholderType: 'Pre-settlement funding',
      phone: '(415) 555-0199',
      specialties: [],
      version: medlien!.version + 1,
      updatedByName: 'Avery Admin',
    });
    const missing = await server.request({
      method: 'PATCH',
      url: '/api/organizations/00000000-0000-4000-8000-000000000000',
      cookie: admin,
      body: { name: 'Ghost', version: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses organisation writes by non-admins and leaves the table unchanged', async () => {
    const before = await server.context.db.select().from(organizations);
    const [harbor] = before.filter((org) => org.name === 'Harbor Physical Therapy');
    for (const email of ['clinic@demo.test', 'attorney@demo.test', 'lienholder@demo.test']) {
      const cookie = await server.login(email);
      const created = await server.request({
        method: 'POST',
        url: '/api/organizations',
        cookie,
        body: { kind: 'clinic', name: `By ${email}` },
      });
      expect(created.statusCode).toBe(403);
      const edited = await server.request({
        method: 'PATCH',
        url: `/api/organizations/${harbor!.id}`,
        cookie,
        body: { name: 'Hijacked', version: harbor!.version },
      });
      expect(edited.statusCode).toBe(403);
    }
    expect(await server.context.db.select().from(organizations)).toEqual(before);
  });

  describe('versions', () => {
    const readOrganization = async (cookie: string, name: string) => {
      const list = await search(`search=${encodeURIComponent(name)}`, cookie);
      return list.json().items.find((item: Org) => item.name === name);
    };

    it('refuses the second of two edits made from one version; the first stays', async () => {
      const other = await server.login('admin@demo.test');
      const mine = await readOrganization(admin, 'Castillo Legal Group');
      const theirs = await readOrganization(other, 'Castillo Legal Group');
      expect(theirs.version).toBe(mine.version);
      const edit = (phone: string) => ({ ...mine, phone });

      const { saved } = await writeTwiceFromOneVersion(server, {
        method: 'PATCH',
        url: `/api/organizations/${mine.id}`,
        version: mine.version,
        first: { cookie: other, body: edit('(415) 555-0101') },
        second: { cookie: admin, body: edit('(415) 555-0202') },
      });
      expect(saved).toMatchObject({ phone: '(415) 555-0101', updatedByName: 'Avery Admin' });
      const [row] = await server.context.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, mine.id));
      expect(row).toMatchObject({ phone: '(415) 555-0101', version: mine.version + 1 });
    });

    it('requires the version', async () => {
      const organization = await readOrganization(admin, 'Riverside Imaging Associates');
      const { version: _version, ...body } = organization;
      await expectVersionRequired(server, {
        method: 'PATCH',
        url: `/api/organizations/${organization.id}`,
        cookie: admin,
        body: { ...body, name: 'Riverside Imaging' },
      });
      expect(await readOrganization(admin, 'Riverside Imaging Associates')).toEqual(organization);
    });
  });
});
