import type { BadgeColor } from '../badge-colors.ts';

// Free of zod (ADR 0015): the patient page's Visits tab, the clinic's day page and the server's
// notifications read these; visit.schemas.ts re-exports them with the schemas.

/** What a visit is for, as the clinic books it. */
export const VISIT_TYPES = [
  'initial_evaluation',
  'follow_up',
  'therapy',
  'imaging',
  'procedure',
  're_evaluation',
] as const;
export type VisitType = (typeof VISIT_TYPES)[number];

export const VISIT_TYPE_LABELS: Record<VisitType, string> = {
  initial_evaluation: 'Initial evaluation',
  follow_up: 'Follow-up',
  therapy: 'Therapy',
  imaging: 'Imaging',
  procedure: 'Procedure',
  re_evaluation: 'Re-evaluation',
};

/**
 * Where a visit stands: booked, then one outcome. A rescheduled visit links the visit that
 * replaced it; only an attended visit is treatment.
 */
export const VISIT_STATES = [
  'scheduled',
  'attended',
  'no_show',
  'cancelled',
  'rescheduled',
] as const;
export type VisitState = (typeof VISIT_STATES)[number];

/** Each state's badge colour: booked blue, attended green, missed red, the rest gray. */
export const VISIT_STATE_COLORS: Record<VisitState, BadgeColor> = {
  scheduled: 'blue',
  attended: 'green',
  no_show: 'red',
  cancelled: 'gray',
  rescheduled: 'gray',
};

/** The outcomes a scheduled visit can be given. */
export const VISIT_OUTCOMES = ['attended', 'no_show', 'cancelled', 'rescheduled'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/** The outcomes of the day's sign-in sheet: who came and who did not. */
export const SIGN_IN_OUTCOMES = ['attended', 'no_show'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/** The states a correction may set: a rescheduled visit keeps its state and its link. */
export const CORRECTABLE_STATES = ['scheduled', 'attended', 'no_show', 'cancelled'] as const;

export const VISIT_STATE_LABELS: Record<VisitState, string> = {
  scheduled: 'Scheduled',
  attended: 'Attended',
  no_show: 'No-show',
  cancelled: 'Cancelled',
  rescheduled: 'Rescheduled',
};

/** At most this many rows in one sign-in sheet save. */
export const MAX_SIGN_IN_ROWS = 200;

/** '2026-03-04 09:30' as the lists show it: 'Mar 4, 2026, 9:30 AM' is the browser's job. */
export function formatVisitWhen(date: string, time: string): string {
  return `${date} ${time}`;
}

/** The firm's notice of a missed visit. */
export function describeNoShow(patientName: string, date: string, time: string): string {
  return `Missed visit: ${patientName} did not attend the visit of ${formatVisitWhen(date, time)}`;
}

/** The Activity feed's lines (they name the visit, never its note). */
export const VISIT_ACTIVITY = {
  attended: (type: VisitType, date: string) =>
    `Visit attended: ${VISIT_TYPE_LABELS[type]} on ${date}`,
  noShow: (type: VisitType, date: string) => `No-show: ${VISIT_TYPE_LABELS[type]} on ${date}`,
} as const;

/** A gap's reason when the patient's last visit was missed (treatment-gaps reads it). */
export const NO_SHOW_GAP_REASON = 'last visit was a no-show';

export const VISIT_MESSAGES = {
  dateInvalid: 'Enter a valid date',
  timeInvalid: 'Enter a time like 09:30',
  typeRequired: 'Choose the type of visit',
  clinicRequired: 'Choose the clinic of the visit',
  clinicNotOfPatient: 'The visit’s clinic must be one of the patient’s clinics',
  beforeIntake: 'A visit cannot be before the patient’s intake date',
  futureOutcome: 'A visit in the future can only be cancelled or rescheduled',
  notScheduled: 'This visit already has an outcome; correct it instead',
  rescheduleSame: 'Choose another date or time for the new visit',
  rescheduledState: 'A rescheduled visit keeps its state: correct the new visit instead',
  notOfDay: 'This visit is not on the sheet’s day',
  noRows: 'Mark at least one visit',
  tooManyRows: `At most ${MAX_SIGN_IN_ROWS} visits in one save`,
  duplicateRow: 'This visit is marked twice',
  scheduled: 'Visit scheduled',
  recorded: 'Visit recorded',
  corrected: 'Visit corrected',
  signInSaved: (count: number) => `${count} ${count === 1 ? 'visit' : 'visits'} recorded`,
  saveFailed: 'The visit could not be saved.',
  signInFailed: 'The sign-in sheet could not be saved. Nothing was recorded.',
  loadFailed: 'The visits could not be loaded.',
} as const;

/** The Visits tab's and the day page's words. */
export const VISIT_TEXTS = {
  tabLabel: 'Visits',
  heading: 'Visits',
  intro:
    'Scheduled and past visits, newest first. An attended visit moves the last treatment date.',
  readOnlyIntro: 'The clinic’s scheduled and past visits, newest first.',
  empty: 'No visits yet.',
  schedule: 'Schedule a visit',
  scheduleSubmit: 'Schedule',
  date: 'Date',
  time: 'Time',
  type: 'Type',
  clinic: 'Clinic',
  note: 'Note (optional)',
  state: 'State',
  reason: 'Reason for the correction',
  markAttended: 'Attended',
  markNoShow: 'No-show',
  cancel: 'Cancel visit',
  reschedule: 'Reschedule',
  rescheduleSubmit: 'Reschedule',
  newDate: 'New date',
  newTime: 'New time',
  correct: 'Correct',
  correctSubmit: 'Save correction',
  close: 'Close',
  rescheduledTo: 'Rescheduled to',
  rescheduledFrom: 'Rescheduled from',
  recordedBy: (name: string) => `Recorded by ${name}`,
  dayPageTitle: 'Visits',
  dayPageNav: 'Visits',
  dayPageIntro: 'The clinic’s visits of one day. Mark the sign-in sheet and save it at once.',
  dayPicker: 'Day',
  dayEmpty: 'No visits on this day.',
  dayPatient: 'Patient',
  select: (name: string) => `Select ${name}`,
  selectAll: 'Select all scheduled visits',
  markSelectedAttended: 'Mark selected attended',
  markSelectedNoShow: 'Mark selected no-show',
  signInOutcome: (name: string) => `Sign-in for ${name}`,
  signInNone: 'Not marked',
  saveSheet: 'Save',
  marked: (count: number) => `${count} marked`,
} as const;
