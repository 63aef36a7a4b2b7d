import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { PASSWORD_MESSAGES } from '@casebridge/domain/auth/password.schemas';
import { MESSAGES } from '@casebridge/domain/errors';
import { USER_MESSAGES } from '@casebridge/domain/users/user.schemas';
import {
  accounts,
  auditLogs,
  events,
  mailOutbox,
  sessions,
  settings,
  userInvitations,
  users,
} from '#src/db/schema/index.ts';
import { collectPages, withCursor } from '#src/test/keyset-pages.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { expectVersionRequired, writeTwiceFromOneVersion } from '#src/test/versioned-writes.ts';
import { hashInvitationToken } from './invitations.service.ts';
import { getOrganizationId, patchUser, readInvitationToken } from './user-test-support.ts';
import { formMessage } from '#src/test/form-message.ts';

const NEW_PASSWORD = 'a-brand-new-password-42';

/** The database's order of text (C collation): code point by code point. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('admin user management and invitations', () => {
  let server: TestServer;
  let admin: string;
  let harborId: string;
  let morganId: string;
  beforeAll(async () => {
    server = await createTestServer();
    admin = await server.login('admin@demo.test');
    harborId = await getOrganizationId(server, 'Harbor Physical Therapy');
    morganId = await getOrganizationId(server, 'Morgan & Hale Injury Law');
  });
  afterAll(async () => {
    await server.close();
  });

  const createUser = (body: Record<string, unknown>) =>
    server.request({ method: 'POST', url: '/api/users', cookie: admin, body });
  const accept = (token: string, password = NEW_PASSWORD) =>
    server.request({ method: 'POST', url: '/api/invitations/accept', body: { token, password } });
  const countUsers = async () => (await server.context.db.select().from(users)).length;

  it('checks the Add New User fields in the spec order', async () => {
    const before = await countUsers();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ', email: 'bad', role: 'clinic' }, USER_MESSAGES.requiredFields],
      [
        { name: 'Pat', email: '  ', role: 'clinic', organizationId: harborId },
        USER_MESSAGES.requiredFields,
      ],
      [{ name: 'Pat', email: 'no-at-sign', role: 'clinic' }, USER_MESSAGES.invalidEmail],
      [
        { name: 'Pat', email: 'pat@example.test', role: 'clinic' },
        USER_MESSAGES.organizationRequired,
      ],
      [
        { name: 'Pat', email: 'pat@example.test', role: 'attorney', organizationId: null },
        USER_MESSAGES.organizationRequired,
      ],
      [
        { name: 'Pat', email: 'pat@example.test', role: 'clinic', organizationId: morganId },
        USER_MESSAGES.organizationMismatch,
      ],
      [
        { name: 'Pat', email: 'CLINIC@demo.test', role: 'clinic', organizationId: harborId },
        USER_MESSAGES.emailTaken,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await createUser(body);
      expect(response.statusCode, `${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(formMessage(response), `${JSON.stringify(body)}`).toBe(message);
    }
    expect(await countUsers()).toBe(before);
  });

  it('creates an active user with a trimmed, lowercased e-mail and queues an invitation', async () => {
    const response = await createUser({
      name: '  Nina Newhire ',
      email: '  Nina.Newhire@Example.TEST ',
      role: 'clinic',
      organizationId: harborId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Nina Newhire',
      email: 'nina.newhire@example.test',
      role: 'clinic',
      organization: { id: harborId, name: 'Harbor Physical Therapy', kind: 'clinic' },
      active: true,
      approved: true,
      hasPassword: false,
      createdByName: 'Avery Admin',
    });
    const [row] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'nina.newhire@example.test'));
    expect(row).toMatchObject({ active: true, authProviderCreated: false });

    const [mail] = await server.context.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'nina.newhire@example.test'));
    expect(mail?.kind).toBe('invitation');
    expect(mail?.text).toContain('http://localhost:3000/accept-invite?token=');
    expect(mail?.html).toContain('max-width:600px');

    // Only the SHA-256 of the token is stored.
    const token = await readInvitationToken(server, 'nina.newhire@example.test');
    const [invitation] = await server.context.db
      .select()
      .from(userInvitations)
      .where(eq(userInvitations.userId, row!.id));
    expect(invitation?.tokenHash).toBe(hashInvitationToken(token));
    expect(invitation?.tokenHash).not.toContain(token);
    const hoursValid = (invitation!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(71);
    expect(hoursValid).toBeLessThanOrEqual(72);

    const audit = await server.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'user_created'));
    expect(audit.at(-1)?.details).toContain('nina.newhire@example.test');
    expect(JSON.stringify(audit)).not.toContain(token);

    // Without a password the account cannot sign in yet.
    const login = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'nina.newhire@example.test', password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('lets the invitation set a password exactly once, then the user signs in', async () => {
    const token = await readInvitationToken(server, 'nina.newhire@example.test');
    const lookup = await server.request({
      method: 'POST',
      url: '/api/invitations/lookup',
      body: { token },
    });
    expect(lookup.json()).toMatchObject({
      name: 'Nina Newhire',
      email: 'nina.newhire@example.test',
    });

    const tooShort = await accept(token, 'short');
    expect(tooShort.statusCode).toBe(400);
    expect(formMessage(tooShort)).toBe(USER_MESSAGES.passwordTooShort);
    // The password policy (auth/password-policy.ts) holds here too, and leaves the link usable.
    const breached = await accept(token, 'Qwerty123456');
    expect(breached.json().error.message).toBe(PASSWORD_MESSAGES.tooCommon);

    expect((await accept(token)).statusCode).toBe(204);
    const again = await accept(token, 'another-password-123');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(USER_MESSAGES.invitationInvalid);

    const cookie = await server.login('nina.newhire@example.test', NEW_PASSWORD);
    const session = await server.request({ url: '/api/auth/session', cookie });
    expect(session.json().user).toMatchObject({
      role: 'clinic',
      email: 'nina.newhire@example.test',
    });
    await expect(server.login('nina.newhire@example.test', 'another-password-123')).rejects.toThrow(
      '401',
    );
    const [account] = await server.context.db
      .select()
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, 'nina.newhire@example.test'));
    expect(account?.accounts.password).toMatch(/^\$argon2id\$/);
  });

  it('refuses an expired invitation and an unknown token', async () => {
    await createUser({ name: 'Late Larry', email: 'late@example.test', role: 'admin' });
    const token = await readInvitationToken(server, 'late@example.test');
    await server.context.db
      .update(userInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userInvitations.tokenHash, hashInvitationToken(token)));
    const expired = await accept(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toBe(USER_MESSAGES.invitationExpired);
    const [late] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'late@example.test'));
    expect(
      await server.context.db.select().from(accounts).where(eq(accounts.userId, late!.id)),
    ).toEqual([]);

    const unknown = await accept('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);

    // A new link works and the expired one stays dead.
    const resend = await server.request({
      method: 'POST',
      url: `/api/users/${late!.id}/invitation`,
      cookie: admin,
    });
    // The user, with where the new invitation e-mail stands (no mail server here: queued).
    expect(resend.statusCode).toBe(200);
    expect(resend.json().invitation).toMatchObject({ status: 'queued' });
    const fresh = await readInvitationToken(server, 'late@example.test');
    expect(fresh).not.toBe(token);
    expect((await accept(token)).statusCode).toBe(404);
    expect((await accept(fresh)).statusCode).toBe(204);
    // Once a password is set, no new link can be sent (it would be a silent password reset).
    const refused = await server.request({
      method: 'POST',
      url: `/api/users/${late!.id}/invitation`,
      cookie: admin,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('deactivation ends the user’s sessions at once; reactivation lets them sign in again', async () => {
    const cookie = await server.login('attorney2@demo.test');
    expect((await server.request({ url: '/api/auth/session', cookie })).statusCode).toBe(200);
    const [target] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'attorney2@demo.test'));

    const off = await patchUser(server, admin, target!.id, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    expect(
      await server.context.db.select().from(sessions).where(eq(sessions.userId, target!.id)),
    ).toEqual([]);
    expect((await server.request({ url: '/api/auth/session', cookie })).statusCode).toBe(401);
    const login = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'attorney2@demo.test', password: 'demo-password-2026' },
    });
    expect(login.json().error.message).toBe(MESSAGES.accountInactive);

    const on = await patchUser(server, admin, target!.id, { active: true });
    expect(on.json().active).toBe(true);
    await expect(server.login('attorney2@demo.test')).resolves.toContain('casebridge');
    const actions = (await server.context.db.select().from(auditLogs)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['user_deactivated', 'user_activated']));
  });

  it('refuses that an admin deactivates their own account', async () => {
    const [self] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@demo.test'));
    const response = await patchUser(server, admin, self!.id, { active: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(USER_MESSAGES.cannotChangeSelf);
  });

  const userIdOf = async (email: string) => {
    const [row] = await server.context.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };
  const editUser = (userId: string, body: Record<string, unknown>) =>
    patchUser(server, admin, userId, body);
  const latestAudit = async (action: string) =>
    (
      await server.context.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, action))
        .orderBy(desc(auditLogs.timestamp))
        .limit(1)
    )[0];

  it('checks an edit of name, role and organization as Add New User does, changing nothing', async () => {
    const userId = await userIdOf('clinic2@demo.test');
    const before = await server.context.db.select().from(users).where(eq(users.id, userId));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ', role: 'clinic', organizationId: harborId }, USER_MESSAGES.requiredFields],
      [{ name: 'Sam', role: 'attorney' }, USER_MESSAGES.organizationRequired],
      [
        { name: 'Sam', role: 'lienholder', organizationId: null },
        USER_MESSAGES.organizationRequired,
      ],
      [
        { name: 'Sam', role: 'clinic', organizationId: morganId },
        USER_MESSAGES.organizationMismatch,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await editUser(userId, body);
      expect({ body, status: response.statusCode, message: formMessage(response) }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect(await server.context.db.select().from(users).where(eq(users.id, userId))).toEqual(
      before,
    );
    const self = await editUser(await userIdOf('admin@demo.test'), {
      name: 'Avery Admin',
      role: 'clinic',
      organizationId: harborId,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(USER_MESSAGES.cannotChangeOwnRole);
  });

  it('a new name keeps the sessions; a new role ends them at once, audited old → new', async () => {
    const userId = await userIdOf('clinic2@demo.test');
    const cookie = await server.login('clinic2@demo.test');
    const summitId = await getOrganizationId(server, 'Summit Spine & Pain Center');

    const renamed = await editUser(userId, {
      name: '  Samantha Summit ',
      role: 'clinic',
      organizationId: summitId,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Samantha Summit', role: 'clinic' });
    expect((await server.request({ url: '/api/auth/session', cookie })).statusCode).toBe(200);
    expect((await latestAudit('user_edited'))?.details).toBe(
      'clinic2@demo.test: name "Sam Summit" → "Samantha Summit"',
    );

    const moved = await editUser(userId, {
      name: 'Samantha Summit',
      role: 'attorney',
      organizationId: morganId,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      role: 'attorney',
      organization: { id: morganId, kind: 'firm' },
    });
    expect(
      await server.context.db.select().from(sessions).where(eq(sessions.userId, userId)),
    ).toEqual([]);
    expect((await server.request({ url: '/api/auth/session', cookie })).statusCode).toBe(401);
    expect(await latestAudit('user_edited')).toMatchObject({
      userName: 'Avery Admin',
      details:
        'clinic2@demo.test: role Clinic → Attorney; organization Summit Spine & Pain Center → Morgan & Hale Injury Law (sessions ended)',
    });
    const [event] = await server.context.db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(event?.topic).toBe('user.changed');
    // Signed in again, they are what the admin made them.
    const again = await server.login('clinic2@demo.test');
    expect(
      (await server.request({ url: '/api/auth/session', cookie: again })).json().user,
    ).toMatchObject({ role: 'attorney' });

    // An admin belongs to no organisation, whatever was sent.
    const promoted = await editUser(userId, {
      name: 'Samantha Summit',
      role: 'admin',
      organizationId: morganId,
    });
    expect(promoted.json()).toMatchObject({ role: 'admin', organization: null });
    expect((await server.request({ url: '/api/auth/session', cookie: again })).statusCode).toBe(
      401,
    );
  });

  it('with approval required, a new user cannot sign in until an admin approves them', async () => {
    await server.context.db
      .update(settings)
      .set({ requireUserApproval: true })
      .where(eq(settings.id, true));
    const created = await createUser({
      name: 'Wendy Waiting',
      email: 'wendy@example.test',
      role: 'attorney',
      organizationId: morganId,
    });
    expect(created.json()).toMatchObject({ approved: false, active: true });
    const token = await readInvitationToken(server, 'wendy@example.test');
    expect((await accept(token)).statusCode).toBe(204);

    const blocked = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'wendy@example.test', password: NEW_PASSWORD },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.message).toBe(MESSAGES.accountPendingApproval);

    const approve = await patchUser(server, admin, created.json().id, { approved: true });
    expect(approve.json().approved).toBe(true);
    const cookie = await server.login('wendy@example.test', NEW_PASSWORD);
    expect((await server.request({ url: '/api/auth/session', cookie })).json().user.role).toBe(
      'attorney',
    );
    await server.context.db
      .update(settings)
      .set({ requireUserApproval: false })
      .where(eq(settings.id, true));
  });

  it('lists users newest first with search and pages', async () => {
    const page = await server.request({ url: '/api/users?limit=2', cookie: admin });
    expect(page.json().total).toBeGreaterThanOrEqual(11);
    expect(page.json().items).toHaveLength(2);
    const [first, second] = page.json().items as Array<{ createdAt: string }>;
    expect(first!.createdAt >= second!.createdAt).toBe(true);

    // Keyset pages: every user once, in (created_at desc, e-mail asc) order, though
    // the demo users share their creation instant.
    const { items } = await collectPages<{ id: string; email: string; createdAt: string }>(
      (cursor) =>
        server.request({ url: `/api/users?${withCursor('limit=3', cursor)}`, cookie: admin }),
    );
    expect(items).toHaveLength(page.json().total);
    expect(new Set(items.map((user) => user.id)).size).toBe(items.length);
    expect(items).toEqual(
      items.toSorted(
        (a, b) => b.createdAt.localeCompare(a.createdAt) || byCodePoint(a.email, b.email),
      ),
    );
    expect(page.json()).toMatchObject({ isTotalCapped: false, nextCursor: expect.any(String) });

    const search = await server.request({ url: '/api/users?search=HARBOR', cookie: admin });
    const emails = search.json().items.map((user: { email: string }) => user.email);
    expect(emails).toEqual(
      expect.arrayContaining(['clinic@demo.test', 'nina.newhire@example.test']),
    );
    expect(emails).not.toContain('clinic2@demo.test');
    const byEmail = await server.request({ url: '/api/users?search=wendy@', cookie: admin });
    expect(byEmail.json().items.map((user: { name: string }) => user.name)).toEqual([
      'Wendy Waiting',
    ]);
  });

  it('uses the active e-mail template made for invitations', async () => {
    const template = await server.request({
      method: 'POST',
      url: '/api/templates',
      cookie: admin,
      body: {
        title: 'Friendly invitation',
        templateType: 'email',
        purpose: 'invitation',
        subject: 'Welcome aboard, {{user.name}}',
        body: 'Hi {{user.name}},\nYour CaseBridge account is ready.',
      },
    });
    expect(template.statusCode).toBe(201);
    await createUser({ name: 'Tess Template', email: 'tess@example.test', role: 'admin' });
    const [mail] = await server.context.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'tess@example.test'));
    expect(mail?.subject).toBe('Welcome aboard, Tess Template');
    expect(mail?.text).toContain('Hi Tess Template,');
    // The template has no {{link}}: the link is still in the mail.
    expect(mail?.text).toContain('/accept-invite?token=');
    expect(mail?.html).toContain('<a href="http://localhost:3000/accept-invite?token=');
  });

  describe('versions', () => {
    const readUser = async (cookie: string, email: string) => {
      const list = await server.request({ url: `/api/users?search=${email}`, cookie });
      return list.json().items.find((item: { email: string }) => item.email === email);
    };

    it('refuses the second of two edits made from one version; the first stays', async () => {
      const other = await server.login('admin@demo.test');
      const mine = await readUser(admin, 'imaging@demo.test');
      const theirs = await readUser(other, 'imaging@demo.test');
      expect(theirs.version).toBe(mine.version);
      const profile = (name: string) => ({
        name,
        role: mine.role,
        organizationId: mine.organization.id,
      });

      const { saved } = await writeTwiceFromOneVersion(server, {
        method: 'PATCH',
        url: `/api/users/${mine.id}`,
        version: mine.version,
        first: { cookie: other, body: profile('Ivy Imaging') },
        second: { cookie: admin, body: profile('Ivan Imaging') },
      });
      expect(saved).toMatchObject({ name: 'Ivy Imaging', updatedByName: 'Avery Admin' });
      const [row] = await server.context.db.select().from(users).where(eq(users.id, mine.id));
      expect(row).toMatchObject({ name: 'Ivy Imaging', version: mine.version + 1 });
      expect((await latestAudit('user_edited'))?.details).not.toContain('Ivan Imaging');

      // Deactivation is a change of the user too: from an older version it is refused, and
      // the user stays signed in.
      const cookie = await server.login('imaging@demo.test');
      const stale = await server.request({
        method: 'PATCH',
        url: `/api/users/${mine.id}`,
        cookie: admin,
        body: { active: false },
        headers: { 'if-match': `"${mine.version}"` },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({ active: true, name: 'Ivy Imaging' });
      expect((await server.request({ url: '/api/auth/session', cookie })).statusCode).toBe(200);
      const off = await patchUser(server, admin, mine.id, { active: false });
      expect(off.json()).toMatchObject({ active: false, version: mine.version + 2 });
      expect(off.headers.etag).toBe(`"${mine.version + 2}"`);
    });

    it('requires the version of every admin write of a user', async () => {
      const user = await readUser(admin, 'keystone@demo.test');
      const url = `/api/users/${user.id}`;
      for (const body of [
        { active: false },
        { approved: false },
        { name: 'Nameless', role: user.role, organizationId: user.organization?.id ?? null },
      ]) {
        await expectVersionRequired(server, { method: 'PATCH', url, cookie: admin, body });
      }
      const [row] = await server.context.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ name: user.name, active: true, version: user.version });
    });
  });
});
