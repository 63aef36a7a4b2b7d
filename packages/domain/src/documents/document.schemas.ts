import { z } from 'zod';
import {
  cursorPage,
  cursorQuery,
  RECORD_PAGE_SIZE,
  updatedSinceQuery,
  ZRecordCursor,
} from '../common.schemas.ts';
import { DOCUMENT_CATEGORIES } from '../constants.ts';
import { ZCorrectionReason } from '../history/record-history.schemas.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';

export const DOCUMENT_MESSAGES = {
  noFile: 'No file provided',
  tooLarge: (maxUploadMb: number) => `File size must be less than ${maxUploadMb}MB`,
  invalidType: (fileName: string) => `Invalid file type: ${fileName}`,
  uploaded: (fileName: string) => `Uploaded: ${fileName}`,
  uploadFailed: (fileName: string) => `Failed to upload: ${fileName}`,
  categoryRequired: 'Please choose a document category',
  oneFileOnly: 'Upload one file per request',
  empty: 'No documents available for viewing',
  maxPerFile: (maxUploadMb: number) => `Maximum of ${maxUploadMb}MB per file`,
  integrityFailed:
    'This file failed its integrity check and cannot be opened. Please contact an administrator.',
  storageUnavailable:
    'The file store cannot be reached right now. Please try again in a few minutes.',
  notPreviewable: 'This file type cannot be previewed',
  recategorized: (fileName: string, category: string) => `Moved ${fileName} to ${category}`,
  sameCategory: (category: string) => `The document is already in ${category}`,
  categoryNotAllowed: (category: string) => `You cannot file documents under ${category}`,
  removed: (fileName: string) => `Removed: ${fileName}`,
  removeTitle: (fileName: string) => `Remove "${fileName}"?`,
} as const;

export const ZDocumentCategory = z.enum(DOCUMENT_CATEGORIES, {
  message: DOCUMENT_MESSAGES.categoryRequired,
});

export const ZDocument = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  fileName: z.string(),
  category: ZDocumentCategory,
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
  isPreviewable: z.boolean(),
  /** The metadata's version (the category is the one thing that changes). */
  ...versionFields,
});
export type TDocument = z.infer<typeof ZDocument>;

/** Re-categorise a document (docs/architecture.md, 'Corrections'); names the version it saw. */
export const ZRecategorizeDocumentRequest = z.object({
  category: ZDocumentCategory,
  ...versionInput,
});
export type TRecategorizeDocumentRequest = z.input<typeof ZRecategorizeDocumentRequest>;

/**
 * Remove a wrongly uploaded document: kept with its file for the audit, hidden from everyone.
 * A clinical record, so the reason is required.
 */
export const ZRemoveDocumentRequest = z.object({ reason: ZCorrectionReason, ...versionInput });
export type TRemoveDocumentRequest = z.input<typeof ZRemoveDocumentRequest>;

/** A patient's documents, newest first; with `updatedSince`, oldest change first. */
export const ZDocumentList = cursorPage(ZDocument);
export type TDocumentList = z.infer<typeof ZDocumentList>;

export const ZListDocumentsQuery = z.object({
  /** `cursor`: the id of the last document already shown. */
  ...cursorQuery(RECORD_PAGE_SIZE, ZRecordCursor),
  ...updatedSinceQuery,
});
export type TListDocumentsQuery = z.input<typeof ZListDocumentsQuery>;
export type TListDocumentsParsed = z.output<typeof ZListDocumentsQuery>;

/** What the upload panel needs to know before sending anything. */
export const ZUploadLimits = z.object({
  maxUploadMb: z.number().int(),
  accept: z.string(),
});
export type TUploadLimits = z.infer<typeof ZUploadLimits>;
