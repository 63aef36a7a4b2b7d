import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#src/db/schema/index.ts';
import { enqueueMail } from '#src/mail/mail-outbox.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

describe('admin mail outbox', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await createTestServer();
    admin = await server.login('admin@demo.test');
    await enqueueMail(server.context.db, [
      {
        kind: 'invitation',
        to: 'first@example.test',
        subject: 'First',
        html: '<p>1</p>',
        text: 'one',
      },
      {
        kind: 'message',
        to: 'second@example.test',
        subject: 'Second',
        html: '<p>2</p>',
        text: 'two',
      },
    ]);
    await server.context.db.insert(mailOutbox).values({
      kind: 'message',
      toAddress: 'failed@example.test',
      subject: 'Bounced',
      html: '<p>x</p>',
      text: 'x',
      status: 'failed',
      attempts: 8,
      lastError: 'connection refused',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists the outbox newest first with status and search filters', async () => {
    const all = await server.request({ url: '/api/admin/mail-outbox', cookie: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().items[0]).toMatchObject({
      subject: 'Bounced',
      status: 'failed',
      lastError: 'connection refused',
    });
    expect(all.json().items[0]).not.toHaveProperty('text');

    const failed = await server.request({
      url: '/api/admin/mail-outbox?status=failed',
      cookie: admin,
    });
    expect(failed.json().items.map((mail: { toAddress: string }) => mail.toAddress)).toEqual([
      'failed@example.test',
    ]);
    const search = await server.request({
      url: '/api/admin/mail-outbox?search=FIRST@',
      cookie: admin,
    });
    expect(search.json().items.map((mail: { subject: string }) => mail.subject)).toEqual(['First']);
  });

  it('shows one mail with its text, 404 for a missing one', async () => {
    const list = await server.request({
      url: '/api/admin/mail-outbox?search=second',
      cookie: admin,
    });
    const id = list.json().items[0].id;
    const detail = await server.request({ url: `/api/admin/mail-outbox/${id}`, cookie: admin });
    expect(detail.json()).toMatchObject({ subject: 'Second', text: 'two', status: 'pending' });
    const missing = await server.request({
      url: '/api/admin/mail-outbox/00000000-0000-4000-8000-000000000000',
      cookie: admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});
