import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

export type S3Emulator = {
  /** A STORAGE_URL for a fresh bucket on the emulator, with an optional key prefix. */
  storageUrl(prefix?: string): string;
  stop(): Promise<void>;
};

const BUCKET = 'casebridge-test';
/** s3rver's built-in account; it checks request signatures against this pair. */
const CREDENTIALS = 'S3RVER:S3RVER';

/**
 * Starts a local S3-compatible server on 127.0.0.1 (an ephemeral port, its own directory). A
 * failure to start rejects, so a test that needs object storage fails rather than skips.
 */
export async function startS3Emulator(): Promise<S3Emulator> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'casebridge-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  return {
    storageUrl(prefix = '') {
      const endpoint = encodeURIComponent(`http://127.0.0.1:${port}`);
      return `s3://${CREDENTIALS}@${BUCKET}/${prefix}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`;
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
