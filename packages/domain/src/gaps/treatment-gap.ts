import type { TreatmentStatus } from '../patients/treatment-status.ts';
import { DEFAULT_GAP_THRESHOLD_DAYS } from './treatment-gap-constants.ts';

// Free of zod (ADR 0015): the dashboards' badge and the server's check both read these.

/** Statuses outside active treatment: not yet seen, or done. A gap is never flagged on them. */
const INACTIVE_STATUSES: ReadonlySet<TreatmentStatus> = new Set(['Referred', 'Discharged']);

/** Whether the patient is in active treatment: neither Referred nor Discharged. */
export function isInActiveTreatment(status: TreatmentStatus): boolean {
  return !INACTIVE_STATUSES.has(status);
}

/** The statuses a gap can be open on, for the server's SQL. */
export const GAP_INACTIVE_STATUSES: readonly TreatmentStatus[] = [...INACTIVE_STATUSES];

export type CareDates = {
  /** The patient's last treatment date (YYYY-MM-DD). */
  lastTreatmentDate: string | null;
  /** The dates of service of the patient's live (not voided) billing lines. */
  serviceDates: readonly string[];
  intakeDate: string | null;
  /** When the patient was created (an ISO time or a date). */
  createdAt: string;
};

/**
 * The last day of care: the latest of the last treatment date and the billed dates of service,
 * else the intake date, else the day the patient was created. Dates compare as text (ISO).
 */
export function getLastCareDate(dates: CareDates): string {
  const treated = [dates.lastTreatmentDate, ...dates.serviceDates].filter(
    (value): value is string => value !== null,
  );
  if (treated.length > 0) return treated.reduce((latest, day) => (day > latest ? day : latest));
  return dates.intakeDate ?? dates.createdAt.slice(0, 10);
}

const DAY_MS = 86_400_000;

/** Whole days from one calendar day to another (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A patient's threshold: the smallest of its clinics' settings, else the default. */
export function getGapThreshold(clinicThresholds: readonly number[]): number {
  return clinicThresholds.length > 0 ? Math.min(...clinicThresholds) : DEFAULT_GAP_THRESHOLD_DAYS;
}

export type TreatmentGap = { lastCareOn: string; gapDays: number; thresholdDays: number };

/**
 * The patient's treatment gap on `today`, or null when there is none: a patient in active
 * treatment whose last care is more than the threshold's days ago is flagged.
 */
export function findTreatmentGap(
  patient: CareDates & { treatmentStatus: TreatmentStatus },
  clinicThresholds: readonly number[],
  today: string,
): TreatmentGap | null {
  if (!isInActiveTreatment(patient.treatmentStatus)) return null;
  const lastCareOn = getLastCareDate(patient);
  const gapDays = daysBetween(lastCareOn, today);
  const thresholdDays = getGapThreshold(clinicThresholds);
  return gapDays > thresholdDays ? { lastCareOn, gapDays, thresholdDays } : null;
}

/** The badge on the dashboards and the patient page: 'Gap: 17 days', 'Gap: 1 day'. */
export function formatGapBadge(days: number): string {
  return `Gap: ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A gap notice's line: 'Treatment gap: Maria Delgado has had no treatment recorded for 17 days'. */
export function describePatientGap(fullName: string, days: number): string {
  return `Treatment gap: ${fullName} has had no treatment recorded for ${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * The daily gap digest's line: one patient is described as `describePatientGap` does; more are
 * counted and the first named, 'Treatment gaps: 3 patients have had no treatment recorded past
 * their threshold: Ann Lee (17 days), Bo Park (20 days) and 1 more'.
 */
export function describeGapDigest(
  total: number,
  first: ReadonlyArray<{ fullName: string; days: number }>,
): string {
  const [only] = first;
  if (total === 1 && only) return describePatientGap(only.fullName, only.days);
  const named = first.map(
    ({ fullName, days }) => `${fullName} (${days} ${days === 1 ? 'day' : 'days'})`,
  );
  const more = total > first.length ? ` and ${total - first.length} more` : '';
  const list = named.length > 0 ? `: ${named.join(', ')}${more}` : '';
  return `Treatment gaps: ${total} patients have had no treatment recorded past their threshold${list}`;
}

export const TREATMENT_GAP_TEXTS = {
  filterLabel: 'Gaps',
  filterAll: 'All patients',
  filterOpen: 'With a treatment gap',
  settingTitle: 'Treatment gap alert',
  settingLabel: 'Flag a patient after this many days without treatment',
  settingHint: 'Patients in active treatment with no treatment recorded for longer are flagged.',
  settingSave: 'Save',
  settingSaved: 'Treatment gap alert saved',
  settingSaveFailed: 'Failed to save the treatment gap alert',
  settingLoadFailed: 'Failed to load the treatment gap alert',
} as const;
