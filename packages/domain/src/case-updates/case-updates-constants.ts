// Free of zod (ADR 0015): the Case tab, the dashboards and the server's notices read these;
// case-updates.schemas.ts re-exports them with the schemas.
import type { BadgeColor } from '../badge-colors.ts';
import { CASE_STAGE_LABELS, type CaseStage } from '../case-facts/case-facts-constants.ts';

/**
 * Case updates owed (docs/architecture/case-updates.md): a firm owes each patient's clinics and
 * lienholders a case update every N days, its organisation setting; 0 turns it off.
 */
export const DEFAULT_CASE_UPDATE_INTERVAL_DAYS = 60;
export const MIN_CASE_UPDATE_INTERVAL_DAYS = 0;
export const MAX_CASE_UPDATE_INTERVAL_DAYS = 365;

/** The longest note a firm posts as a case update. */
export const MAX_CASE_UPDATE_NOTE_LENGTH = 1_000;

/**
 * Stages at which no update is owed: the case is over. A closed case is never overdue.
 */
export const CASE_UPDATE_FREE_STAGES: readonly CaseStage[] = ['closed'];

/**
 * The stage badge's colour in the patient lists and dashboards: gray before the work starts and
 * after it ends, blue while treating, purple for the demand and suit, yellow while negotiating,
 * green once settled or paid out.
 */
export const CASE_STAGE_COLORS: Record<CaseStage, BadgeColor> = {
  intake: 'gray',
  treating: 'blue',
  demand_sent: 'purple',
  negotiating: 'yellow',
  litigation: 'purple',
  settled: 'green',
  disbursed: 'green',
  closed: 'gray',
};

/** What an entry of the case-update history is: a note the firm posted, or a stage move. */
export const CASE_UPDATE_KINDS = ['note', 'stage'] as const;
export type CaseUpdateKind = (typeof CASE_UPDATE_KINDS)[number];

export const CASE_UPDATE_TEXTS = {
  title: 'Case updates',
  description: 'The firm’s notes and stage moves, newest first. Each one resets the update clock.',
  empty: 'No case updates yet',
  noteLabel: 'Case update',
  noteHint: `What changed on the case, for the clinics and lienholders. Up to ${MAX_CASE_UPDATE_NOTE_LENGTH.toLocaleString('en-US')} characters.`,
  noteRequired: 'Write the case update',
  noteTooLong: `A case update is at most ${MAX_CASE_UPDATE_NOTE_LENGTH.toLocaleString('en-US')} characters`,
  post: 'Post update',
  posted: 'Case update posted',
  postFailed: 'The case update could not be posted.',
  loadFailed: 'The case updates could not be loaded.',
  ask: 'Ask for an update',
  asked: 'Update requested from the firm',
  alreadyAsked: 'An update is already requested; the firm’s next update answers it.',
  askFailed: 'The update could not be requested.',
  notTheParty: 'Only the patient’s clinics and lienholders ask its firm for an update',
  noFirm: 'The patient has no firm to ask',
  overdue: 'Update overdue',
  overdueHint: 'Patients whose firm owes their clinics and lienholders a case update',
  noneOverdue: 'No case update overdue',
  stageEntry: (from: CaseStage, to: CaseStage) =>
    `Stage moved from ${CASE_STAGE_LABELS[from]} to ${CASE_STAGE_LABELS[to]}`,
  requestedOn: (date: string) => `Update requested ${date}`,
  requestedBy: (organization: string, date: string) =>
    `${organization} asked for an update ${date}`,
  lastUpdate: (date: string) => `Last update ${date}`,
  noUpdateSince: (date: string) => `No update since intake ${date}`,
  dueOn: (date: string) => `Next update due ${date}`,
  overdueSince: (date: string) => `Update overdue since ${date}`,
  off: 'The firm owes no scheduled case updates',
  settingTitle: 'Case updates owed',
  settingLabel: 'Days between case updates',
  settingHint: `How often the firm owes each patient’s clinics and lienholders a case update; 0 turns the reminders off. From ${MIN_CASE_UPDATE_INTERVAL_DAYS} to ${MAX_CASE_UPDATE_INTERVAL_DAYS} days.`,
  settingInvalid: `Enter a whole number of days from ${MIN_CASE_UPDATE_INTERVAL_DAYS} to ${MAX_CASE_UPDATE_INTERVAL_DAYS}`,
  settingSave: 'Save',
  settingSaved: 'Case update setting saved',
  settingSaveFailed: 'The case update setting could not be saved.',
  settingLoadFailed: 'The case update setting could not be loaded.',
} as const;

/** The in-app notice of a note to the patient's clinics and lienholders. */
export function describeCaseUpdatePosted(firmName: string, patientName: string): string {
  return `${firmName} posted a case update on ${patientName}`;
}

/** The in-app notice of an ask to the patient's firm. */
export function describeCaseUpdateRequested(organizationName: string, patientName: string): string {
  return `${organizationName} asked for a case update on ${patientName}`;
}

/** The daily reminder's line: 'Case updates overdue on 3 patients: Maria Delgado, … and 1 more'. */
export function describeCaseUpdateDigest(total: number, names: readonly string[]): string {
  const word = total === 1 ? 'patient' : 'patients';
  const more = total > names.length ? ` and ${total - names.length} more` : '';
  return `Case updates overdue on ${total} ${word}${names.length > 0 ? `: ${names.join(', ')}${more}` : ''}`;
}

/** The Activity feed's lines. */
export const CASE_UPDATE_ACTIVITY = {
  stageChanged: (from: CaseStage, to: CaseStage) =>
    `Case stage moved from ${CASE_STAGE_LABELS[from]} to ${CASE_STAGE_LABELS[to]}`,
  notePosted: () => 'Case update posted',
  requested: (organizationName: string) => `${organizationName} asked for a case update`,
} as const;

const DAY_MS = 86_400_000;

/**
 * When the next update is owed: `intervalDays` after the last update (or intake), or null when
 * the firm owes none (0, or a closed case). Overdue once `now` is past it. Dates are ISO strings
 * or timestamps; the answer is an ISO timestamp. The server computes the same rule in SQL
 * (case-update-overdue.ts); this one words it on the Case tab.
 */
export function getCaseUpdateDue(
  clockFrom: string,
  intervalDays: number,
  stage: CaseStage,
): string | null {
  if (intervalDays <= 0 || CASE_UPDATE_FREE_STAGES.includes(stage)) return null;
  return new Date(new Date(clockFrom).getTime() + intervalDays * DAY_MS).toISOString();
}
