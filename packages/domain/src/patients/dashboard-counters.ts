import type { TreatmentStatus } from './treatment-status.ts';

export type DashboardStats = { total: number; byStatus: Partial<Record<TreatmentStatus, number>> };

/**
 * What the counters count, shown under each label so that 'In Treatment' means one thing on every
 * dashboard: a patient past the referral and not yet discharged.
 */
export const COUNTER_HINTS = {
  active: 'Not Discharged',
  inTreatment: 'Neither Referred nor Discharged',
} as const;

/** In treatment: neither Referred (not yet seen) nor Discharged, on every dashboard. */
function countInTreatment(stats: DashboardStats): number {
  return stats.total - (stats.byStatus.Referred ?? 0) - (stats.byStatus.Discharged ?? 0);
}

/** Clinic dashboard: active (not Discharged), pending evals (Referred), discharged, total. */
export function getClinicCounters(stats: DashboardStats) {
  const discharged = stats.byStatus.Discharged ?? 0;
  return {
    active: stats.total - discharged,
    pendingEvals: stats.byStatus.Referred ?? 0,
    discharged,
    total: stats.total,
  };
}

/** Firm dashboard: in treatment (neither Discharged nor Referred), awaiting docs (Referred), completed, total. */
export function getFirmCounters(stats: DashboardStats) {
  const referred = stats.byStatus.Referred ?? 0;
  const discharged = stats.byStatus.Discharged ?? 0;
  return {
    inTreatment: countInTreatment(stats),
    awaitingDocs: referred,
    completed: discharged,
    total: stats.total,
  };
}

/**
 * Lienholder dashboard over the linked patients: linked patients (total), in treatment (as on
 * the firm's dashboard) and discharged. Total Billed comes from the billing summary.
 */
export function getLienholderCounters(stats: DashboardStats) {
  return {
    linkedPatients: stats.total,
    inTreatment: countInTreatment(stats),
    discharged: stats.byStatus.Discharged ?? 0,
  };
}
