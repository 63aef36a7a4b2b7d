import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents } from '#src/db/schema/index.ts';
import { samplePdf } from '#src/modules/documents/document-test-files.ts';
import {
  getPatientId,
  listStoredKeys,
  upload,
} from '#src/modules/documents/document-test-support.ts';
import { startS3Emulator, type S3Emulator } from '#src/test/s3-emulator.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { createFileStorage } from './create-file-storage.ts';

describe('documents on S3-compatible storage', () => {
  let emulator: S3Emulator;
  let server: TestServer;
  let clinic: string;
  let maria: string;

  beforeAll(async () => {
    emulator = await startS3Emulator();
    server = await createTestServer({ STORAGE_URL: emulator.storageUrl('casebridge') });
    clinic = await server.login('clinic@demo.test');
    maria = await getPatientId(server, 'Maria Delgado');
  });
  afterAll(async () => {
    await server?.close();
    await emulator?.stop();
  });

  /** Uploads a PDF as the clinic; answers the response and the document's storage key. */
  async function uploadPdf(fileName: string, data: Buffer) {
    const response = await upload(server, {
      patientId: maria,
      cookie: clinic,
      category: 'MRI',
      file: { fileName, data },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await server.context.db
      .select({ storageKey: documents.storageKey })
      .from(documents)
      .where(eq(documents.id, response.json().id));
    return { response, storageKey: row!.storageKey };
  }

  it('uploads through the API into the bucket, encrypted, and downloads the same bytes', async () => {
    const data = Buffer.concat([samplePdf(), Buffer.from('%stored in the bucket\n')]);
    const filesBefore = await listStoredKeys(server);
    const { response, storageKey } = await uploadPdf('knee mri.pdf', data);

    // The bytes are in the bucket under the URL's prefix, and not on this instance's disk; the
    // bucket holds ciphertext only (encrypted before the upload).
    const bucket = createFileStorage({
      dataDir: '/nonexistent',
      storageUrl: emulator.storageUrl(),
    });
    const stored = await bucket.read(`casebridge/${storageKey}`);
    expect(stored).toHaveLength(data.length + 32);
    expect(stored.includes('stored in the bucket')).toBe(false);
    expect(stored.includes('%PDF')).toBe(false);
    expect(await listStoredKeys(server)).toEqual(filesBefore);

    const download = await server.request({
      url: `/api/documents/${response.json().id}/download`,
      cookie: clinic,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
  });

  it('refuses to serve a document whose object was removed from the bucket', async () => {
    const { response, storageKey } = await uploadPdf('removed.pdf', samplePdf());
    await server.context.storage.remove(storageKey);
    const download = await server.request({
      url: `/api/documents/${response.json().id}/download`,
      cookie: clinic,
    });
    expect(download.statusCode).toBe(500);
    expect(download.json().error.code).toBe('INTERNAL');
  });
});
