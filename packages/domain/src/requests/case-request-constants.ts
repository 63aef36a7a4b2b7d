/**
 * Records and bills requests: what a firm or a lienholder asks a patient's clinic for,
 * and the states a request moves through. Zod-free, so pages can import the labels.
 */
export const CASE_REQUEST_KINDS = [
  'medical_records',
  'itemized_bill',
  'narrative_report',
  'imaging',
  'discharge_summary',
] as const;
export type CaseRequestKind = (typeof CASE_REQUEST_KINDS)[number];

export const CASE_REQUEST_KIND_LABELS: Record<CaseRequestKind, string> = {
  medical_records: 'Medical records',
  itemized_bill: 'Itemized bill',
  narrative_report: 'Narrative report',
  imaging: 'Imaging',
  discharge_summary: 'Discharge summary',
};

/** Requested → Acknowledged → Fulfilled, or Declined (with a reason) from either open state. */
export const CASE_REQUEST_STATUSES = [
  'requested',
  'acknowledged',
  'fulfilled',
  'declined',
] as const;
export type CaseRequestStatus = (typeof CASE_REQUEST_STATUSES)[number];

export const CASE_REQUEST_STATUS_LABELS: Record<CaseRequestStatus, string> = {
  requested: 'Requested',
  acknowledged: 'Acknowledged',
  fulfilled: 'Fulfilled',
  declined: 'Declined',
};

/** The states in which a request is still outstanding (and can become overdue). */
export const OPEN_CASE_REQUEST_STATUSES = [
  'requested',
  'acknowledged',
] as const satisfies readonly CaseRequestStatus[];

/** The due date a new request gets when the requester names none. */
export const DEFAULT_CASE_REQUEST_DUE_DAYS = 14;
