import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '@casebridge/domain/constants';
import { auditLogs, documents } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { sampleDocx, samplePdf, samplePng } from './document-test-files.ts';
import { getPatientId, setPatientStatus, upload } from './document-test-support.ts';

/**
 * Spec section 6, written out by hand (not computed from the policy): which categories of Maria
 * Delgado's documents each account sees. Maria is Harbor clinic + Morgan firm + MedLien.
 */
const NON_INTAKE: DocumentCategory[] = ['MRI', 'Treatment Notes', 'Discharge', 'Billing'];
const EXPECTED: Record<
  string,
  { open: DocumentCategory[]; discharged: DocumentCategory[] } | 'none'
> = {
  'admin@demo.test': { open: [...DOCUMENT_CATEGORIES], discharged: [...DOCUMENT_CATEGORIES] },
  'clinic@demo.test': { open: [...DOCUMENT_CATEGORIES], discharged: [...DOCUMENT_CATEGORIES] },
  'attorney@demo.test': { open: NON_INTAKE, discharged: [...DOCUMENT_CATEGORIES] },
  'lienholder@demo.test': { open: NON_INTAKE, discharged: NON_INTAKE },
  'clinic2@demo.test': 'none',
  'attorney2@demo.test': 'none',
  'keystone@demo.test': 'none',
};

describe('document visibility', () => {
  let server: TestServer;
  let maria: string;
  const ids = new Map<DocumentCategory, string>();
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    server = await createTestServer();
    maria = await getPatientId(server, 'Maria Delgado');
    const clinic = await server.login('clinic@demo.test');
    for (const category of DOCUMENT_CATEGORIES) {
      const response = await upload(server, {
        patientId: maria,
        cookie: clinic,
        category,
        file: { fileName: `${category.toLowerCase().replace(' ', '-')}.png`, data: samplePng() },
      });
      ids.set(category, response.json().id);
    }
    for (const email of Object.keys(EXPECTED)) cookies.set(email, await server.login(email));
  });
  afterAll(async () => server.close());

  const missingBody = async (cookie: string) =>
    (
      await server.request({
        url: '/api/documents/00000000-0000-4000-8000-000000000000/download',
        cookie,
      })
    ).json();

  // Referred → Discharged → Referred: leaving Discharged hides Intake from the attorney again.
  for (const [phase, status] of [
    ['open', 'Referred'],
    ['discharged', 'Discharged'],
    ['open', 'Evaluated'],
  ] as const) {
    describe(`patient ${status}`, () => {
      beforeAll(async () => setPatientStatus(server, maria, status));

      for (const [email, expected] of Object.entries(EXPECTED)) {
        it(`${email}: list, preview and download agree`, async () => {
          const cookie = cookies.get(email)!;
          const list = await server.request({ url: `/api/patients/${maria}/documents`, cookie });
          if (expected === 'none') {
            expect(list.statusCode).toBe(404);
          } else {
            expect(list.statusCode).toBe(200);
            const seen = list.json().items.map((item: { category: string }) => item.category);
            expect(seen.toSorted()).toEqual(expected[phase].toSorted());
          }
          const visible = expected === 'none' ? [] : expected[phase];
          const notFoundBody = await missingBody(cookie);
          for (const category of DOCUMENT_CATEGORIES) {
            for (const delivery of ['preview', 'download']) {
              const response = await server.request({
                url: `/api/documents/${ids.get(category)}/${delivery}`,
                cookie,
              });
              if (visible.includes(category)) {
                expect(response.statusCode, `${category} ${delivery}`).toBe(200);
                expect(response.rawPayload.equals(samplePng())).toBe(true);
              } else {
                expect(response.statusCode, `${category} ${delivery}`).toBe(404);
                expect(response.json()).toEqual(notFoundBody);
              }
            }
          }
        });
      }
    });
  }

  it('refuses signed-out callers on every path', async () => {
    const list = await server.request({ url: `/api/patients/${maria}/documents` });
    const download = await server.request({ url: `/api/documents/${ids.get('MRI')}/download` });
    expect([list.statusCode, download.statusCode]).toEqual([401, 401]);
  });

  it('answers a malformed or unknown id like a hidden one', async () => {
    const cookie = cookies.get('attorney2@demo.test')!;
    const hidden = await server.request({
      url: `/api/documents/${ids.get('MRI')}/download`,
      cookie,
    });
    const malformed = await server.request({ url: '/api/documents/not-an-id/download', cookie });
    const unknownPatient = await server.request({
      url: '/api/patients/00000000-0000-4000-8000-000000000000/documents',
      cookie,
    });
    const hiddenPatient = await server.request({ url: `/api/patients/${maria}/documents`, cookie });
    expect(malformed.json()).toEqual(hidden.json());
    expect(hiddenPatient.statusCode).toBe(404);
    expect(hiddenPatient.json()).toEqual(unknownPatient.json());
  });

  it('sends downloads and previews with a disposition, nosniff and a sandboxing CSP, audited', async () => {
    const cookie = cookies.get('attorney@demo.test')!;
    const id = ids.get('MRI')!;
    const download = await server.request({ url: `/api/documents/${id}/download`, cookie });
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="mri.png"; filename*=UTF-8''mri.png`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    const preview = await server.request({ url: `/api/documents/${id}/preview`, cookie });
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="mri.png"/);
    expect(preview.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'self'; sandbox",
    );
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    const audits = await server.context.db
      .select({ action: auditLogs.action, role: auditLogs.userRole, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.patientId, maria), eq(auditLogs.userRole, 'attorney')));
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: 'document_downloaded', role: 'attorney', details: 'mri.png (MRI)' },
        { action: 'document_previewed', role: 'attorney', details: 'mri.png (MRI)' },
      ]),
    );
  });

  it('previews PDFs and images but not Word files', async () => {
    const clinic = cookies.get('clinic@demo.test')!;
    const pdf = await upload(server, {
      patientId: maria,
      cookie: clinic,
      category: 'MRI',
      file: { fileName: 'report.pdf', data: samplePdf() },
    });
    const docx = await upload(server, {
      patientId: maria,
      cookie: clinic,
      category: 'MRI',
      file: { fileName: 'report.docx', data: sampleDocx() },
    });
    expect(pdf.json().isPreviewable).toBe(true);
    expect(docx.json().isPreviewable).toBe(false);
    const pdfPreview = await server.request({
      url: `/api/documents/${pdf.json().id}/preview`,
      cookie: clinic,
    });
    expect(pdfPreview.statusCode).toBe(200);
    expect(pdfPreview.headers['content-type']).toBe('application/pdf');
    const docxPreview = await server.request({
      url: `/api/documents/${docx.json().id}/preview`,
      cookie: clinic,
    });
    expect(docxPreview.statusCode).toBe(415);
    const docxDownload = await server.request({
      url: `/api/documents/${docx.json().id}/download`,
      cookie: clinic,
    });
    expect(docxDownload.statusCode).toBe(200);
  });

  it('refuses a stored file that no longer matches its SHA-256, and one that is gone', async () => {
    const cookie = cookies.get('clinic@demo.test')!;
    const id = ids.get('Discharge')!;
    const [row] = await server.context.db.select().from(documents).where(eq(documents.id, id));
    const file = path.join(server.context.env.dataDir, 'files', row!.storageKey);
    const tampered = Buffer.from(samplePng());
    const offset = tampered.length - 20;
    tampered.writeUInt8(tampered.readUInt8(offset) ^ 0xff, offset);
    await writeFile(file, tampered);
    for (const delivery of ['download', 'preview']) {
      const response = await server.request({ url: `/api/documents/${id}/${delivery}`, cookie });
      expect(response.statusCode).toBe(500);
      expect(response.json().error.message).toBe(
        'This file failed its integrity check and cannot be opened. Please contact an administrator.',
      );
      expect(response.rawPayload.includes(tampered)).toBe(false);
    }
    await server.context.storage.remove(row!.storageKey);
    const gone = await server.request({ url: `/api/documents/${id}/download`, cookie });
    expect(gone.statusCode).toBe(500);
  });
});
