import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  jobs,
  mailOutbox,
  messages,
  messageTemplates,
  notificationPreferences,
  notifications,
  patients,
  settings,
  users,
} from '#src/db/schema/index.ts';
import { createTestServer, type DemoEmail } from '#src/test/test-server.ts';
import { getFreePort, startTestSmtpServer, type TestSmtpServer } from '#src/mail/smtp-sink.ts';

const TEAM_OF_MARIA = ['admin@demo.test', 'attorney@demo.test', 'lienholder@demo.test'];

async function setup(smtpUrl: string) {
  const server = await createTestServer({ SMTP_URL: smtpUrl });
  const [maria] = await server.context.db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.fullName, 'Maria Delgado'));
  const cookies = new Map<string, string>();
  const send = async (email: DemoEmail, body: string, notifyByEmail = true) => {
    if (!cookies.has(email)) cookies.set(email, await server.login(email));
    return server.request({
      method: 'POST',
      url: `/api/patients/${maria!.id}/messages`,
      cookie: cookies.get(email)!,
      body: { body, notifyByEmail },
    });
  };
  const reset = async () => {
    const db = server.context.db;
    await db.delete(mailOutbox).where(sql`true`);
    await db.delete(notifications).where(sql`true`);
    await db.delete(notificationPreferences).where(sql`true`);
    await db
      .update(settings)
      .set({ emailNotificationsEnabled: true, detailedEmailContent: false })
      .where(eq(settings.id, true));
  };
  return { server, mariaId: maria!.id, send, reset };
}

describe('message e-mails through SMTP', () => {
  let smtp: TestSmtpServer;
  let ctx: Awaited<ReturnType<typeof setup>>;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await setup(smtp.url);
  });
  afterAll(async () => {
    await ctx.server.close();
    await smtp.close();
  });
  afterEach(async () => {
    smtp.received.length = 0;
    await ctx.reset();
  });

  it('by default mails each recipient a sign-in link and no patient details', async () => {
    const response = await ctx.send('clinic@demo.test', 'Lumbar MRI shows a disc bulge at L4-L5.');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ emailStatus: 'queued', emailsQueued: 3 });
    expect(await ctx.server.jobs.runDue({ names: ['mail.send'] })).toBe(3);

    expect(smtp.received.map((mail) => mail.to).toSorted()).toEqual(
      TEAM_OF_MARIA.map((to) => [to]),
    );
    const link = `http://localhost:3000/patients/${ctx.mariaId}?tab=messages`;
    for (const mail of smtp.received) {
      expect(mail.subject).toBe('New secure message - CaseBridge');
      expect(mail.text).toContain('Harbor Physical Therapy sent a new message');
      expect(mail.text).toContain(link);
      expect(mail.html).toContain('max-width:600px');
      expect(mail.text).toContain('secure-messaging, HIPAA-compliant');
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('Maria');
        expect(part).not.toContain('Delgado');
        expect(part).not.toContain('disc bulge');
      }
    }
  });

  it('with the detailed-content setting mails sender, role, patient, date, message and link', async () => {
    await ctx.server.context.db
      .update(settings)
      .set({ detailedEmailContent: true })
      .where(eq(settings.id, true));
    await ctx.send('clinic@demo.test', 'Evaluation is booked for Monday at 9.');
    await ctx.server.jobs.runDue({ names: ['mail.send'] });
    expect(smtp.received).toHaveLength(3);
    const mail = smtp.received.find((item) => item.to[0] === 'attorney@demo.test')!;
    expect(mail.subject).toBe('New message regarding Maria Delgado - CaseBridge');
    expect(mail.text).toContain('Sender: Casey Harbor (Harbor Physical Therapy)');
    expect(mail.text).toContain('Role: Clinic Staff');
    expect(mail.text).toContain('Patient: Maria Delgado');
    expect(mail.text).toMatch(/Date: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M UTC/);
    expect(mail.text).toContain('Evaluation is booked for Monday at 9.');
    expect(mail.text).toContain(`http://localhost:3000/patients/${ctx.mariaId}?tab=messages`);
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).toContain('HIPAA-compliant');
    // Role labels of spec section 6 for another kind of sender.
    smtp.received.length = 0;
    await ctx.send('lienholder@demo.test', 'Lien balance confirmed.');
    await ctx.server.jobs.runDue({ names: ['mail.send'] });
    expect(smtp.received[0]!.text).toContain('Role: Lienholder');
  });

  it('mails the preferred notification address and skips recipients who turned messages off', async () => {
    const db = ctx.server.context.db;
    const ids = new Map(
      (await db.select({ id: users.id, email: users.email }).from(users)).map((row) => [
        row.email,
        row.id,
      ]),
    );
    await db.insert(notificationPreferences).values([
      { userId: ids.get('attorney@demo.test')!, notificationEmail: 'alerts@morgan.example' },
      { userId: ids.get('lienholder@demo.test')!, notifyOnMessageReceived: false },
    ]);
    const response = await ctx.send('clinic@demo.test', 'Prefs check');
    expect(response.json()).toMatchObject({ notifiedUsers: 2, emailsQueued: 2 });
    await ctx.server.jobs.runDue({ names: ['mail.send'] });
    expect(smtp.received.map((mail) => mail.to[0]).toSorted()).toEqual([
      'admin@demo.test',
      'alerts@morgan.example',
    ]);
  });

  it('sends nothing without the checkbox, and nothing at all when the global setting is off', async () => {
    const quiet = await ctx.send('clinic@demo.test', 'No mail please', false);
    expect(quiet.json()).toMatchObject({ emailStatus: 'not_requested', emailsQueued: 0 });
    await ctx.server.context.db
      .update(settings)
      .set({ emailNotificationsEnabled: false })
      .where(eq(settings.id, true));
    const off = await ctx.send('clinic@demo.test', 'Mail is off');
    expect(off.statusCode).toBe(201);
    expect(off.json()).toMatchObject({
      emailStatus: 'disabled',
      emailsQueued: 0,
      notifiedUsers: 3,
    });
    expect(await ctx.server.jobs.runDue({ names: ['mail.send'] })).toBe(0);
    expect(await ctx.server.context.db.select().from(mailOutbox)).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('uses the active admin e-mail template, still without patient details by default', async () => {
    const db = ctx.server.context.db;
    const [template] = await db
      .insert(messageTemplates)
      .values({
        title: 'Message alert',
        templateType: 'email',
        purpose: 'message_notification',
        subject: 'Update about {{patient.name}}',
        body: 'Hi, {{sender.name}} wrote about {{patient.name}}.\nOpen: {{link}}',
      })
      .returning({ id: messageTemplates.id });
    try {
      await ctx.send('clinic@demo.test', 'Template check');
      await ctx.server.jobs.runDue({ names: ['mail.send'] });
      const mail = smtp.received[0]!;
      expect(mail.subject).toBe('Update about a shared patient');
      expect(mail.text).toContain('Hi, Harbor Physical Therapy wrote about a shared patient.');
      expect(mail.text).toContain(`/patients/${ctx.mariaId}?tab=messages`);
      expect(mail.text).not.toContain('Maria');
      expect(mail.html).toContain('HIPAA-compliant');
    } finally {
      await db.delete(messageTemplates).where(eq(messageTemplates.id, template!.id));
    }
  });

  it('keeps the message and its notifications when queuing the e-mails fails', async () => {
    const db = ctx.server.context.db;
    await db.execute(
      sql`create or replace function fail_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox unavailable'; end $$`,
    );
    await db.execute(
      sql`create trigger fail_outbox before insert on mail_outbox for each row execute function fail_outbox()`,
    );
    try {
      const response = await ctx.send('clinic@demo.test', 'Outbox down');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ emailStatus: 'failed', notifiedUsers: 3 });
      expect(await db.select().from(messages).where(eq(messages.body, 'Outbox down'))).toHaveLength(
        1,
      );
      expect(await db.select().from(notifications)).toHaveLength(3);
    } finally {
      await db.execute(sql`drop trigger if exists fail_outbox on mail_outbox`);
    }
  });
});

describe('message e-mails while SMTP is down', () => {
  it('answers at once, retries with backoff, and delivers when SMTP returns', async () => {
    const port = await getFreePort();
    const ctx = await setup(`smtp://127.0.0.1:${port}`);
    let smtp: TestSmtpServer | null = null;
    try {
      const response = await ctx.send('clinic@demo.test', 'Sent while SMTP is down');
      expect(response.statusCode).toBe(201);
      expect(response.json().emailStatus).toBe('queued');

      expect(await ctx.server.jobs.runDue({ names: ['mail.send'] })).toBe(0);
      const db = ctx.server.context.db;
      const pending = await db.select().from(mailOutbox);
      expect(pending).toHaveLength(3);
      for (const mail of pending) {
        expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
        expect(mail.lastError).toBeTruthy();
        expect(mail.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      }
      // Not due yet: a drain now does not hammer the server.
      expect(await ctx.server.jobs.runDue({ names: ['mail.send'] })).toBe(0);
      expect((await db.select().from(mailOutbox))[0]!.attempts).toBe(1);

      smtp = await startTestSmtpServer(port);
      // The backoff elapses.
      await db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.name, 'mail.send'));
      expect(await ctx.server.jobs.runDue({ names: ['mail.send'] })).toBe(3);
      expect(smtp.received.map((mail) => mail.to[0]).toSorted()).toEqual(TEAM_OF_MARIA);
      const sent = await db.select().from(mailOutbox);
      expect(sent.every((mail) => mail.status === 'sent' && mail.attempts === 2)).toBe(true);
    } finally {
      await ctx.server.close();
      await smtp?.close();
    }
  });
});
