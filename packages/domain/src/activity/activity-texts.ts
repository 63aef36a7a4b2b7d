import type { DocumentCategory } from '../constants.ts';
import type { ActivityKind } from './activity-constants.ts';
import { formatCentsAsDecimal } from '../billing/money.ts';
import type { TreatmentStatus } from '../patients/treatment-status.ts';

/**
 * The Activity feed's texts, zod-free so the patient page can show them without the
 * schemas. The server writes each item's summary with these when the change commits; an item
 * never says more than the record's own tab shows (a message item holds no text, a demographics
 * item names the fields, not their values).
 */

/** How the feed labels each kind of item. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  status_changed: 'Status',
  demographics_edited: 'Demographics',
  message: 'Message',
  document: 'Document',
  billing_line: 'Billing',
  case_request: 'Request',
  reduction: 'Reduction',
  payment: 'Payment',
  gap_opened: 'Treatment gap',
  gap_closed: 'Treatment gap',
  referral: 'Referral',
  visit: 'Visit',
  case_stage: 'Case stage',
  case_update: 'Case update',
};

/** The patient page's tab an item links to (`?tab=`). */
export type ActivityTab =
  'overview' | 'demographics' | 'documents' | 'messages' | 'billing' | 'visits' | 'case';

/**
 * Where each kind's record is shown on the patient page: requests and the gap badge on the
 * Overview, a lien's ledger and reductions on the Billing tab.
 */
export const ACTIVITY_KIND_TABS: Record<ActivityKind, ActivityTab> = {
  status_changed: 'overview',
  demographics_edited: 'demographics',
  message: 'messages',
  document: 'documents',
  billing_line: 'billing',
  case_request: 'overview',
  reduction: 'billing',
  payment: 'billing',
  gap_opened: 'overview',
  gap_closed: 'overview',
  referral: 'overview',
  visit: 'visits',
  case_stage: 'case',
  case_update: 'case',
};

/** The names of the demographics fields a person edits, as the Demographics tab labels them. */
export const DEMOGRAPHICS_FIELD_LABELS = {
  fullName: 'Full name',
  dob: 'Date of birth',
  intakeDate: 'Intake date',
  evalDate: 'Evaluation date',
  lastTreatmentDate: 'Last treatment date',
  pointOfContactName: 'Point of contact',
  pointOfContactPhone: 'Point of contact phone',
  assignments: 'Assigned organisations',
} as const;
export type DemographicsField = keyof typeof DEMOGRAPHICS_FIELD_LABELS;

/** A billing line as the feed names it: '97110 × 2, $240.00'. */
type BillingLine = { cptCode: string; sessionCount: number; amountCents: number };
const describeLine = (line: BillingLine) =>
  `${line.cptCode} × ${line.sessionCount}, $${formatCentsAsDecimal(line.amountCents)}`;

export const ACTIVITY_SUMMARIES = {
  referralAccepted: (referrerName: string, clinicName: string) =>
    `Referral from ${referrerName} accepted by ${clinicName}`,
  referralSent: (clinicName: string) => `Referred on to ${clinicName}`,
  referralDeclined: (clinicName: string) => `Referral to ${clinicName} declined`,
  statusChanged: (from: TreatmentStatus, to: TreatmentStatus) =>
    `Status changed from ${from} to ${to}`,
  statusChangeUndone: (restored: TreatmentStatus) => `Status change undone: back to ${restored}`,
  demographicsEdited: (fields: readonly DemographicsField[]) =>
    `Demographics edited: ${fields.map((field) => DEMOGRAPHICS_FIELD_LABELS[field]).join(', ')}`,
  messageSent: () => 'Message sent',
  messageEdited: () => 'Message edited',
  messageRetracted: () => 'Message retracted',
  documentUploaded: (fileName: string, category: DocumentCategory) =>
    `Document uploaded: ${fileName} (${category})`,
  documentRecategorized: (fileName: string, from: DocumentCategory, to: DocumentCategory) =>
    `Document ${fileName} moved from ${from} to ${to}`,
  billingLineAdded: (line: BillingLine) => `Billing line added: ${describeLine(line)}`,
  billingLineEdited: (line: BillingLine) => `Billing line edited: ${describeLine(line)}`,
  billingLineVoided: (line: BillingLine) => `Billing line voided: ${describeLine(line)}`,
} as const;
