import type { Role } from '../roles.ts';
import {
  CASE_REQUEST_KINDS,
  DEFAULT_CASE_REQUEST_DUE_DAYS,
  OPEN_CASE_REQUEST_STATUSES,
  type CaseRequestKind,
  type CaseRequestStatus,
} from './case-request-constants.ts';

/**
 * Who may do what with a records or bills request. Zod-free: the server's
 * service and the web app's buttons ask the same functions. The patient's scope and the route's
 * capability (`requests:create`, `requests:respond`) are checked apart, before these.
 */
export type CaseRequestActor = { role: Role; organizationId: string | null };

/** The kinds a role may ask for: attorneys (and admins) any, lienholders only an itemized bill. */
export function getRequestableKinds(role: Role): readonly CaseRequestKind[] {
  switch (role) {
    case 'attorney':
    case 'admin':
      return CASE_REQUEST_KINDS;
    case 'lienholder':
      return ['itemized_bill'];
    case 'clinic':
    case 'contact':
      return [];
  }
}

export function canRequestKind(role: Role, kind: CaseRequestKind): boolean {
  return getRequestableKinds(role).includes(kind);
}

/** Only the asked clinic's users, or an administrator, answer a request. */
export function canRespondToRequest(
  actor: CaseRequestActor,
  request: { clinicId: string },
): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'clinic' && actor.organizationId === request.clinicId;
}

export type CaseRequestAction = 'acknowledge' | 'fulfil' | 'decline';

/** Requested → Acknowledged → Fulfilled; Requested or Acknowledged → Declined. */
const ALLOWED_FROM: Record<CaseRequestAction, readonly CaseRequestStatus[]> = {
  acknowledge: ['requested'],
  fulfil: ['acknowledged'],
  decline: ['requested', 'acknowledged'],
};

export const CASE_REQUEST_ACTION_TARGETS: Record<CaseRequestAction, CaseRequestStatus> = {
  acknowledge: 'acknowledged',
  fulfil: 'fulfilled',
  decline: 'declined',
};

export function canTransition(status: CaseRequestStatus, action: CaseRequestAction): boolean {
  return ALLOWED_FROM[action].includes(status);
}

export function isOpenRequestStatus(status: CaseRequestStatus): boolean {
  return (OPEN_CASE_REQUEST_STATUSES as readonly CaseRequestStatus[]).includes(status);
}

/** Overdue: still open and due before today (both `YYYY-MM-DD`, compared as calendar dates). */
export function isRequestOverdue(
  request: { status: CaseRequestStatus; dueOn: string },
  today: string,
): boolean {
  return isOpenRequestStatus(request.status) && request.dueOn < today;
}

/** `YYYY-MM-DD` of a date, as the calendar of the given time zone reads it (UTC by default). */
export function toIsoDay(date: Date, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** The due date a new request gets when none is named: today + 14 days. */
export function defaultRequestDueOn(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + DEFAULT_CASE_REQUEST_DUE_DAYS);
  return date.toISOString().slice(0, 10);
}
