import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './run-node.ts';
import { readToolEnv } from '#src/env.ts';

export type S3Emulator = {
  /** A STORAGE_URL for a fresh bucket on the emulator, with an optional key prefix. */
  storageUrl(prefix?: string): string;
  stop(): Promise<void>;
};

const BUCKET = 'casebridge-test';
/** s3rver's built-in account; it checks request signatures against this pair. */
const CREDENTIALS = 'S3RVER:S3RVER';
const SERVER_SCRIPT = fileURLToPath(new URL('./s3-emulator-server.ts', import.meta.url));
const START_TIMEOUT_MS = 20_000;

/** Resolves with the port once the emulator prints it; rejects with its output if it dies. */
function waitForPort(child: ReturnType<typeof spawn>): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail('did not start in time'), START_TIMEOUT_MS);
    const onExit = (code: number | null, signal: string | null) =>
      fail(`exited (${code ?? signal})`);
    function settle() {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout?.off('data', append);
      child.stderr?.off('data', append);
    }
    function fail(reason: string) {
      settle();
      child.kill('SIGKILL');
      reject(new Error(`the S3 emulator ${reason}:\n${output}`));
    }
    function append(chunk: Buffer) {
      output += chunk.toString('utf8');
      const port = /listening on (\d+)/.exec(output)?.[1];
      if (!port) return;
      settle();
      resolve(Number(port));
    }
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    child.once('exit', onExit);
  });
}

/**
 * Starts a local S3-compatible server (s3rver) in its own process on 127.0.0.1, on an ephemeral
 * port with its own directory; see s3-emulator-server.ts for why a process of its own. A failure
 * to start rejects, so a test that needs object storage fails rather than skips.
 */
export async function startS3Emulator(): Promise<S3Emulator> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'casebridge-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--import', 'tsx', SERVER_SCRIPT, directory, BUCKET],
    { cwd: REPO_ROOT, env: { PATH: readToolEnv().path }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const exited = once(child, 'exit');
  let port: number;
  try {
    port = await waitForPort(child);
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    storageUrl(prefix = '') {
      const endpoint = encodeURIComponent(`http://127.0.0.1:${port}`);
      return `s3://${CREDENTIALS}@${BUCKET}/${prefix}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
