import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { auditLogs, documents, settings } from '#src/db/schema/index.ts';
import { decryptDocument } from '#src/storage/document-encryption.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  sampleDoc,
  sampleDocx,
  sampleGif,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleTxt,
} from './document-test-files.ts';
import { downloadAll, getPatientId, listStoredKeys, upload } from './document-test-support.ts';

const MB = 1024 * 1024;

describe('document upload', () => {
  let server: TestServer;
  let clinic: string;
  let maria: string;

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
    maria = await getPatientId(server, 'Maria Delgado');
  });
  afterAll(async () => server.close());

  const countDocuments = async () =>
    Number((await server.context.db.select({ n: count() }).from(documents))[0]?.n ?? 0);

  /** Sends an upload expected to fail; reports the answer and whether anything was left behind. */
  async function sendRefused(send: () => ReturnType<typeof upload>) {
    const [rowsBefore, filesBefore] = [await countDocuments(), await listStoredKeys(server)];
    const response = await send();
    const filesAfter = await listStoredKeys(server);
    return {
      status: response.statusCode,
      message: response.json().error?.message as string | undefined,
      isUnchanged:
        (await countDocuments()) === rowsBefore &&
        JSON.stringify(filesAfter) === JSON.stringify(filesBefore),
    };
  }
  const refused = (status: number, message: string) => ({ status, message, isUnchanged: true });

  it.each([
    ['report.pdf', samplePdf(), 'application/pdf'],
    ['photo.jpg', sampleJpeg(), 'image/jpeg'],
    ['photo.JPEG', sampleJpeg(), 'image/jpeg'],
    ['xray.png', samplePng(), 'image/png'],
    ['pixel.gif', sampleGif(), 'image/gif'],
    ['letter.doc', sampleDoc(), 'application/msword'],
    [
      'note.docx',
      sampleDocx(),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['notes.txt', sampleTxt(), 'text/plain'],
  ])(
    'stores an allowed %s with its hash, named and keyed per the spec',
    async (name, data, mime) => {
      const before = Date.now();
      const response = await upload(server, {
        patientId: maria,
        cookie: clinic,
        category: 'Treatment Notes',
        // The browser's claimed type is ignored: the bytes decide.
        file: { fileName: name, data, contentType: 'text/html' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        fileName: name,
        mimeType: mime,
        sizeBytes: data.length,
      });

      const [row] = await server.context.db
        .select()
        .from(documents)
        .where(eq(documents.id, response.json().id));
      expect(row!.storedName).toMatch(new RegExp(`^\\d{13}_${name.replace('.', '\\.')}$`));
      expect(Number(row!.storedName.split('_')[0])).toBeGreaterThanOrEqual(before);
      // An opaque key: neither the file's name nor its category in the store's paths.
      expect(row!.storageKey).toBe(`documents/${maria}/${row!.id}`);
      const { createHash } = await import('node:crypto');
      expect(row!.sha256).toBe(createHash('sha256').update(data).digest('hex'));
      const stored = await readFile(
        path.join(server.context.env.dataDir, 'files', row!.storageKey),
      );
      // Encrypted at rest (ADR 0011): the stored bytes open to exactly what was uploaded.
      expect(stored.equals(data)).toBe(false);
      const columns = { encryptionKeyId: row!.encryptionKeyId!, wrappedKey: row!.wrappedKey! };
      const opened = decryptDocument(server.context.documentKeys, row!.id, columns, stored);
      expect(opened.equals(data)).toBe(true);
    },
  );

  it('answers No file provided for a missing file part, a non-multipart body and an empty file', async () => {
    expect(
      await sendRefused(() =>
        upload(server, { patientId: maria, cookie: clinic, category: 'Intake' }),
      ),
    ).toEqual(refused(400, 'No file provided'));
    expect(
      await sendRefused(
        () =>
          server.request({
            method: 'POST',
            url: `/api/patients/${maria}/documents`,
            cookie: clinic,
            body: { category: 'Intake' },
          }) as ReturnType<typeof upload>,
      ),
    ).toEqual(refused(400, 'No file provided'));
    expect(
      await sendRefused(() =>
        upload(server, {
          patientId: maria,
          cookie: clinic,
          category: 'Intake',
          file: { fileName: 'empty.pdf', data: Buffer.alloc(0) },
        }),
      ),
    ).toEqual(refused(400, 'No file provided'));
  });

  describe('size limit from the settings', () => {
    beforeEach(async () => {
      await server.context.db
        .update(settings)
        .set({ maxUploadMb: 10 })
        .where(eq(settings.id, true));
    });

    it('refuses exactly 10 MB ("less than 10MB") and accepts one byte less', async () => {
      const under = Buffer.concat([
        samplePdf(),
        Buffer.alloc(10 * MB - 1 - samplePdf().length, 0x20),
      ]);
      expect(
        await sendRefused(() =>
          upload(server, {
            patientId: maria,
            cookie: clinic,
            category: 'MRI',
            file: { fileName: 'big.pdf', data: Buffer.concat([under, Buffer.from(' ')]) },
          }),
        ),
      ).toEqual(refused(413, 'File size must be less than 10MB'));
      const accepted = await upload(server, {
        patientId: maria,
        cookie: clinic,
        category: 'MRI',
        file: { fileName: 'under.pdf', data: under },
      });
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json().sizeBytes).toBe(10 * MB - 1);
    });

    it('follows an administrator’s new limit on the next upload, with its number in the message', async () => {
      await server.context.db.update(settings).set({ maxUploadMb: 1 }).where(eq(settings.id, true));
      const limits = await server.request({ url: '/api/documents/upload-limits', cookie: clinic });
      expect(limits.json()).toEqual({
        maxUploadMb: 1,
        accept: '.pdf,.jpg,.jpeg,.png,.gif,.doc,.docx,.txt',
      });
      expect(
        await sendRefused(() =>
          upload(server, {
            patientId: maria,
            cookie: clinic,
            category: 'Intake',
            file: { fileName: 'notes.txt', data: Buffer.alloc(MB, 0x61) },
          }),
        ),
      ).toEqual(refused(413, 'File size must be less than 1MB'));
      const under = await upload(server, {
        patientId: maria,
        cookie: clinic,
        category: 'Intake',
        file: { fileName: 'notes.txt', data: Buffer.alloc(MB - 1, 0x61) },
      });
      expect(under.statusCode).toBe(201);
    });
  });

  it.each([
    ['a PNG named .pdf', 'scan.pdf', samplePng()],
    ['a PDF named .docx', 'note.docx', samplePdf()],
    [
      'a Windows executable named .jpg',
      'photo.jpg',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
    ],
    [
      'an HTML page named .txt',
      'notes.txt',
      Buffer.from('<!DOCTYPE html><script>alert(1)</script>'),
    ],
    [
      'a script named .txt',
      'notes.txt',
      Buffer.from('  <script src="//evil.example/x.js"></script>'),
    ],
    ['a PDF saved as .pdf.html', 'invoice.pdf.html', samplePdf()],
    [
      'an HTML page saved as .pdf.html',
      'invoice.pdf.html',
      Buffer.from('<html><body>hi</body></html>'),
    ],
    ['binary data named .txt', 'notes.txt', Buffer.from([0x41, 0x00, 0x42])],
    ['invalid UTF-8 named .txt', 'notes.txt', Buffer.from([0xc3, 0x28, 0x41])],
    ['a zip archive named .docx', 'note.docx', Buffer.from('PK\u0003\u0004not really a zip')],
    ['a file without extension', 'README', sampleTxt()],
  ])('refuses %s as an invalid file type', async (_label, fileName, data) => {
    expect(
      await sendRefused(() =>
        upload(server, {
          patientId: maria,
          cookie: clinic,
          category: 'Intake',
          file: { fileName, data },
        }),
      ),
    ).toEqual(refused(415, `Invalid file type: ${fileName}`));
  });

  it('keeps a name with ../ and control characters inside the patient folder', async () => {
    const response = await upload(server, {
      patientId: maria,
      cookie: clinic,
      category: 'Billing',
      file: { fileName: '../../../etc/\u0001pass\twd\u007f.pdf', data: samplePdf() },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().fileName).toBe('passwd.pdf');
    const [row] = await server.context.db
      .select()
      .from(documents)
      .where(eq(documents.id, response.json().id));
    expect(row!.storageKey).toBe(`documents/${maria}/${row!.id}`);
    expect(row!.storageKey).not.toContain('..');
    expect(await listStoredKeys(server)).toContain(row!.storageKey);
  });

  it('requires a valid category and a single file', async () => {
    const file = { fileName: 'a.pdf', data: samplePdf() };
    expect(
      await sendRefused(() => upload(server, { patientId: maria, cookie: clinic, file })),
    ).toEqual(refused(400, 'Please choose a document category'));
    expect(
      await sendRefused(() =>
        upload(server, { patientId: maria, cookie: clinic, category: 'Secret', file }),
      ),
    ).toEqual(refused(400, 'Please choose a document category'));
  });

  it('lets only clinic and admin upload, and only to patients they see', async () => {
    const file = { fileName: 'a.pdf', data: samplePdf() };
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const email of ['attorney@demo.test', 'lienholder@demo.test']) {
      const cookie = await server.login(email);
      expect(
        await sendRefused(() =>
          upload(server, { patientId: maria, cookie, category: 'MRI', file }),
        ),
      ).toEqual(refused(403, "You don't have permission to access this page."));
    }
    const clinic2 = await server.login('clinic2@demo.test');
    const outOfScope = await upload(server, {
      patientId: maria,
      cookie: clinic2,
      category: 'MRI',
      file,
    });
    const absent = await upload(server, {
      patientId: missing,
      cookie: clinic2,
      category: 'MRI',
      file,
    });
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(absent.json());
    const signedOut = await upload(server, { patientId: maria, category: 'MRI', file });
    expect(signedOut.statusCode).toBe(401);

    const admin = await server.login('admin@demo.test');
    const byAdmin = await upload(server, {
      patientId: maria,
      cookie: admin,
      category: 'MRI',
      file,
    });
    expect(byAdmin.statusCode).toBe(201);
    const audits = await server.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'document_uploaded'), eq(auditLogs.userRole, 'admin')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      patientId: maria,
      details: expect.stringContaining('a.pdf'),
    });
  });

  it('leaves neither a row nor a file when storage fails, before or after the bytes land', async () => {
    const storage = server.context.storage;
    const realPut = storage.put;
    const file = { fileName: 'crash.pdf', data: samplePdf() };
    try {
      storage.put = async () => {
        throw new Error('disk unavailable');
      };
      expect(
        await sendRefused(() =>
          upload(server, { patientId: maria, cookie: clinic, category: 'MRI', file }),
        ),
      ).toEqual(refused(500, 'Something went wrong'));
      // The bytes reach the disk, then the step fails (as a crash before commit would).
      storage.put = async (key, data) => {
        await realPut(key, data);
        throw new Error('lost the connection after writing');
      };
      expect(
        await sendRefused(() =>
          upload(server, { patientId: maria, cookie: clinic, category: 'MRI', file }),
        ),
      ).toEqual(refused(500, 'Something went wrong'));
    } finally {
      storage.put = realPut;
    }
  });

  it('gives parallel uploads of the same name in the same millisecond their own files', async () => {
    const data = [samplePdf(), Buffer.concat([samplePdf(), Buffer.from('%second\n')])];
    const now = Date.now();
    // Only Date is frozen: both uploads are stamped with the same millisecond.
    vi.useFakeTimers({ toFake: ['Date'], now });
    const responses = await Promise.all(
      data.map((bytes) =>
        upload(server, {
          patientId: maria,
          cookie: clinic,
          category: 'Discharge',
          file: { fileName: 'same.pdf', data: bytes },
        }),
      ),
    ).finally(() => vi.useRealTimers());
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    const rows = await server.context.db
      .select({ storedName: documents.storedName, storageKey: documents.storageKey })
      .from(documents)
      .where(eq(documents.fileName, 'same.pdf'));
    expect(rows.map((row) => row.storedName)).toEqual([`${now}_same.pdf`, `${now}_same.pdf`]);
    expect(rows[0]!.storageKey).not.toBe(rows[1]!.storageKey);
    const downloads = await downloadAll(server, clinic, responses);
    expect(downloads.map((download) => download.statusCode)).toEqual([200, 200]);
    expect(downloads.every((download, index) => download.bytes.equals(data[index]!))).toBe(true);
  });
});
