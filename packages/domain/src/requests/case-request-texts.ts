import { CASE_REQUEST_STATUSES } from './case-request-constants.ts';

// Zod-free (ADR 0015): the Outstanding requests page and the patient's Requests section read
// these; case-request.schemas.ts re-exports them with the schemas.

/** The texts of records and bills requests: errors name their field. */
export const CASE_REQUEST_TEXTS = {
  clinicRequired: 'Clinic is required',
  kindRequired: 'Request type is required',
  kindNotAllowed: 'Lienholders can request an itemized bill only',
  periodFromInvalid: 'Period from must be a valid date',
  periodToInvalid: 'Period to must be a valid date',
  periodOrder: 'Period to must be on or after period from',
  dueOnInvalid: 'Due date must be a valid date',
  noteTooLong: 'Note must be at most 2000 characters',
  reasonRequired: 'Decline reason is required',
  reasonTooLong: 'Decline reason must be at most 1000 characters',
  documentsRequired: 'Choose at least one document to fulfil the request',
  documentsTooMany: 'Choose at most 20 documents',
  documentUnavailable: 'A chosen document is not a document of this patient you can see',
  documentHiddenFromRequester:
    'The requester may not see a chosen document (an Intake form, for instance): choose another',
  clinicNotOfPatient: "Clinic must be one of the patient's clinics",
  notAllowedTransition: 'This request can no longer be changed this way',
  notTheClinic: 'Only the clinic asked can answer this request',
  created: 'Request sent',
  acknowledged: 'Request acknowledged',
  fulfilled: 'Request fulfilled',
  declined: 'Request declined',
  createFailed: 'Failed to send the request',
  respondFailed: 'Failed to update the request',
  loadFailed: 'Failed to load requests',
} as const;

/** The status filter of a list: one status, every open one (the default) or all. */
export const CASE_REQUEST_STATUS_FILTERS = ['open', 'all', ...CASE_REQUEST_STATUSES] as const;
export type CaseRequestStatusFilter = (typeof CASE_REQUEST_STATUS_FILTERS)[number];
export const CASE_REQUEST_PAGE_SIZE = { default: 20, max: 50 } as const;
