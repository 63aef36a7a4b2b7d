import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_COUNT_CAP } from '@casebridge/domain/constants';
import { messages } from '#src/db/schema/index.ts';
import { patientIdByName } from '#src/test/audit-rows.ts';
import { collectPages, withCursor } from '#src/test/keyset-pages.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

type Item = { id: string; body: string; createdAt: string };

/** A long thread pages by keyset and its count is bounded. */
describe('a patient thread at scale', () => {
  let server: TestServer;
  let clinic: string;
  let maria: string;

  const insertMessages = async (n: number, prefix: string, createdAt: Date) => {
    await server.context.db.insert(messages).values(
      Array.from({ length: n }, (_, i) => ({
        patientId: maria,
        senderName: 'Bulk Sender',
        senderRole: 'clinic' as const,
        body: `${prefix} ${i}`,
        createdAt,
      })),
    );
  };
  const thread = (query: string) =>
    server.request({ url: `/api/patients/${maria}/messages?${query}`, cookie: clinic });

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
    maria = await patientIdByName(server, 'Maria Delgado');
  });
  afterAll(async () => {
    await server.close();
  });

  it('pages messages sent in the same instant completely and without overlap', async () => {
    const before = (await thread('limit=1')).json().total as number;
    await insertMessages(65, 'same instant', new Date('2030-05-01T12:00:00Z'));
    const { items, pages } = await collectPages<Item>((cursor) =>
      thread(withCursor('limit=20', cursor)),
    );
    expect(items).toHaveLength(before + 65);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(pages).toBe(Math.ceil(items.length / 20));
    const sameInstant = items.slice(0, 65).map((item) => item.id);
    expect(sameInstant).toEqual(sameInstant.toSorted().toReversed());
  });

  it('counts the thread up to the cap', async () => {
    await insertMessages(MESSAGE_COUNT_CAP, 'flood', new Date('2029-05-01T12:00:00Z'));
    expect((await thread('limit=1')).json().total).toBe(MESSAGE_COUNT_CAP + 1);
  });
});
