import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents } from '#src/db/schema/index.ts';
import { samplePdf } from './document-test-files.ts';
import { downloadAll, upload, useClinicUploads } from './document-test-support.ts';

const PARALLEL_UPLOADS = 30;

describe('same-name uploads', () => {
  const setup = useClinicUploads();

  it('stores 30 parallel uploads of one name to one patient, each with its own bytes', async () => {
    const { server, clinic, maria } = setup;
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

    const downloads = await downloadAll(server, clinic, responses);
    expect(downloads.map((download) => download.statusCode)).toEqual(contents.map(() => 200));
    expect(downloads.every((download, index) => download.bytes.equals(contents[index]!))).toBe(
      true,
    );
  });
});
