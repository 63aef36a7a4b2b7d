/**
 * Treatment-gap alerts: a patient in active treatment with no treatment recorded for
 * a clinic's threshold of days is flagged.
 */
export const DEFAULT_GAP_THRESHOLD_DAYS = 14;
export const MIN_GAP_THRESHOLD_DAYS = 1;
export const MAX_GAP_THRESHOLD_DAYS = 365;
