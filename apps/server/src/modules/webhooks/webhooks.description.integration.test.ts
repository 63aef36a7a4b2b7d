import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * No description, however a client says it: left out, blank, or null (what the domain schema
 * makes of a blank one, and what the web's dialog sends). Each is stored and answered as null.
 */
describe('a webhook endpoint without a description', () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await createTestServer();
    cookie = await server.login('clinic@demo.test');
  });
  afterAll(async () => server.close());

  it.each([
    ['left out', {}],
    ['blank', { description: '   ' }],
    ['null', { description: null }],
  ])('is registered when %s', async (name, description) => {
    const created = await server.request({
      method: 'POST',
      url: '/api/webhooks',
      cookie,
      body: {
        url: `https://receiver.example/${name.replace(' ', '-')}`,
        eventTypes: ['message.created'],
        ...description,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ description: unknown }>().description).toBeNull();
  });
});
