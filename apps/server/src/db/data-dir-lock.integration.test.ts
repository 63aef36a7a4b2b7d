import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { parseEnv } from '#src/env.ts';
import { createServer } from '#src/server.ts';
import { runNode, startNode, type NodeProcess } from '#src/test/run-node.ts';
import { acquireDataDirLock, DataDirLockedError, getLockFile } from './data-dir-lock.ts';

const HOLDER = 'apps/server/src/test/hold-data-dir-lock.ts';
const started: NodeProcess[] = [];
afterEach(() => {
  for (const holder of started.splice(0)) holder.child.kill('SIGKILL');
});

const newDataDir = () => mkdtemp(path.join(os.tmpdir(), 'casebridge-lock-'));

function hold(dataDir: string, mode: 'hold' | 'exit' = 'hold'): NodeProcess {
  const holder = startNode([HOLDER, dataDir, mode], {});
  started.push(holder);
  return holder;
}

function serverEnv(dataDir: string) {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
  };
}

// Embedded databases only: the PostgreSQL pass would repeat it unchanged.
describe.runIf(inject('testTemplate').kind === 'pglite')(
  'one process per embedded data directory',
  () => {
    it('a second server process refuses to start, naming the running one; close releases', async () => {
      const dataDir = await newDataDir();
      const server = await createServer({ env: parseEnv(serverEnv(dataDir)), logger: false });
      let isClosed = false;
      try {
        const holder = JSON.parse(readFileSync(getLockFile(dataDir), 'utf8'));
        expect(holder).toMatchObject({ pid: process.pid, hostname: os.hostname() });

        const second = await runNode(['apps/server/src/main.ts'], serverEnv(dataDir));
        expect(second.code).toBe(1);
        expect(second.output).toContain(
          `CaseBridge is already running on DATA_DIR ${dataDir} (pid ${process.pid}, started ${holder.startedAt}). ` +
            'Stop it first, or set DATA_DIR to another directory.',
        );
        // The refused process did not touch the lock: the first server still holds it.
        expect(JSON.parse(readFileSync(getLockFile(dataDir), 'utf8'))).toEqual(holder);

        await server.close();
        isClosed = true;
        expect(existsSync(getLockFile(dataDir))).toBe(false);
      } finally {
        if (!isClosed) await server.close();
      }
    });

    it('refuses in this process while another live process holds the lock', async () => {
      const dataDir = await newDataDir();
      const holder = hold(dataDir);
      await holder.waitFor('locked');
      const error = await acquireDataDirLock(dataDir).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^CaseBridge is already running on DATA_DIR .+ \\(pid ${holder.child.pid}, started `,
        ),
      );
    });

    it('takes over the lock of a process that crashed, and logs it', async () => {
      const dataDir = await newDataDir();
      const crashed = hold(dataDir);
      await crashed.waitFor('locked');
      crashed.child.kill('SIGKILL');
      await crashed.exited;
      expect(existsSync(getLockFile(dataDir))).toBe(true);

      const logs: string[] = [];
      const lock = await acquireDataDirLock(dataDir, { log: (message) => logs.push(message) });
      expect(logs).toEqual([expect.stringContaining(`pid ${crashed.child.pid} (started`)]);
      expect(logs[0]).toContain('is no longer running');
      expect(JSON.parse(readFileSync(getLockFile(dataDir), 'utf8')).pid).toBe(process.pid);
      lock.release();
      expect(existsSync(getLockFile(dataDir))).toBe(false);
    });

    it('of several processes racing for a stale lock, exactly one wins', async () => {
      const dataDir = await newDataDir();
      const dead = hold(dataDir, 'exit');
      await dead.exited;
      // A normal exit releases the lock: put a crashed holder's lock back by hand.
      expect(existsSync(getLockFile(dataDir))).toBe(false);
      writeFileSync(
        getLockFile(dataDir),
        JSON.stringify({
          pid: dead.child.pid,
          hostname: os.hostname(),
          startedAt: 'x',
          token: 't',
        }),
      );

      const racers = [hold(dataDir), hold(dataDir), hold(dataDir)];
      await Promise.all(
        racers.map((racer) =>
          Promise.race([racer.waitFor('locked'), racer.waitFor('refused')]).catch(() => undefined),
        ),
      );
      const winners = racers.filter((racer) => racer.output().includes('locked'));
      expect(winners).toHaveLength(1);
      expect(JSON.parse(readFileSync(getLockFile(dataDir), 'utf8')).pid).toBe(
        winners[0]?.child.pid,
      );
    });

    it('refuses a lock held from another host, which it cannot probe', async () => {
      const dataDir = await newDataDir();
      writeFileSync(
        getLockFile(dataDir),
        JSON.stringify({ pid: 1, hostname: 'other-host', startedAt: '2026-11-22T08:00:00.000Z' }),
      );
      await expect(acquireDataDirLock(dataDir)).rejects.toThrow(
        `CaseBridge is already running on DATA_DIR ${dataDir} (pid 1 on host other-host, started 2026-11-22T08:00:00.000Z).`,
      );
    });

    it('refuses a second lock in the same process', async () => {
      const dataDir = await newDataDir();
      const lock = await acquireDataDirLock(dataDir);
      await expect(acquireDataDirLock(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
      lock.release();
      (await acquireDataDirLock(dataDir)).release();
    });
  },
);
