import net from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.ts';

/** A port with nothing listening on it (yet). */
async function getFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Forwards a local port to the test's PostgreSQL server, as if that server just came up. */
function startProxy(port: number, target: URL): Promise<net.Server> {
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return new Promise((resolve) => proxy.listen(port, '127.0.0.1', () => resolve(proxy)));
}

describe.runIf(inject('testTemplate').kind === 'postgres')(
  'waiting for PostgreSQL at start',
  () => {
    it('retries with a log line per attempt until the server answers', async () => {
      const template = inject('testTemplate');
      if (template.kind !== 'postgres') return;
      const serverUrl = new URL(template.serverUrl);
      const port = await getFreePort();
      const url = new URL(template.serverUrl);
      url.port = String(port);
      const lines: string[] = [];
      const log = {
        info: (line: string) => lines.push(line),
        warn: (line: string) => lines.push(line),
      };

      let proxy: net.Server | null = null;
      const comesUp = setTimeout(async () => {
        proxy = await startProxy(port, serverUrl);
      }, 1_500);
      try {
        const database = await openDatabase({
          databaseUrl: url.toString(),
          log,
          startupWaitMs: 20_000,
        });
        await database.ping();
        await database.close();
        const waits = lines.filter((line) =>
          line.startsWith(`Waiting for PostgreSQL at 127.0.0.1:${port}`),
        );
        expect(waits.length).toBeGreaterThanOrEqual(1);
        expect(lines.at(-1)).toBe('PostgreSQL is answering');
      } finally {
        clearTimeout(comesUp);
        await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
      }
    });

    it('gives up after its deadline with the reason', async () => {
      const template = inject('testTemplate');
      if (template.kind !== 'postgres') return;
      const url = new URL(template.serverUrl);
      url.port = String(await getFreePort());
      const lines: string[] = [];
      const log = {
        info: (line: string) => lines.push(line),
        warn: (line: string) => lines.push(line),
      };
      await expect(
        openDatabase({ databaseUrl: url.toString(), log, startupWaitMs: 1_200 }),
      ).rejects.toThrow(/PostgreSQL did not answer in time: .*ECONNREFUSED/);
      expect(lines.length).toBeGreaterThanOrEqual(2);
    });
  },
);
