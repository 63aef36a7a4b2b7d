import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRedisClient } from './redis-client.ts';

/** A port on which nothing listens: every connection attempt is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('createRedisClient', () => {
  afterEach(() => vi.restoreAllMocks());

  it('handles the errors of an outage itself and logs it once', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings: string[] = [];
    const redis = createRedisClient(`redis://127.0.0.1:${await closedPort()}`, 'test', {
      info: () => undefined,
      warn: (message) => warnings.push(message),
    });
    // Counted without an error listener of the test's own, which would hide an unhandled one.
    let attempts = 0;
    redis.on('reconnecting', () => {
      attempts += 1;
    });
    try {
      await expect.poll(() => attempts, { timeout: 4_000 }).toBeGreaterThanOrEqual(3);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^Redis \(test\) is unreachable, retrying: /);
      expect(printed).not.toHaveBeenCalled();
    } finally {
      redis.disconnect();
    }
  });
});
