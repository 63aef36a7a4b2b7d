import { describe, expect, it } from 'vitest';
import { documents, recordHistory } from '#src/db/schema/index.ts';
import {
  inScopeOf,
  MATRIX_ACTORS,
  MISSING_ID,
  outOfScopeOf,
  useCorrectionMatrix,
  type MatrixActor,
} from '#src/test/correction-matrix.ts';
import { samplePdf } from './document-test-files.ts';
import { upload } from './document-test-support.ts';

/**
 * Re-categorise and remove × every role × {in scope, out of scope, missing}: the uploading roles
 * (clinic, admin) correct documents of their patients; outside the scope answers exactly like a
 * missing document; other roles are refused (403) before anything is looked up; a refused write
 * changes nothing.
 */
const CORRECTORS: readonly MatrixActor[] = ['admin', 'clinic', 'clinic2'];

const ROUTES = [
  {
    name: 're-categorise',
    method: 'PATCH' as const,
    path: (id: string) => `/api/documents/${id}/category`,
    body: { category: 'Billing', version: 1 },
    success: 200,
  },
  {
    name: 'remove',
    method: 'POST' as const,
    path: (id: string) => `/api/documents/${id}/remove`,
    body: { reason: 'Uploaded to the wrong patient', version: 1 },
    success: 204,
  },
];

describe('document correction routes authorization matrix', () => {
  const matrix = useCorrectionMatrix();

  /** A fresh MRI document of the patient, uploaded by an admin. */
  async function uploadFor(patientName: string): Promise<string> {
    const response = await upload(matrix.server, {
      patientId: matrix.patientId(patientName),
      cookie: matrix.cookies.admin,
      category: 'MRI',
      file: { fileName: 'scan.pdf', data: samplePdf() },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }
  const snapshot = async () => ({
    documents: await matrix.server.context.db.select().from(documents).orderBy(documents.id),
    history: await matrix.server.context.db.select().from(recordHistory),
  });

  for (const route of ROUTES) {
    it.each(MATRIX_ACTORS)(`%s: ${route.name}`, async (actor) => {
      const send = (id: string) =>
        matrix.server.request({
          method: route.method,
          url: route.path(id),
          cookie: matrix.cookies[actor],
          body: route.body,
        });
      const inScope = await uploadFor(inScopeOf(actor));
      // In scope indeed: the actor sees the document it may or may not correct.
      const list = await matrix.server.request({
        url: `/api/patients/${matrix.patientId(inScopeOf(actor))}/documents`,
        cookie: matrix.cookies[actor],
      });
      expect(list.json().items.map((item: { id: string }) => item.id)).toContain(inScope);
      const outside = outOfScopeOf(actor);
      const outsideId = outside ? await uploadFor(outside) : null;
      const before = await snapshot();
      const missing = await send(MISSING_ID);

      if (!CORRECTORS.includes(actor)) {
        expect(missing.statusCode).toBe(403);
        expect((await send(inScope)).statusCode).toBe(403);
        expect(await snapshot()).toEqual(before);
        return;
      }
      expect(missing.statusCode).toBe(404);
      expect((await send('not-a-document')).body).toBe(missing.body);
      if (outsideId) {
        const refused = await send(outsideId);
        expect(refused.statusCode).toBe(404);
        expect(refused.body).toBe(missing.body);
      }
      expect(await snapshot()).toEqual(before);
      expect((await send(inScope)).statusCode).toBe(route.success);
    });
  }
});
