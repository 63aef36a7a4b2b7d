import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { samplePdf } from './document-test-files.ts';
import { getPatientId, upload } from './document-test-support.ts';

const PARALLEL_UPLOADS = 30;

describe('same-name uploads', () => {
  let server: TestServer;
  let clinic: string;
  let maria: string;

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
    maria = await getPatientId(server, 'Maria Delgado');
  });
  afterAll(async () => server.close());

  it('stores 30 parallel uploads of one name to one patient, each with its own bytes', async () => {
    const contents = Array.from({ length: PARALLEL_UPLOADS }, (_, index) =>
      Buffer.concat([samplePdf(), Buffer.from(`%copy ${index}\n`)]),
    );
    const responses = await Promise.all(
      contents.map((data) =>
        upload(server, {
          patientId: maria,
          cookie: clinic,
          category: 'MRI',
          file: { fileName: 'scan results.pdf', data },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(contents.map(() => 201));
    expect(new Set(responses.map((response) => response.json().fileName))).toEqual(
      new Set(['scan results.pdf']),
    );

    const rows = await server.context.db
      .select({ storageKey: documents.storageKey })
      .from(documents)
      .where(eq(documents.fileName, 'scan results.pdf'));
    expect(new Set(rows.map((row) => row.storageKey)).size).toBe(PARALLEL_UPLOADS);

    for (const [index, response] of responses.entries()) {
      const download = await server.request({
        url: `/api/documents/${response.json().id}/download`,
        cookie: clinic,
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(contents[index]!)).toBe(true);
    }
  });
});
