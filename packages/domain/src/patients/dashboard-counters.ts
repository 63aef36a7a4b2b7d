import type { TreatmentStatus } from './treatment-status.ts';

type Stats = { total: number; byStatus: Partial<Record<TreatmentStatus, number>> };

/** Clinic dashboard: active (not Discharged), pending evals (Referred), discharged, total. */
export function getClinicCounters(stats: Stats) {
  const discharged = stats.byStatus.Discharged ?? 0;
  return {
    active: stats.total - discharged,
    pendingEvals: stats.byStatus.Referred ?? 0,
    discharged,
    total: stats.total,
  };
}

/** Firm dashboard: in treatment (neither Discharged nor Referred), awaiting docs (Referred), completed, total. */
export function getFirmCounters(stats: Stats) {
  const referred = stats.byStatus.Referred ?? 0;
  const discharged = stats.byStatus.Discharged ?? 0;
  return {
    inTreatment: stats.total - referred - discharged,
    awaitingDocs: referred,
    completed: discharged,
    total: stats.total,
  };
}
