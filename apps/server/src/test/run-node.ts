import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readToolEnv } from '#src/env.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export type NodeProcess = {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Waits until the output contains `text`; rejects if the process ends first. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
};

/**
 * Node itself with tsx loaded, from the repository root, as `npm run` would start a script, with
 * exactly `env` plus PATH: a real second process, not a second instance inside the test worker.
 */
export function startNode(args: string[], env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: readToolEnv().path, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    output: () => output,
    exited,
    waitFor(text, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for "${text}" in:\n${output}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then(() => {
          if (!output.includes(text)) {
            cleanup();
            reject(new Error(`process ended before printing "${text}":\n${output}`));
          }
        });
        check();
      });
    },
  };
}

/** Runs a process to its end and returns its exit code and everything it printed. */
export async function runNode(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | string; output: string }> {
  const process = startNode(args, env);
  const code = await process.exited;
  return { code, output: process.output() };
}
