import type { TreatmentStatus } from './treatment-status.ts';

export type DashboardStats = { total: number; byStatus: Partial<Record<TreatmentStatus, number>> };

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
    inTreatment: stats.total - referred - discharged,
    awaitingDocs: referred,
    completed: discharged,
    total: stats.total,
  };
}

/**
 * Lienholder dashboard over the linked patients: linked patients (total), in treatment (not
 * Discharged) and discharged. Total Billed comes from the billing summary.
 */
export function getLienholderCounters(stats: DashboardStats) {
  const discharged = stats.byStatus.Discharged ?? 0;
  return {
    linkedPatients: stats.total,
    inTreatment: stats.total - discharged,
    discharged,
  };
}
