import { mkdtemp, readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Emulator, type S3Emulator } from '#src/test/s3-emulator.ts';
import { createFileStorage } from './create-file-storage.ts';
import { createDiskStorage, type FileStorage } from './file-storage.ts';

let emulator: S3Emulator;
let diskRoot: string;

beforeAll(async () => {
  emulator = await startS3Emulator();
  diskRoot = await mkdtemp(path.join(os.tmpdir(), 'casebridge-disk-'));
});
afterAll(async () => emulator.stop());

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const BAD_KEYS = [
  '../escape.bin',
  'a/../../escape.bin',
  '/etc/passwd',
  '',
  'a//b',
  './a',
  'a\\b',
  'a/\u0000.txt',
];

const stores: [string, () => FileStorage][] = [
  ['disk', () => createDiskStorage(diskRoot)],
  ['S3', () => createFileStorage({ dataDir: diskRoot, storageUrl: emulator.storageUrl('tenant') })],
];

describe.each(stores)('%s storage contract', (_name, makeStore) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = makeStore();
  });

  it('puts, reads, streams and reports a file', async () => {
    const data = Buffer.from(`bytes ${Math.random()}`);
    await storage.put('documents/p-1/MRI/d-1/1_a.pdf', data);
    expect(await storage.exists('documents/p-1/MRI/d-1/1_a.pdf')).toBe(true);
    expect((await storage.read('documents/p-1/MRI/d-1/1_a.pdf')).equals(data)).toBe(true);
    expect((await readAll(storage.stream('documents/p-1/MRI/d-1/1_a.pdf'))).equals(data)).toBe(
      true,
    );
  });

  it('replaces a file put twice under one key and keeps large files whole', async () => {
    const large = Buffer.alloc(3 * 1024 * 1024, 7);
    await storage.put('replace/me.bin', Buffer.from('first'));
    await storage.put('replace/me.bin', large);
    expect((await storage.read('replace/me.bin')).equals(large)).toBe(true);
    expect((await readAll(storage.stream('replace/me.bin'))).equals(large)).toBe(true);
  });

  it('removes a file; a missing key reads and streams as ENOENT and removes quietly', async () => {
    await storage.put('gone/soon.txt', Buffer.from('x'));
    await storage.remove('gone/soon.txt');
    expect(await storage.exists('gone/soon.txt')).toBe(false);
    await expect(storage.read('gone/soon.txt')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(readAll(storage.stream('gone/soon.txt'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(storage.remove('gone/soon.txt')).resolves.toBeUndefined();
  });

  it.each(BAD_KEYS)('refuses the key %j for every operation', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key');
    await expect(storage.read(key)).rejects.toThrow('invalid storage key');
    await expect(storage.remove(key)).rejects.toThrow('invalid storage key');
    await expect(storage.exists(key)).rejects.toThrow('invalid storage key');
    expect(() => storage.stream(key)).toThrow('invalid storage key');
  });
});

let listings = 0;
/** Each listing test gets a store of its own that holds nothing yet. */
const emptyStores: [string, () => Promise<FileStorage>][] = [
  [
    'disk',
    async () => createDiskStorage(await mkdtemp(path.join(os.tmpdir(), 'casebridge-list-'))),
  ],
  [
    'S3',
    async () => {
      listings += 1;
      return createFileStorage({
        dataDir: diskRoot,
        storageUrl: emulator.storageUrl(`listing-${listings}`),
      });
    },
  ],
];

/** Puts every key with its own name as content, a few at a time, as parallel uploads would. */
async function putAll(storage: FileStorage, keys: string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 25) {
    const batch = keys.slice(start, start + 25);
    await Promise.all(batch.map((key) => storage.put(key, Buffer.from(key))));
  }
}

describe.each(emptyStores)('%s storage listing', (_name, makeEmptyStore) => {
  it('lists nothing for a store that holds nothing', async () => {
    const storage = await makeEmptyStore();
    expect(await storage.list()).toEqual([]);
  });

  it('lists every stored key at any depth, sorted, without removed ones', async () => {
    const storage = await makeEmptyStore();
    // No '&' or '<': s3rver escapes them twice in a listing (real S3 does not), and stored names
    // never hold them (sanitizeFileName keeps letters, digits, '.', '-' and '_').
    const keys = [
      'b/2.txt',
      'a/1.txt',
      'a/b/3.txt',
      'a/b/c/d/e/4.txt',
      'documents/p-1/MRI/d-1/1_knee mri (left) + notes.pdf',
      'documents/p-1/MRI/d-2/1_Röntgen-ü.pdf',
    ];
    await putAll(storage, keys);
    await storage.remove('b/2.txt');
    expect(await storage.list()).toEqual([
      'a/1.txt',
      'a/b/3.txt',
      'a/b/c/d/e/4.txt',
      'documents/p-1/MRI/d-1/1_knee mri (left) + notes.pdf',
      'documents/p-1/MRI/d-2/1_Röntgen-ü.pdf',
    ]);
  });

  // An S3 listing answers at most 1,000 keys a page; a backup must still see every one.
  it('lists every key of a store holding more than one page of them', async () => {
    const storage = await makeEmptyStore();
    const keys = Array.from({ length: 1_003 }, (_, index) => `bulk/${index}.txt`);
    await putAll(storage, keys);
    const listed = await storage.list();
    expect(listed).toHaveLength(1_003);
    expect(listed).toEqual(keys.toSorted());
  }, 60_000);
});

describe('disk storage', () => {
  it('creates files owner-only (0600) under owner-only folders (0700), its root included', async () => {
    const root = path.join(await mkdtemp(path.join(os.tmpdir(), 'casebridge-modes-')), 'files');
    await createDiskStorage(root).put('documents/p-1/MRI/d-1/1_a.pdf', Buffer.from('x'));
    expect((await stat(path.join(root, 'documents/p-1/MRI/d-1/1_a.pdf'))).mode & 0o777).toBe(0o600);
    for (const folder of ['', 'documents', 'documents/p-1', 'documents/p-1/MRI/d-1'])
      expect((await stat(path.join(root, folder))).mode & 0o777).toBe(0o700);
  });
});

describe('S3 storage', () => {
  it('keeps every key under the prefix of its STORAGE_URL', async () => {
    const prefixed = createFileStorage({
      dataDir: diskRoot,
      storageUrl: emulator.storageUrl('clinic-a/files'),
    });
    const whole = createFileStorage({ dataDir: diskRoot, storageUrl: emulator.storageUrl() });
    await prefixed.put('documents/x.txt', Buffer.from('prefixed'));
    expect((await whole.read('clinic-a/files/documents/x.txt')).toString()).toBe('prefixed');
    expect(await whole.exists('documents/x.txt')).toBe(false);
  });

  it('lists only the keys under its own prefix, without that prefix', async () => {
    const storeAt = (prefix: string) =>
      createFileStorage({ dataDir: diskRoot, storageUrl: emulator.storageUrl(prefix) });
    // 'scope-1/' must not match 'scope-10/': the prefix ends at a '/'.
    await storeAt('scope-1').put('a.txt', Buffer.from('1'));
    await storeAt('scope-1').put('nested/b.txt', Buffer.from('1'));
    await storeAt('scope-10').put('a.txt', Buffer.from('10'));
    expect(await storeAt('scope-1').list()).toEqual(['a.txt', 'nested/b.txt']);
    expect(await storeAt('scope-10').list()).toEqual(['a.txt']);
    expect(await storeAt('').list()).toEqual(
      expect.arrayContaining(['scope-1/a.txt', 'scope-1/nested/b.txt', 'scope-10/a.txt']),
    );
  });

  it('writes nothing to the local disk', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'casebridge-unused-'));
    const storage = createFileStorage({ dataDir: root, storageUrl: emulator.storageUrl() });
    await storage.put('documents/y.txt', Buffer.from('y'));
    expect(await readdir(root)).toEqual([]);
  });

  it('fails loudly when the store is unreachable', async () => {
    const unreachable = emulator.storageUrl().replace(/127\.0\.0\.1%3A\d+/, '127.0.0.1%3A9');
    const storage = createFileStorage({ dataDir: diskRoot, storageUrl: unreachable });
    await expect(storage.exists('documents/z.txt')).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    await expect(storage.put('documents/z.txt', Buffer.from('z'))).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
