import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SETTINGS_MESSAGES } from '@casebridge/domain/settings/settings-admin.schemas';
import { DEFAULT_SETTINGS, type TSettings } from '@casebridge/domain/settings/settings.schemas';
import { auditLogs, events, settings } from '#src/db/schema/index.ts';
import { useTestServer } from '#src/test/test-server.ts';
import { expectVersionRequired, writeTwiceFromOneVersion } from '#src/test/versioned-writes.ts';
import { getPatientId, upload } from '#src/modules/documents/document-test-support.ts';
import { formMessage } from '#src/test/form-message.ts';

const MB = 1024 * 1024;

describe('admin settings', () => {
  const setup = useTestServer('admin@demo.test');

  const read = (cookie = setup.cookie) => setup.server.request({ url: '/api/settings', cookie });
  /** Saves as the Settings form does: from the version just read. */
  const save = async (values: Partial<TSettings>) =>
    setup.server.request({
      method: 'PUT',
      url: '/api/settings',
      cookie: setup.cookie,
      body: { ...DEFAULT_SETTINGS, ...values },
      headers: { 'if-match': (await read()).headers.etag as string },
    });

  it('answers the defaults of spec section 9, as version 1', async () => {
    const response = await read();
    expect(response.json()).toEqual({
      ...DEFAULT_SETTINGS,
      version: 1,
      updatedAt: expect.any(String),
      updatedByName: null,
    });
    expect(response.headers.etag).toBe('"1"');
  });

  it('refuses values outside the spec ranges and SMS, leaving the row unchanged', async () => {
    const [before] = await setup.server.context.db.select().from(settings);
    for (const values of [
      { maxUploadMb: 0 },
      { maxUploadMb: 101 },
      { maxUploadMb: 2.5 },
      { sessionTimeoutMinutes: 14 },
      { sessionTimeoutMinutes: 481 },
      { smsNotificationsEnabled: true },
    ]) {
      const response = await save(values);
      expect(response.statusCode, `${JSON.stringify(values)}`).toBe(400);
    }
    expect(formMessage(await save({ smsNotificationsEnabled: true }))).toBe(
      SETTINGS_MESSAGES.smsUnavailable,
    );
    expect(await setup.server.context.db.select().from(settings)).toEqual([before]);
  });

  it('persists the limits of the ranges, audits the change and tells every client', async () => {
    const response = await save({
      maxUploadMb: 100,
      sessionTimeoutMinutes: 15,
      requireUserApproval: true,
    });
    expect(response.statusCode).toBe(200);
    const reread = await setup.server.request({ url: '/api/settings', cookie: setup.cookie });
    expect(reread.json()).toMatchObject({
      maxUploadMb: 100,
      sessionTimeoutMinutes: 15,
      requireUserApproval: true,
    });
    const [audit] = await setup.server.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'settings_updated'));
    expect(audit?.details).toContain('maxUploadMb: 10 -> 100');
    expect(audit?.details).toContain('sessionTimeoutMinutes: 60 -> 15');
    const published = await setup.server.context.db
      .select()
      .from(events)
      .where(eq(events.topic, 'settings.changed'));
    expect(published).toHaveLength(1);
    expect((await save({})).statusCode).toBe(200);
  });

  it('a shorter session timeout ends idle sessions sooner, at once', async () => {
    const cookie = await setup.server.login('lienholder@demo.test');
    const idleFor = (minutes: number) => setup.server.idleSessions('lienholder@demo.test', minutes);

    await idleFor(20);
    // With the default 60 minutes, 20 idle minutes are fine.
    expect((await setup.server.request({ url: '/api/auth/session', cookie })).statusCode).toBe(200);
    expect((await save({ sessionTimeoutMinutes: 15 })).statusCode).toBe(200);
    await idleFor(20);
    const expired = await setup.server.request({ url: '/api/auth/session', cookie });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('SESSION_EXPIRED');

    // The session response tells the browser the new timeout, for its warning.
    const fresh = await setup.server.login('lienholder@demo.test');
    expect(
      (await setup.server.request({ url: '/api/auth/session', cookie: fresh })).json()
        .idleTimeoutMinutes,
    ).toBe(15);
    await save({});
  });

  it('a lower upload limit refuses a file the default limit accepts', async () => {
    const clinic = await setup.server.login('clinic@demo.test');
    const patientId = await getPatientId(setup.server, 'Maria Delgado');
    const file = () => ({
      fileName: 'long-notes.txt',
      data: Buffer.from('Range of motion improving.\n'.repeat(Math.ceil((1.5 * MB) / 27))),
    });
    expect((await save({ maxUploadMb: 1 })).statusCode).toBe(200);
    const refused = await upload(setup.server, {
      patientId,
      cookie: clinic,
      category: 'Treatment Notes',
      file: file(),
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toContain('1MB');

    expect((await save({ maxUploadMb: 2 })).statusCode).toBe(200);
    const accepted = await upload(setup.server, {
      patientId,
      cookie: clinic,
      category: 'Treatment Notes',
      file: file(),
    });
    expect(accepted.statusCode).toBe(201);
    await save({});
  });

  describe('versions', () => {
    it('refuses the second of two saves made from one version; the first stays', async () => {
      const other = await setup.server.login('admin@demo.test');
      const mine = (await read()).json();
      const theirs = (await read(other)).json();
      expect(theirs.version).toBe(mine.version);

      const { saved } = await writeTwiceFromOneVersion(setup.server, {
        method: 'PUT',
        url: '/api/settings',
        version: mine.version,
        first: { cookie: other, body: { ...DEFAULT_SETTINGS, maxUploadMb: 25 } },
        second: { cookie: setup.cookie, body: { ...DEFAULT_SETTINGS, sessionTimeoutMinutes: 30 } },
      });
      expect(saved).toMatchObject({ maxUploadMb: 25, updatedByName: 'Avery Admin' });
      const [row] = await setup.server.context.db.select().from(settings);
      expect(row).toMatchObject({
        maxUploadMb: 25,
        sessionTimeoutMinutes: DEFAULT_SETTINGS.sessionTimeoutMinutes,
        version: mine.version + 1,
      });
      // The version may come in the body instead of If-Match.
      const byBody = await setup.server.request({
        method: 'PUT',
        url: '/api/settings',
        cookie: setup.cookie,
        body: { ...DEFAULT_SETTINGS, version: mine.version + 1 },
      });
      expect(byBody.statusCode).toBe(200);
      expect(byBody.headers.etag).toBe(`"${mine.version + 2}"`);
    });

    it('requires the version', async () => {
      const before = await setup.server.context.db.select().from(settings);
      await expectVersionRequired(setup.server, {
        method: 'PUT',
        url: '/api/settings',
        cookie: setup.cookie,
        body: { ...DEFAULT_SETTINGS, maxUploadMb: 5 },
      });
      expect(await setup.server.context.db.select().from(settings)).toEqual(before);
    });
  });
});
