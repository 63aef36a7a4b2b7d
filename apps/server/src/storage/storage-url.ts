/** Where an S3-compatible store lives and how to reach it, read from STORAGE_URL. */
export type S3StorageConfig = {
  bucket: string;
  /** Prepended to every key: '' or a path ending in '/'. */
  prefix: string;
  region: string;
  /** A custom endpoint (MinIO, Ceph, R2, a local emulator); AWS itself when absent. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's default chain (instance or task role, web identity). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  serverSideEncryption: 'AES256' | 'aws:kms' | undefined;
};

export class StorageUrlError extends Error {}

const ALLOWED_PARAMETERS = new Set(['endpoint', 'region', 'forcePathStyle', 'sse']);

/**
 * Parses `s3://[ACCESS_KEY:SECRET@]bucket[/prefix][?endpoint=…&region=…&forcePathStyle=true&sse=AES256]`.
 * One variable holds the whole store, like DATABASE_URL; credentials are percent-encoded.
 */
export function parseStorageUrl(value: string): S3StorageConfig {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorageUrlError('STORAGE_URL is not a URL');
  }
  if (url.protocol !== 's3:') throw new StorageUrlError('STORAGE_URL must start with s3://');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new StorageUrlError('STORAGE_URL names no valid bucket');
  for (const name of url.searchParams.keys()) {
    if (!ALLOWED_PARAMETERS.has(name))
      throw new StorageUrlError(`STORAGE_URL has an unknown parameter: ${name}`);
  }
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((segment) => segment === '..' || segment === '.'))
    throw new StorageUrlError('STORAGE_URL prefix must not contain . or .. segments');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+\/?$/.test(endpoint))
    throw new StorageUrlError('STORAGE_URL endpoint must be an http(s) origin');
  const forcePathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (forcePathStyle !== 'true' && forcePathStyle !== 'false')
    throw new StorageUrlError('STORAGE_URL forcePathStyle must be true or false');
  const sse = url.searchParams.get('sse') ?? undefined;
  if (sse !== undefined && sse !== 'AES256' && sse !== 'aws:kms')
    throw new StorageUrlError('STORAGE_URL sse must be AES256 or aws:kms');
  if (Boolean(url.username) !== Boolean(url.password))
    throw new StorageUrlError('STORAGE_URL needs both an access key and a secret, or neither');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    region: url.searchParams.get('region') ?? 'us-east-1',
    endpoint,
    forcePathStyle: forcePathStyle === 'true',
    credentials: url.username
      ? {
          accessKeyId: decodeURIComponent(url.username),
          secretAccessKey: decodeURIComponent(url.password),
        }
      : undefined,
    serverSideEncryption: sse,
  };
}

/** The URL without its secret, for log lines. */
export function describeStorage(config: S3StorageConfig): string {
  return `s3://${config.bucket}/${config.prefix}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
}
