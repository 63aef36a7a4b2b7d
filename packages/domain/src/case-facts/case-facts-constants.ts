// Free of zod (ADR 0015): the patient page's Case tab and the server's notifications read these;
// case-facts.schemas.ts re-exports them with the schemas.

/** How the patient was hurt, as the firm records it. */
export const ACCIDENT_TYPES = [
  'auto',
  'truck',
  'motorcycle',
  'pedestrian',
  'slip_and_fall',
  'workplace',
  'dog_bite',
  'other',
] as const;
export type AccidentType = (typeof ACCIDENT_TYPES)[number];

export const ACCIDENT_TYPE_LABELS: Record<AccidentType, string> = {
  auto: 'Auto accident',
  truck: 'Truck accident',
  motorcycle: 'Motorcycle accident',
  pedestrian: 'Pedestrian',
  slip_and_fall: 'Slip and fall',
  workplace: 'Workplace injury',
  dog_bite: 'Dog bite',
  other: 'Other',
};

/**
 * Where the legal case stands, in the order a case usually moves through. The firm may move it
 * to any stage (a settled case can be reopened for litigation), and every move is kept.
 */
export const CASE_STAGES = [
  'intake',
  'treating',
  'demand_sent',
  'negotiating',
  'litigation',
  'settled',
  'disbursed',
  'closed',
] as const;
export type CaseStage = (typeof CASE_STAGES)[number];

/** The stage of a patient whose firm has recorded nothing yet. */
export const DEFAULT_CASE_STAGE: CaseStage = 'intake';

export const CASE_STAGE_LABELS: Record<CaseStage, string> = {
  intake: 'Intake',
  treating: 'Treating',
  demand_sent: 'Demand sent',
  negotiating: 'Negotiating',
  litigation: 'Litigation',
  settled: 'Settled',
  disbursed: 'Disbursed',
  closed: 'Closed',
};

/**
 * What a policy covers: the at-fault party's bodily-injury liability, the patient's own medical
 * payments coverage, and the patient's uninsured/underinsured motorist coverage.
 */
export const COVERAGE_KINDS = ['liability', 'med_pay', 'um_uim'] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];

export const COVERAGE_LABELS: Record<CoverageKind, string> = {
  liability: 'Bodily injury (liability)',
  med_pay: 'Med-pay',
  um_uim: 'UM/UIM',
};

/** The short names the limit-met lines use ('of $25,000.00 BI limit'). */
export const COVERAGE_SHORT_LABELS: Record<CoverageKind, string> = {
  liability: 'BI',
  med_pay: 'med-pay',
  um_uim: 'UM/UIM',
};

/** The in-app notice of a stage change to the patient's clinics and lienholders. */
export function describeStageChange(patientName: string, from: CaseStage, to: CaseStage): string {
  return `Case stage of ${patientName} moved from ${CASE_STAGE_LABELS[from]} to ${CASE_STAGE_LABELS[to]}`;
}

/** At most this many insurers on one case. */
export const MAX_CASE_INSURERS = 10;

export const CASE_FACTS_MESSAGES = {
  accidentDateInvalid: 'Enter a valid accident date that is not in the future',
  carrierRequired: 'Enter the insurance carrier',
  limitInvalid: 'Enter the limit in dollars, like 25000.00, or leave it blank',
  emailInvalid: 'Enter a valid email address for the adjuster',
  tooManyInsurers: `A case has at most ${MAX_CASE_INSURERS} insurers`,
  saved: 'Case facts saved',
  stageChanged: (stage: CaseStage) => `Case stage changed to ${CASE_STAGE_LABELS[stage]}`,
  saveFailed: 'The case facts could not be saved.',
  loadFailed: 'The case facts could not be loaded.',
  notRecorded: 'Not recorded yet',
  noInsurers: 'No insurers recorded yet',
  noStageHistory: 'No stage changes yet',
  limitMet: 'Limit met',
} as const;
