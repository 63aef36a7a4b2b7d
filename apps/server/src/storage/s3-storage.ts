import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FileStorage } from './file-storage.ts';
import { assertStorageKey, StorageKeyNotFoundError } from './storage-key.ts';
import type { S3StorageConfig } from './storage-url.ts';

/** Both spellings of "no such object": GetObject says NoSuchKey, HeadObject only a 404. */
function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/**
 * Document bytes in an S3-compatible bucket, so every instance serves every file. Semantics match
 * the disk store: a put is atomic (one PutObject is never visible half-written), keys follow the
 * same rule, and a missing key fails with code ENOENT, as a missing file does.
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Only checksum when the operation requires it: emulators and some S3-compatible stores
    // reject the newer default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const toObject = (key: string) => {
    assertStorageKey(key);
    return { Bucket: config.bucket, Key: `${config.prefix}${key}` };
  };

  async function getBody(key: string, target: { Bucket: string; Key: string }) {
    try {
      const response = await client.send(new GetObjectCommand(target));
      if (!response.Body) throw new StorageKeyNotFoundError(key);
      return response.Body as Readable;
    } catch (error) {
      throw isNotFound(error) ? new StorageKeyNotFoundError(key) : error;
    }
  }

  return {
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          ...toObject(key),
          Body: data,
          ContentLength: data.length,
          ServerSideEncryption: config.serverSideEncryption,
        }),
      );
    },
    async read(key) {
      const body = await getBody(key, toObject(key));
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    stream(key) {
      // Validated now, so a bad key throws at once as on disk; the request starts on first read.
      const target = toObject(key);
      return Readable.from(
        (async function* () {
          yield* await getBody(key, target);
        })(),
        { objectMode: false },
      );
    },
    async remove(key) {
      // Like rm --force: removing a missing object succeeds.
      await client.send(new DeleteObjectCommand(toObject(key)));
    },
    async exists(key) {
      const target = toObject(key);
      try {
        await client.send(new HeadObjectCommand(target));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async list() {
      const keys: string[] = [];
      let token: string | undefined;
      // A listing comes in pages of at most 1,000 objects.
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: config.prefix,
            ContinuationToken: token,
          }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) keys.push(item.Key.slice(config.prefix.length));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.toSorted();
    },
    // A PutObject is atomic: an object exists whole or not at all.
    pruneAbandoned: async () => 0,
  };
}
