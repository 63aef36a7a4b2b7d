import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { documents } from '#src/db/schema/index.ts';
import { rotateDocumentKeys } from '#src/ops/document-key-rotation.ts';
import { createDocumentKeyring } from '#src/storage/document-encryption.ts';
import { createTestServer, TEST_DOCUMENT_KEY, type TestServer } from '#src/test/test-server.ts';
import { samplePdf } from './document-test-files.ts';
import { getPatientId, upload } from './document-test-support.ts';

describe('documents encrypted at rest', () => {
  const logLines: string[] = [];
  let server: TestServer;
  let clinic: string;
  let maria: string;

  beforeAll(async () => {
    server = await createTestServer(
      { LOG_LEVEL: 'error' },
      { loggerStream: { write: (line) => void logLines.push(line) } },
    );
    clinic = await server.login('clinic@demo.test');
    maria = await getPatientId(server, 'Maria Delgado');
  });
  afterAll(async () => server?.close());

  /** Uploads a PDF holding a unique marker; answers its id, bytes, row and file on disk. */
  async function uploadMarked() {
    const marker = `PLAINTEXT-MARKER-${randomBytes(8).toString('hex')}`;
    const data = Buffer.concat([samplePdf(), Buffer.from(`%${marker}\n`)]);
    const response = await upload(server, {
      patientId: maria,
      cookie: clinic,
      category: 'MRI',
      file: { fileName: 'marked.pdf', data },
    });
    expect(response.statusCode).toBe(201);
    const id: string = response.json().id;
    const [row] = await server.context.db.select().from(documents).where(eq(documents.id, id));
    const file = path.join(server.context.env.dataDir, 'files', ...row!.storageKey.split('/'));
    return { id, data, marker, row: row!, file };
  }

  const download = (id: string) =>
    server.request({ url: `/api/documents/${id}/download`, cookie: clinic });

  it('stores ciphertext on disk and downloads the exact original bytes', async () => {
    const { id, data, marker, row, file } = await uploadMarked();
    const stored = await readFile(file);
    expect(stored.equals(data)).toBe(false);
    expect(stored.includes(marker)).toBe(false);
    expect(stored.includes('%PDF')).toBe(false);
    // Header + IV + ciphertext + tag: the plaintext's length plus 32 bytes.
    expect(stored.length).toBe(data.length + 4 + 12 + 16);
    expect(row.encryptionKeyId).toBe(server.context.documentKeys.current.id);
    expect(Buffer.from(row.wrappedKey!, 'base64')).toHaveLength(12 + 32 + 16);

    const response = await download(id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(data)).toBe(true);
  });

  it('creates the file 0600 and its folder 0700', async () => {
    const { file } = await uploadMarked();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
  });

  it('refuses and logs a file whose ciphertext was altered on disk', async () => {
    const { id, file } = await uploadMarked();
    const stored = await readFile(file);
    stored[Math.floor(stored.length / 2)]! ^= 0x01;
    await writeFile(file, stored);

    const response = await download(id);
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL');
    expect(response.json().error.message).toContain('failed its integrity check');
    expect(logLines.join('\n')).toContain(
      `document ${id} failed its integrity check: authentication failed`,
    );
  });

  it('still serves a document stored in plaintext before encryption', async () => {
    const [legacy] = await server.context.db
      .select()
      .from(documents)
      .where(isNull(documents.encryptionKeyId))
      .limit(1);
    expect(legacy).toBeDefined();
    const file = path.join(server.context.env.dataDir, 'files', ...legacy!.storageKey.split('/'));
    const response = await download(legacy!.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(await readFile(file))).toBe(true);
  });
});

describe('master key rotation', () => {
  let server: TestServer;
  let clinic: string;

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
  });
  afterAll(async () => server?.close());

  it('re-wraps every data key so the old master key can be removed', async () => {
    const patientId = await getPatientId(server, 'Maria Delgado');
    const data = Buffer.concat([samplePdf(), Buffer.from('%rotated\n')]);
    const uploaded = await upload(server, {
      patientId,
      cookie: clinic,
      category: 'Intake',
      file: { fileName: 'rotate.pdf', data },
    });
    const id: string = uploaded.json().id;
    const rowOf = async () =>
      (await server.context.db.select().from(documents).where(eq(documents.id, id)))[0]!;
    const before = await rowOf();
    const fileBefore = await server.context.storage.read(before.storageKey);

    const oldKey = Buffer.from(TEST_DOCUMENT_KEY, 'base64');
    const newKey = randomBytes(32);
    // Without the old key configured the tool refuses and changes nothing.
    const newOnly = createDocumentKeyring(newKey);
    const context = { db: server.context.db, storage: server.context.storage };
    await expect(rotateDocumentKeys({ ...context, documentKeys: newOnly })).rejects.toThrow(
      'not configured',
    );
    expect((await rowOf()).wrappedKey).toBe(before.wrappedKey);

    const result = await rotateDocumentKeys({
      ...context,
      documentKeys: createDocumentKeyring(newKey, [oldKey]),
    });
    expect(result.rewrapped).toBeGreaterThanOrEqual(1);
    const after = await rowOf();
    expect(after.encryptionKeyId).toBe(newOnly.current.id);
    expect(after.wrappedKey).not.toBe(before.wrappedKey);
    expect((await server.context.storage.read(after.storageKey)).equals(fileBefore)).toBe(true);

    // The server restarted with only the new key still serves the document.
    server.context.documentKeys = newOnly;
    const response = await server.request({ url: `/api/documents/${id}/download`, cookie: clinic });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(data)).toBe(true);
    // A second run finds nothing left to do.
    expect((await rotateDocumentKeys({ ...context, documentKeys: newOnly })).rewrapped).toBe(0);
  });

  it('encrypts files stored in plaintext when asked to', async () => {
    const documentKeys = server.context.documentKeys;
    const [legacy] = await server.context.db
      .select()
      .from(documents)
      .where(isNull(documents.encryptionKeyId))
      .limit(1);
    const plaintext = await server.context.storage.read(legacy!.storageKey);
    const result = await rotateDocumentKeys(
      { db: server.context.db, storage: server.context.storage, documentKeys },
      { encryptLegacy: true },
    );
    expect(result.encrypted).toBeGreaterThanOrEqual(1);
    expect(result.plaintext).toBe(0);
    const [row] = await server.context.db
      .select()
      .from(documents)
      .where(eq(documents.id, legacy!.id));
    expect(row!.encryptionKeyId).toBe(documentKeys.current.id);
    expect(await server.context.storage.exists(legacy!.storageKey)).toBe(false);
    expect((await server.context.storage.read(row!.storageKey)).equals(plaintext)).toBe(false);
    const response = await server.request({
      url: `/api/documents/${legacy!.id}/download`,
      cookie: clinic,
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(plaintext)).toBe(true);
  });
});
