import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import { text as readText } from 'node:stream/consumers';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FileStorage } from '#src/storage/file-storage.ts';
import { BackupError, ZBackupManifest, type TBackupManifest } from './backup-manifest.ts';
import { describeBackup, writeBackup } from './write-backup.ts';

type Log = { info(message: string): void; warn(message: string): void };

/** Linux allows 108 bytes for a socket path, macOS 104. */
const MAX_SOCKET_PATH_BYTES = 100;

export function getBackupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'casebridge.sock');
}

/**
 * Only the process holding the embedded database may read it, so `npm run backup` asks that
 * process through a Unix socket in DATA_DIR. The socket is mode 0600: whoever can use it can
 * already read DATA_DIR, so it grants nothing new, and it is never reachable over the network.
 */
export async function serveBackups(options: {
  dataDir: string;
  pglite: PGlite;
  storage: FileStorage;
  log: Log;
}): Promise<{ close(): Promise<void> }> {
  const socketPath = getBackupSocketPath(options.dataDir);
  const unavailable = (reason: string) => {
    options.log.warn(`Online backups are unavailable (${reason}); stop the server to back up.`);
    return { close: async () => undefined };
  };
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES)
    return unavailable(`${socketPath} is too long for a socket`);

  let isBusy = false;
  const server = http.createServer({ requestTimeout: 0 }, (request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/backup')
      return reply(404, { error: 'Only POST /backup is served here.' });
    if (isBusy) return reply(409, { error: 'A backup is already being written; try again later.' });
    isBusy = true;
    void readJson(request)
      .then(async (body) => {
        const dir = (body as { dir?: unknown }).dir;
        if (typeof dir !== 'string' || !path.isAbsolute(dir))
          throw new BackupError('The backup directory must be an absolute path.');
        const source = { kind: 'pglite', pglite: options.pglite } as const;
        const manifest = await writeBackup(source, options.storage, dir);
        options.log.info(`Backup written to ${dir}: ${describeBackup(manifest)}`);
        reply(200, { manifest });
      })
      .catch((error: Error) =>
        reply(error instanceof BackupError ? 400 : 500, { error: error.message }),
      )
      .finally(() => {
        isBusy = false;
      });
  });

  // We hold the data-directory lock, so a socket file left here is a crashed server's.
  await rm(socketPath, { force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    await chmod(socketPath, 0o600);
  } catch (error) {
    return unavailable((error as Error).message);
  }
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/** Asks the server that holds DATA_DIR to write a backup into `dir` (an absolute path). */
export async function requestBackup(dataDir: string, dir: string): Promise<TBackupManifest> {
  const socketPath = getBackupSocketPath(dataDir);
  const { status, body } = await new Promise<{ status: number; body: string }>(
    (resolve, reject) => {
      const request = http.request(
        {
          socketPath,
          method: 'POST',
          path: '/backup',
          headers: { 'content-type': 'application/json' },
        },
        (response) =>
          void readText(response).then(
            (text) => resolve({ status: response.statusCode ?? 0, body: text }),
            reject,
          ),
      );
      request.on('error', (error) =>
        reject(
          new BackupError(
            `The running server does not answer on ${socketPath} (${error.message}). ` +
              'Stop it and run the backup again, or check its log.',
          ),
        ),
      );
      request.end(JSON.stringify({ dir }));
    },
  );
  const parsed = JSON.parse(body) as { manifest?: unknown; error?: string };
  if (status !== 200) throw new BackupError(parsed.error ?? `The server answered ${status}.`);
  return ZBackupManifest.parse(parsed.manifest);
}

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length > 10_000) throw new BackupError('The request is too large.');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupError('The request is not JSON.');
  }
}
