import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@casebridge/domain/settings/settings.schemas';
import type { ListenHandlers } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { SessionCache, SESSION_CACHE_TTL_MS, SESSION_CHANGES_CHANNEL } from './session-cache.ts';

function actorOf(userId: string, sessionId: string): Actor {
  return {
    userId,
    sessionId,
    email: `${userId}@example.test`,
    name: userId,
    role: 'clinic',
    organizationId: null,
    organizationName: null,
    organizationKind: null,
    createdAt: new Date(0),
    secondFactor: 'complete',
  };
}

function entryOf(userId: string, sessionId: string) {
  return {
    actor: actorOf(userId, sessionId),
    expiresAt: new Date(Date.now() + 3_600_000),
    lastActiveAt: new Date(),
  };
}

/** A cache on a fake clock and a fake LISTEN connection the test can drop and restore. */
async function startCache() {
  let clock = 1_000_000;
  let handlers: ListenHandlers | undefined;
  const cache = new SessionCache({ now: () => clock });
  await cache.start({
    listen: async (channel, given) => {
      expect(channel).toBe(SESSION_CHANGES_CHANNEL);
      handlers = given;
      given.onConnected?.(false);
      return async () => {};
    },
  });
  return {
    cache,
    advance: (ms: number) => (clock += ms),
    notify: (payload: string) => handlers?.onNotify(payload),
    disconnect: () => handlers?.onDisconnected?.('test'),
    reconnect: () => handlers?.onConnected?.(true),
  };
}

describe('SessionCache', () => {
  it('serves a check for the time-to-live and no longer', async () => {
    const { cache, advance } = await startCache();
    cache.setSession('cookie-1', entryOf('u1', 's1'), cache.generation());
    expect(cache.getSession('cookie-1')?.actor.userId).toBe('u1');
    advance(SESSION_CACHE_TTL_MS - 1);
    expect(cache.getSession('cookie-1')).not.toBeNull();
    advance(1);
    expect(cache.getSession('cookie-1')).toBeNull();
    expect(cache.stats()).toEqual({ hits: 2, misses: 1 });
  });

  it('drops the entries a notification names, and only those', async () => {
    const { cache, notify } = await startCache();
    const generation = cache.generation();
    cache.setSession('a', entryOf('u1', 's1'), generation);
    cache.setSession('b', entryOf('u1', 's2'), generation);
    cache.setSession('c', entryOf('u2', 's3'), generation);
    notify('session:s1');
    expect(cache.getSession('a')).toBeNull();
    expect(cache.getSession('b')).not.toBeNull();
    notify('user:u1');
    expect(cache.getSession('b')).toBeNull();
    expect(cache.getSession('c')).not.toBeNull();
    notify('*');
    expect(cache.getSession('c')).toBeNull();
  });

  it('does not keep a check that began before a change it may have missed', async () => {
    const { cache, notify } = await startCache();
    const generation = cache.generation();
    notify('user:someone-else');
    cache.setSession('a', entryOf('u1', 's1'), generation);
    expect(cache.getSession('a')).toBeNull();
  });

  it('serves nothing while its LISTEN connection is down, and starts empty after', async () => {
    const { cache, disconnect, reconnect } = await startCache();
    cache.setSession('a', entryOf('u1', 's1'), cache.generation());
    disconnect();
    expect(cache.getSession('a')).toBeNull();
    cache.setSession('a', entryOf('u1', 's1'), cache.generation());
    expect(cache.getSession('a')).toBeNull();
    reconnect();
    expect(cache.getSession('a')).toBeNull();
    cache.setSession('a', entryOf('u1', 's1'), cache.generation());
    expect(cache.getSession('a')).not.toBeNull();
  });

  it('reads the settings once per time-to-live and again after a change', async () => {
    const { cache, advance, notify } = await startCache();
    let reads = 0;
    const load = async () => {
      reads += 1;
      return { ...DEFAULT_SETTINGS, sessionTimeoutMinutes: 60 + reads };
    };
    expect((await cache.getSettings(load)).sessionTimeoutMinutes).toBe(61);
    expect((await cache.getSettings(load)).sessionTimeoutMinutes).toBe(61);
    notify('*');
    expect((await cache.getSettings(load)).sessionTimeoutMinutes).toBe(62);
    advance(SESSION_CACHE_TTL_MS);
    expect((await cache.getSettings(load)).sessionTimeoutMinutes).toBe(63);
    expect(reads).toBe(3);
  });

  it('is empty and inert before it listens', () => {
    const cache = new SessionCache();
    cache.setSession('a', entryOf('u1', 's1'), cache.generation());
    expect(cache.getSession('a')).toBeNull();
  });
});
