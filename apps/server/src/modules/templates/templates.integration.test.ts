import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { TEMPLATE_MESSAGES } from '@casebridge/domain/templates/template.schemas';
import { auditLogs, events, messageTemplates } from '#src/db/schema/index.ts';
import { useTestServer } from '#src/test/test-server.ts';
import { expectVersionRequired, writeTwiceFromOneVersion } from '#src/test/versioned-writes.ts';
import { getActiveEmailTemplate } from './templates.queries.ts';
import { formMessage } from '#src/test/form-message.ts';

describe('message templates', () => {
  const setup = useTestServer('admin@demo.test');

  const create = (body: unknown, cookie = setup.cookie) =>
    setup.server.request({ method: 'POST', url: '/api/templates', cookie, body });

  it('validates in the spec order and trims the values', async () => {
    const before = await setup.server.context.db.select().from(messageTemplates);
    const blank = await create({ title: '  ', body: 'Hello', templateType: 'message' });
    expect(blank.statusCode).toBe(400);
    expect(formMessage(blank)).toBe(TEMPLATE_MESSAGES.requiredFields);
    const noBody = await create({ title: 'Title', body: ' \n ', templateType: 'email' });
    expect(formMessage(noBody)).toBe(TEMPLATE_MESSAGES.requiredFields);
    const noSubject = await create({ title: 'Title', body: 'Body', templateType: 'email' });
    expect(noSubject.statusCode).toBe(400);
    expect(formMessage(noSubject)).toBe(TEMPLATE_MESSAGES.subjectRequired);
    const blankSubject = await create({
      title: 'Title',
      body: 'Body',
      templateType: 'email',
      subject: '   ',
    });
    expect(formMessage(blankSubject)).toBe(TEMPLATE_MESSAGES.subjectRequired);
    expect(await setup.server.context.db.select().from(messageTemplates)).toHaveLength(
      before.length,
    );

    const created = await create({
      title: '  Follow-up  ',
      body: '  Checking in on {{patient.name}}.  ',
      templateType: 'message',
      subject: 'ignored for message templates',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Follow-up',
      body: 'Checking in on {{patient.name}}.',
      templateType: 'message',
      subject: null,
      active: true,
      createdByName: 'Avery Admin',
    });
    const audit = await setup.server.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'template_created'));
    expect(audit.at(-1)?.details).toContain('Follow-up');
  });

  it('lists active message templates only for non-admins, everything for admins', async () => {
    const email = await create({
      title: 'Invite mail',
      body: 'Welcome {{user.name}}: {{link}}',
      templateType: 'email',
      subject: 'Welcome to CaseBridge',
      purpose: 'invitation',
    });
    expect(email.statusCode).toBe(201);
    const inactive = await create({ title: 'Old one', body: 'Old', templateType: 'message' });
    const off = await setup.server.request({
      method: 'PATCH',
      url: `/api/templates/${inactive.json().id}`,
      cookie: setup.cookie,
      body: { active: false, version: 1 },
    });
    expect(off.json().active).toBe(false);

    const clinic = await setup.server.login('clinic@demo.test');
    const forClinic = await setup.server.request({
      url: '/api/templates?type=email',
      cookie: clinic,
    });
    expect(forClinic.statusCode).toBe(200);
    const clinicTitles = forClinic.json().items.map((item: { title: string }) => item.title);
    expect(clinicTitles).toContain('Appointment confirmation');
    expect(clinicTitles).not.toContain('Invite mail');
    expect(clinicTitles).not.toContain('Old one');
    for (const item of forClinic.json().items) {
      expect(item).toMatchObject({ templateType: 'message', active: true });
    }

    const forAdmin = await setup.server.request({ url: '/api/templates', cookie: setup.cookie });
    const adminTitles = forAdmin.json().items.map((item: { title: string }) => item.title);
    expect(adminTitles).toEqual(expect.arrayContaining(['Invite mail', 'Old one']));
    const emailOnly = await setup.server.request({
      url: '/api/templates?type=email',
      cookie: setup.cookie,
    });
    expect(
      emailOnly
        .json()
        .items.every((item: { templateType: string }) => item.templateType === 'email'),
    ).toBe(true);

    expect((await setup.server.request({ url: '/api/templates' })).statusCode).toBe(401);
  });

  it('uses the active e-mail template of a purpose, and stops when it is deactivated', async () => {
    const found = await getActiveEmailTemplate(setup.server.context.db, 'invitation');
    expect(found?.subject).toBe('Welcome to CaseBridge');
    await setup.server.request({
      method: 'PATCH',
      url: `/api/templates/${found!.id}`,
      cookie: setup.cookie,
      body: { active: false, version: found!.version },
    });
    expect(await getActiveEmailTemplate(setup.server.context.db, 'invitation')).toBeNull();
  });

  it('refuses template writes by non-admins and leaves the table unchanged', async () => {
    const [existing] = await setup.server.context.db.select().from(messageTemplates).limit(1);
    const before = await setup.server.context.db.select().from(messageTemplates);
    for (const email of ['clinic@demo.test', 'attorney@demo.test', 'lienholder@demo.test']) {
      const cookie = await setup.server.login(email);
      expect(
        (await create({ title: 'x', body: 'y', templateType: 'message' }, cookie)).statusCode,
      ).toBe(403);
      const patch = await setup.server.request({
        method: 'PATCH',
        url: `/api/templates/${existing!.id}`,
        cookie,
        body: { active: false, version: existing!.version },
      });
      expect(patch.statusCode).toBe(403);
      const edit = await setup.server.request({
        method: 'PATCH',
        url: `/api/templates/${existing!.id}`,
        cookie,
        body: {
          title: 'Mine now',
          body: 'b',
          templateType: existing!.templateType,
          subject: 's',
          version: existing!.version,
        },
      });
      expect(edit.statusCode).toBe(403);
    }
    expect(await setup.server.context.db.select().from(messageTemplates)).toEqual(before);
  });

  it('edits title, subject and body, audited old → new, and tells every client', async () => {
    const db = setup.server.context.db;
    const created = await create({
      title: 'Reminder',
      body: 'See you soon',
      templateType: 'email',
      subject: 'Your visit',
      purpose: 'message_notification',
    });
    const id: string = created.json().id;
    const edit = (body: object, cookie = setup.cookie) =>
      setup.server.request({
        method: 'PATCH',
        url: `/api/templates/${id}`,
        cookie,
        body: { ...body, version: 1 },
      });

    const noSubject = await edit({ title: 'Reminder', body: 'Hi', templateType: 'email' });
    expect(noSubject.statusCode).toBe(400);
    expect(formMessage(noSubject)).toBe(TEMPLATE_MESSAGES.subjectRequired);
    const blankTitle = await edit({
      title: ' ',
      body: 'Hi',
      templateType: 'email',
      subject: 'S',
    });
    expect(blankTitle.statusCode).toBe(400);
    expect(formMessage(blankTitle)).toBe(TEMPLATE_MESSAGES.requiredFields);
    const otherType = await edit({ title: 'Reminder', body: 'Hi', templateType: 'message' });
    expect(otherType.statusCode).toBe(400);
    expect(formMessage(otherType)).toBe(TEMPLATE_MESSAGES.typeUnchangeable);
    expect(
      (await db.select().from(messageTemplates).where(eq(messageTemplates.id, id)))[0],
    ).toMatchObject({
      title: 'Reminder',
      subject: 'Your visit',
      body: 'See you soon',
    });

    const edited = await edit({
      title: ' Visit reminder ',
      body: ' See you on {{link}} ',
      templateType: 'email',
      subject: 'Your visit',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id,
      title: 'Visit reminder',
      body: 'See you on {{link}}',
      subject: 'Your visit',
      templateType: 'email',
      purpose: 'message_notification',
      active: true,
      version: 2,
      updatedByName: 'Avery Admin',
    });
    const [audit] = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'template_edited'))
      .orderBy(desc(auditLogs.timestamp))
      .limit(1);
    expect(audit).toMatchObject({
      userName: 'Avery Admin',
      details:
        '"Reminder": title "Reminder" → "Visit reminder"; body "See you soon" → "See you on {{link}}"',
    });
    const [event] = await db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(event).toMatchObject({ topic: 'template.changed', payload: { id } });
  });

  it('answers 404 for a missing template', async () => {
    const response = await setup.server.request({
      method: 'PATCH',
      url: '/api/templates/00000000-0000-4000-8000-000000000000',
      cookie: setup.cookie,
      body: { active: true, version: 1 },
    });
    expect(response.statusCode).toBe(404);
  });

  describe('versions', () => {
    const db = () => setup.server.context.db;
    const readTemplate = async (cookie: string, id: string) => {
      const list = await setup.server.request({ url: '/api/templates', cookie });
      return list.json().items.find((item: { id: string }) => item.id === id);
    };
    const texts = (title: string) => ({
      title,
      body: 'Your appointment is confirmed.',
      templateType: 'message',
    });

    it('refuses the second of two edits made from one version; the first stays', async () => {
      const id: string = (await create(texts('Confirmation'))).json().id;
      const other = await setup.server.login('admin@demo.test');
      const mine = await readTemplate(setup.cookie, id);
      const theirs = await readTemplate(other, id);
      expect(mine).toMatchObject({ version: 1, updatedByName: null });
      expect(theirs.version).toBe(1);

      const { saved } = await writeTwiceFromOneVersion(setup.server, {
        method: 'PATCH',
        url: `/api/templates/${id}`,
        version: 1,
        first: { cookie: other, body: texts('Confirmed by them') },
        second: { cookie: setup.cookie, body: texts('Confirmed by me') },
      });
      expect(saved).toMatchObject({ title: 'Confirmed by them', updatedByName: 'Avery Admin' });
      const [row] = await db().select().from(messageTemplates).where(eq(messageTemplates.id, id));
      expect(row).toMatchObject({ title: 'Confirmed by them', version: 2 });
      const edits = await db()
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'template_edited'));
      expect(edits.filter((entry) => entry.details?.includes('Confirmed by me'))).toEqual([]);

      // A stale activate/deactivate is refused too, and a current one is the next version.
      const toggle = (version: number) =>
        setup.server.request({
          method: 'PATCH',
          url: `/api/templates/${id}`,
          cookie: setup.cookie,
          body: { active: false, version },
        });
      expect((await toggle(1)).statusCode).toBe(409);
      const off = await toggle(2);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ active: false, version: 3 });
      expect(off.headers.etag).toBe('"3"');
    });

    it('lets exactly one of two simultaneous edits from one version through', async () => {
      const id: string = (await create(texts('Raced'))).json().id;
      const other = await setup.server.login('admin@demo.test');
      const answers = await Promise.all(
        [
          [setup.cookie, 'Raced by me'],
          [other, 'Raced by them'],
        ].map(([cookie, title]) =>
          setup.server.request({
            method: 'PATCH',
            url: `/api/templates/${id}`,
            cookie,
            body: texts(title!),
            headers: { 'if-match': '"1"' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json();
      const [row] = await db().select().from(messageTemplates).where(eq(messageTemplates.id, id));
      expect(row).toMatchObject({ title: winner.title, version: 2 });
    });

    it('requires the version, by If-Match or the body, and they must agree', async () => {
      const id: string = (await create(texts('Needs a version'))).json().id;
      const url = `/api/templates/${id}`;
      await expectVersionRequired(setup.server, {
        method: 'PATCH',
        url,
        cookie: setup.cookie,
        body: texts('No version'),
      });
      await expectVersionRequired(setup.server, {
        method: 'PATCH',
        url,
        cookie: setup.cookie,
        body: { active: false },
      });
      const disagreeing = await setup.server.request({
        method: 'PATCH',
        url,
        cookie: setup.cookie,
        body: { active: false, version: 1 },
        headers: { 'if-match': '"2"' },
      });
      expect(disagreeing.statusCode).toBe(400);
      const [row] = await db().select().from(messageTemplates).where(eq(messageTemplates.id, id));
      expect(row).toMatchObject({ title: 'Needs a version', active: true, version: 1 });
    });
  });
});
