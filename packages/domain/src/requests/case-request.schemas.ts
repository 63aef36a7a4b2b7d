import { z } from 'zod';
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
