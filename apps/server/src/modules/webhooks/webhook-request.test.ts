import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_RESPONSE_KEEP_BYTES } from '@casebridge/domain/webhooks/webhook.schemas';
import { postWebhook, WebhookTimeoutError } from './webhook-request.ts';
import { NOT_PUBLIC_MESSAGE, publicOnlyLookup } from './webhook-url.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A receiver on 127.0.0.1; counts the connections it was opened. */
async function serve(handler: RequestListener) {
  const server = createServer(handler);
  servers.push(server);
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, connections: () => connections };
}

const post = {
  headers: { 'content-type': 'application/json' },
  body: '{"id":"e1"}',
  timeoutMs: 2_000,
};

/** A lookup that answers 127.0.0.1 for any name, unchecked. */
const toLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

describe('postWebhook', () => {
  it('posts the body with its headers and answers the status and the text', async () => {
    const seen: Array<{ method?: string; type?: string; body: string }> = [];
    const { port } = await serve((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ method: request.method, type: request.headers['content-type'], body });
        response.writeHead(202).end('taken');
      });
    });
    expect(await postWebhook(`http://127.0.0.1:${port}/in`, post)).toEqual({
      status: 202,
      body: 'taken',
    });
    expect(seen).toEqual([{ method: 'POST', type: 'application/json', body: '{"id":"e1"}' }]);
  });

  it('keeps only the start of a long answer, and a redirect is an answer, not followed', async () => {
    const { port } = await serve((request, response) => {
      if (request.url === '/long') response.writeHead(500).end('x'.repeat(100_000));
      else response.writeHead(302, { location: '/long' }).end('moved');
    });
    const long = await postWebhook(`http://127.0.0.1:${port}/long`, post);
    expect(long.status).toBe(500);
    expect(long.body).toBe('x'.repeat(WEBHOOK_RESPONSE_KEEP_BYTES));
    expect(await postWebhook(`http://127.0.0.1:${port}/moved`, post)).toEqual({
      status: 302,
      body: 'moved',
    });
  });

  it('gives up when no answer comes in time', async () => {
    const { port } = await serve(() => undefined);
    const sent = postWebhook(`http://127.0.0.1:${port}/`, { ...post, timeoutMs: 100 });
    await expect(sent).rejects.toBeInstanceOf(WebhookTimeoutError);
    await expect(sent).rejects.toThrow('no answer within 0.1 s');
  });

  it('answers the status with the text read when the body does not finish in time', async () => {
    const { port } = await serve((_request, response) => {
      response.writeHead(200);
      response.write('a start'); // and nothing more
    });
    expect(await postWebhook(`http://127.0.0.1:${port}/`, { ...post, timeoutMs: 1_500 })).toEqual({
      status: 200,
      body: 'a start',
    });
  });

  it('connects only to the addresses its lookup allows (DNS rebinding)', async () => {
    const { port, connections } = await serve((_request, response) => response.end('ok'));
    const url = `http://rebind.example:${port}/in`;
    // The same name, pointed at this receiver: the lookup is what reaches it…
    expect(await postWebhook(url, { ...post, lookup: toLoopback })).toMatchObject({ status: 200 });
    expect(connections()).toBe(1);
    // …and the guarded one refuses the internal address without connecting.
    const guarded = publicOnlyLookup(async () => [{ address: '127.0.0.1' }]);
    await expect(postWebhook(url, { ...post, lookup: guarded })).rejects.toThrow(
      NOT_PUBLIC_MESSAGE,
    );
    expect(connections()).toBe(1);
  });
});
