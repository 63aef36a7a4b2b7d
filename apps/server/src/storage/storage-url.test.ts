import { describe, expect, it } from 'vitest';
import { describeStorage, parseStorageUrl } from './storage-url.ts';

describe('parseStorageUrl', () => {
  it('reads bucket, prefix, endpoint, region, path style, credentials and encryption', () => {
    const config = parseStorageUrl(
      's3://AKIA%2F1:se%2Bcret@case-files/prod/docs/?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true&sse=AES256',
    );
    expect(config).toEqual({
      bucket: 'case-files',
      prefix: 'prod/docs/',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA/1', secretAccessKey: 'se+cret' },
      serverSideEncryption: 'AES256',
    });
    expect(describeStorage(config)).not.toContain('se+cret');
  });

  it('defaults to AWS itself, us-east-1, no prefix and the SDK credential chain', () => {
    expect(parseStorageUrl('s3://case-files')).toEqual({
      bucket: 'case-files',
      prefix: '',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      serverSideEncryption: undefined,
    });
  });

  it.each([
    ['http://case-files', 'must start with s3://'],
    ['s3://A', 'no valid bucket'],
    ['s3://case-files?endpiont=http://x', 'unknown parameter: endpiont'],
    ['s3://case-files/a/%2E%2E%2Fb', '. or .. segments'],
    ['s3://case-files?endpoint=ftp://x', 'http(s) origin'],
    ['s3://case-files?forcePathStyle=yes', 'true or false'],
    ['s3://case-files?sse=DES', 'AES256 or aws:kms'],
    ['s3://onlykey@case-files', 'both an access key and a secret'],
  ])('refuses %s', (value, message) => {
    expect(() => parseStorageUrl(value)).toThrow(message);
  });
});
