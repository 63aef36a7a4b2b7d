/**
 * The kinds of item in a patient's Activity feed. Each names the record it is about,
 * and the feed shows an item only to those allowed to see that record.
 */
export const ACTIVITY_KINDS = [
  'status_changed',
  'demographics_edited',
  'message',
  'document',
  'billing_line',
  'case_request',
  'reduction',
  'payment',
  'gap_opened',
  'gap_closed',
  'referral',
  'visit',
  'case_stage',
  'case_update',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
