import { describe, expect, it } from 'vitest';
import {
  CASE_REQUEST_TEXTS,
  FULFIL_REQUEST_TEXTS,
  FULFILMENT_CATEGORIES,
  MAX_FULFIL_DOCUMENTS,
  toFulfilCaseRequest,
  ZFulfilCaseRequest,
  ZFulfilRequestForm,
} from './case-request.schemas.ts';

// The domain compiles without DOM or Node types; Node has File as a global all the same.
const { File } = globalThis as unknown as {
  File: new (parts: string[], name: string, options: { type: string }) => unknown;
};
const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
const form = { file: null, category: 'Treatment Notes' as const, documentIds: [] };
const issuesOf = (input: unknown) =>
  ZFulfilRequestForm.safeParse(input).error?.issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);
const ids = (count: number) => Array.from({ length: count }, (_, index) => `d-${index}`);

describe('ZFulfilRequestForm', () => {
  it('asks for a file or at least one document, at the file', () => {
    expect(issuesOf(form)).toEqual([['file', FULFIL_REQUEST_TEXTS.fileOrDocumentRequired]]);
    expect(issuesOf({ ...form, file })).toBeUndefined();
    expect(issuesOf({ ...form, documentIds: ['d-1'] })).toBeUndefined();
  });

  it('counts the uploaded file among the documents a fulfilment takes', () => {
    const full = { ...form, documentIds: ids(MAX_FULFIL_DOCUMENTS) };
    expect(issuesOf(full)).toBeUndefined();
    expect(issuesOf({ ...full, file })).toEqual([
      ['documentIds', CASE_REQUEST_TEXTS.documentsTooMany],
    ]);
  });

  it('files an upload under any category but Intake', () => {
    expect(FULFILMENT_CATEGORIES).not.toContain('Intake');
    expect(issuesOf({ ...form, file, category: 'Intake' })?.[0]?.[0]).toBe('category');
  });

  it('makes the upload and then the request the route accepts', () => {
    const chosen = ZFulfilRequestForm.parse({
      file,
      category: 'Billing',
      documentIds: ['d-1', 'd-1', 'd-2'],
    });
    expect(chosen).toEqual({
      upload: { file, category: 'Billing' },
      documentIds: ['d-1', 'd-2'],
    });
    const body = toFulfilCaseRequest(chosen, 'd-new');
    expect(body).toEqual({ documentIds: ['d-1', 'd-2', 'd-new'] });
    expect(ZFulfilCaseRequest.safeParse(body).success).toBe(true);

    const onFile = ZFulfilRequestForm.parse({ ...form, documentIds: ['d-3'] });
    expect(onFile.upload).toBeNull();
    expect(ZFulfilCaseRequest.parse(toFulfilCaseRequest(onFile))).toEqual({ documentIds: ['d-3'] });
  });
});
