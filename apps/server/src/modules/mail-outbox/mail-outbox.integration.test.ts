import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_OUTBOX_COUNT_CAP } from '@casebridge/domain/constants';
import { mailOutbox } from '#src/db/schema/index.ts';
import { enqueueMail } from '#src/mail/mail-outbox.ts';
import { collectPages, withCursor } from '#src/test/keyset-pages.ts';
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

  it('pages by cursor through e-mails queued in one instant; the count stops at its cap', async () => {
    const queued = (n: number, subject: string) =>
      Array.from({ length: n }, (_, i) => ({
        kind: 'invitation',
        toAddress: `bulk${i}@example.test`,
        subject: `${subject} ${i}`,
        html: '<p>x</p>',
        text: 'x',
        status: 'sent' as const,
        createdAt: new Date('2030-02-01T00:00:00Z'),
      }));
    await server.context.db.insert(mailOutbox).values(queued(25, 'Same instant'));
    const { items, pages } = await collectPages<{ id: string }>((cursor) =>
      server.request({
        url: `/api/admin/mail-outbox?${withCursor('search=same%20instant&limit=10', cursor)}`,
        cookie: admin,
      }),
    );
    expect(pages).toBe(3);
    expect(new Set(items.map((mail) => mail.id)).size).toBe(25);
    const ids = items.map((mail) => mail.id);
    expect(ids).toEqual(ids.toSorted().toReversed());

    await server.context.db.insert(mailOutbox).values(queued(MAIL_OUTBOX_COUNT_CAP, 'Flood'));
    const all = await server.request({ url: '/api/admin/mail-outbox', cookie: admin });
    expect(all.json()).toMatchObject({ total: MAIL_OUTBOX_COUNT_CAP, isTotalCapped: true });
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
