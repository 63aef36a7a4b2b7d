import { z } from 'zod';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '../constants.ts';
import { cursorPage, cursorQuery, updatedSinceQuery } from '../common.schemas.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';
import { CASE_REQUEST_KINDS, CASE_REQUEST_STATUSES } from './case-request-constants.ts';

import {
  CASE_REQUEST_PAGE_SIZE,
  CASE_REQUEST_STATUS_FILTERS,
  CASE_REQUEST_TEXTS,
} from './case-request-texts.ts';

export { CASE_REQUEST_PAGE_SIZE, CASE_REQUEST_STATUS_FILTERS, CASE_REQUEST_TEXTS };

const NOTE_MAX = 2000;
const REASON_MAX = 1000;
export const MAX_FULFIL_DOCUMENTS = 20;

const optionalDate = (message: string) =>
  z
    .union([z.literal(''), z.iso.date({ message })], { message })
    .nullish()
    .transform((value) => (value ? value : null));

export const ZCreateCaseRequest = z
  .object({
    clinicId: z
      .string({ message: CASE_REQUEST_TEXTS.clinicRequired })
      .trim()
      .min(1, CASE_REQUEST_TEXTS.clinicRequired)
      .max(64),
    kind: z.enum(CASE_REQUEST_KINDS, { message: CASE_REQUEST_TEXTS.kindRequired }),
    periodFrom: optionalDate(CASE_REQUEST_TEXTS.periodFromInvalid),
    periodTo: optionalDate(CASE_REQUEST_TEXTS.periodToInvalid),
    /** Absent or blank: today + DEFAULT_CASE_REQUEST_DUE_DAYS, decided by the server. */
    dueOn: optionalDate(CASE_REQUEST_TEXTS.dueOnInvalid),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX, CASE_REQUEST_TEXTS.noteTooLong)
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .refine((value) => !value.periodFrom || !value.periodTo || value.periodFrom <= value.periodTo, {
    message: CASE_REQUEST_TEXTS.periodOrder,
    path: ['periodTo'],
  });
export type TCreateCaseRequest = z.input<typeof ZCreateCaseRequest>;
export type TCreateCaseRequestParsed = z.output<typeof ZCreateCaseRequest>;

export const ZAcknowledgeCaseRequest = z.object({ ...versionInput });
export type TAcknowledgeCaseRequest = z.input<typeof ZAcknowledgeCaseRequest>;

export const ZFulfilCaseRequest = z.object({
  documentIds: z
    .array(z.string().max(64), { message: CASE_REQUEST_TEXTS.documentsRequired })
    .min(1, CASE_REQUEST_TEXTS.documentsRequired)
    .max(MAX_FULFIL_DOCUMENTS, CASE_REQUEST_TEXTS.documentsTooMany),
  ...versionInput,
});
export type TFulfilCaseRequest = z.input<typeof ZFulfilCaseRequest>;

/** What the fulfil dialog says when it has nothing to send (the specification's words). */
export const FULFIL_REQUEST_TEXTS = {
  fileOrDocumentRequired: 'Choose a file to upload or at least one document',
} as const;

/**
 * The categories a file sent for a request may be filed under: not Intake, which a requester may
 * not see (the server refuses to fulfil with a document the requester cannot open).
 */
export const FULFILMENT_CATEGORIES = DOCUMENT_CATEGORIES.filter(
  (category): category is Exclude<DocumentCategory, 'Intake'> => category !== 'Intake',
);

/**
 * The fulfil dialog as the clinic edits it: a file to upload (or none) with the category it is
 * filed under, and the documents already on file that are ticked. At least one of the two, and
 * no more documents in all than a fulfilment takes. Its output is what the dialog does: upload
 * the file, if any, then send `{ documentIds }` with the new document's id after those ticked.
 */
export const ZFulfilRequestForm = z
  .object({
    file: z.file().nullable(),
    category: z.enum(FULFILMENT_CATEGORIES),
    documentIds: z.array(z.string().max(64)),
  })
  .superRefine(({ file, documentIds }, context) => {
    const count = documentIds.length + (file ? 1 : 0);
    if (count === 0)
      context.addIssue({
        code: 'custom',
        path: ['file'],
        message: FULFIL_REQUEST_TEXTS.fileOrDocumentRequired,
      });
    if (count > MAX_FULFIL_DOCUMENTS)
      context.addIssue({
        code: 'custom',
        path: ['documentIds'],
        message: CASE_REQUEST_TEXTS.documentsTooMany,
      });
  })
  .transform(({ file, category, documentIds }) => ({
    upload: file ? { file, category } : null,
    documentIds: [...new Set(documentIds)],
  }));
export type TFulfilRequestForm = z.input<typeof ZFulfilRequestForm>;
export type TFulfilRequestFormData = z.output<typeof ZFulfilRequestForm>;

/** The fulfil request once the form's file, if any, is uploaded as `uploadedId`. */
export const toFulfilCaseRequest = (
  { documentIds }: Pick<TFulfilRequestFormData, 'documentIds'>,
  uploadedId?: string,
): TFulfilCaseRequest => ({
  documentIds: uploadedId ? [...documentIds, uploadedId] : documentIds,
});

export const ZDeclineCaseRequest = z.object({
  reason: z
    .string({ message: CASE_REQUEST_TEXTS.reasonRequired })
    .trim()
    .min(1, CASE_REQUEST_TEXTS.reasonRequired)
    .max(REASON_MAX, CASE_REQUEST_TEXTS.reasonTooLong),
  ...versionInput,
});
export type TDeclineCaseRequest = z.input<typeof ZDeclineCaseRequest>;

export const ZListCaseRequestsQuery = z.object({
  /** `open` unless given, or, with `updatedSince`, `all`. */
  status: z.enum(CASE_REQUEST_STATUS_FILTERS).optional(),
  /** 'true': only overdue requests. */
  overdue: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** Part of the patient's name. */
  search: z.string().trim().max(100).optional(),
  ...cursorQuery(CASE_REQUEST_PAGE_SIZE, z.string().max(64)),
  /** Changed requests only, oldest change first (any status unless `status` is given). */
  ...updatedSinceQuery,
});
export type TListCaseRequestsQuery = z.input<typeof ZListCaseRequestsQuery>;

export const ZCaseRequestDocument = z.object({
  id: z.string(),
  fileName: z.string(),
  category: z.string(),
  isPreviewable: z.boolean(),
});

export const ZCaseRequest = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  clinicId: z.string(),
  clinicName: z.string(),
  requesterOrganizationId: z.string().nullable(),
  requesterOrganizationName: z.string().nullable(),
  requesterName: z.string(),
  kind: z.enum(CASE_REQUEST_KINDS),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  dueOn: z.string(),
  note: z.string().nullable(),
  status: z.enum(CASE_REQUEST_STATUSES),
  declineReason: z.string().nullable(),
  isOverdue: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The fulfilling documents the viewer may see (the usual document rules). */
  documents: z.array(ZCaseRequestDocument),
  ...versionFields,
});
export type TCaseRequest = z.infer<typeof ZCaseRequest>;

export const ZCaseRequestPage = cursorPage(ZCaseRequest);
export type TCaseRequestPage = z.infer<typeof ZCaseRequestPage>;

export const ZCaseRequestParams = z.object({ requestId: z.string().max(64) });
