import { z } from 'zod';
import type { AuditAction } from '../audit.ts';
import type { PolicyActor, PolicyPatient } from '../patients/patient.policy.ts';

/**
 * A patient's Access history: who viewed or changed the patient, per user and day, read from the
 * audit log. Which actions count as what is stated here once; the server's query and the web
 * view both read these lists.
 */
export const ACCESS_VIEW_ACTIONS = [
  'patient_viewed',
  'documents_listed',
  'document_downloaded',
  'document_previewed',
  'billing_viewed',
  'billing_history_viewed',
  'billing_exported',
  'reductions_viewed',
  'settlement_viewed',
  'case_facts_viewed',
  'referral_viewed',
  'visits_viewed',
  'case_updates_viewed',
  'closing_viewed',
  'payoffs_listed',
  'disbursement_statement_viewed',
  'messages_viewed',
  'activity_viewed',
  'mail_viewed',
  'access_history_viewed',
] as const satisfies readonly AuditAction[];

export const ACCESS_CHANGE_ACTIONS = [
  'patient_created',
  'patient_updated',
  'patient_status_changed',
  'patient_status_change_undone',
  'document_uploaded',
  'document_recategorized',
  'document_removed',
  'billing_entry_created',
  'billing_entry_edited',
  'billing_entry_voided',
  'reduction_proposed',
  'reduction_countered',
  'reduction_accepted',
  'reduction_rejected',
  'reduction_withdrawn',
  'settlement_saved',
  'case_facts_saved',
  'case_stage_changed',
  'referral_created',
  'referral_accepted',
  'referral_declined',
  'referral_withdrawn',
  'visit_scheduled',
  'visit_recorded',
  'visit_corrected',
  'case_update_posted',
  'case_update_requested',
  'settlement_recorded',
  'settlement_edited',
  'payoff_proposed',
  'payoff_withdrawn',
  'payoff_confirmed',
  'payoff_disputed',
  'case_disbursed',
  'case_closed',
  'bill_marked_final',
  'message_sent',
  'message_edited',
  'message_retracted',
] as const satisfies readonly AuditAction[];

/** A refused attempt on the patient (out of its scope): counted apart from views. */
export const ACCESS_REFUSED_ACTION = 'access_denied' satisfies AuditAction;

/**
 * Who may open a patient's Access history: admins, and users of a clinic the patient is
 * assigned to. The firm, lienholders and contacts see the patient but not who else did; for them
 * the history answers like a missing record.
 */
export function canViewAccessHistory(
  actor: Pick<PolicyActor, 'role' | 'organizationId'>,
  patient: Pick<PolicyPatient, 'clinicIds'>,
): boolean {
  if (actor.role === 'admin') return true;
  return (
    actor.role === 'clinic' &&
    actor.organizationId !== null &&
    patient.clinicIds.includes(actor.organizationId)
  );
}

/** An IANA zone name the runtime knows ('America/New_York', 'UTC'). */
export function isKnownTimeZone(value: string): boolean {
  try {
    // The constructor throws a RangeError for a zone the runtime does not know.
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

export const ACCESS_HISTORY_MESSAGES = {
  invalidTimeZone: 'Unknown time zone',
  empty: 'No one has viewed or changed this patient yet.',
  loadFailed: 'Failed to load the access history',
} as const;

/** The days are the browser's: it sends its zone, and the answer says which zone it grouped by. */
export const ZAccessHistoryQuery = z.object({
  tz: z
    .string()
    .trim()
    .max(64)
    .refine(isKnownTimeZone, { message: ACCESS_HISTORY_MESSAGES.invalidTimeZone })
    .default('UTC'),
});
export type TAccessHistoryQuery = z.input<typeof ZAccessHistoryQuery>;

export const ZAccessHistoryDay = z.object({
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  userRole: z.string().nullable(),
  /** The calendar day in `timeZone`, YYYY-MM-DD. */
  day: z.string(),
  views: z.number().int(),
  changes: z.number().int(),
  refused: z.number().int(),
  /** Instants, ISO 8601 in UTC. */
  firstAt: z.string(),
  lastAt: z.string(),
});
export type TAccessHistoryDay = z.infer<typeof ZAccessHistoryDay>;

/** At most this many user-days are returned, newest first. */
export const ACCESS_HISTORY_LIMIT = 500;

export const ZAccessHistory = z.object({
  timeZone: z.string(),
  items: z.array(ZAccessHistoryDay),
  isTruncated: z.boolean(),
});
export type TAccessHistory = z.infer<typeof ZAccessHistory>;
