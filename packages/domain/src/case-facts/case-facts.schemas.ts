import { z } from 'zod';
import { parseAmountToCents } from '../billing/money.ts';
import { optionalText, requiredLine } from '../common.schemas.ts';
import { getLatestTodayIsoDate } from '../patients/patient.schemas.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';
import {
  ACCIDENT_TYPES,
  CASE_FACTS_MESSAGES,
  CASE_STAGES,
  COVERAGE_KINDS,
  MAX_CASE_INSURERS,
} from './case-facts-constants.ts';

export {
  ACCIDENT_TYPE_LABELS,
  ACCIDENT_TYPES,
  CASE_FACTS_MESSAGES,
  CASE_STAGE_LABELS,
  CASE_STAGES,
  COVERAGE_KINDS,
  COVERAGE_LABELS,
  DEFAULT_CASE_STAGE,
  MAX_CASE_INSURERS,
  type AccidentType,
  type CaseStage,
  type CoverageKind,
} from './case-facts-constants.ts';

export const ZCaseStage = z.enum(CASE_STAGES);
export const ZCoverageKind = z.enum(COVERAGE_KINDS);
export const ZAccidentType = z.enum(ACCIDENT_TYPES);

/** Blank, null or absent: not recorded. Else a calendar date from 1900 to today (anywhere). */
export const ZAccidentDate = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(
    z.iso
      .date({ message: CASE_FACTS_MESSAGES.accidentDateInvalid })
      .refine(
        (value) => value >= '1900-01-01' && value <= getLatestTodayIsoDate(),
        CASE_FACTS_MESSAGES.accidentDateInvalid,
      )
      .nullable(),
  );

/** The form's select sends '' for none. */
export const ZOptionalAccidentType = z
  .union([ZAccidentType, z.literal('')])
  .nullish()
  .transform((value) => (value ? value : null));

/** A limit as typed ('25,000'), in integer cents; blank when the limit is not known yet. */
const ZPolicyLimit = z
  .string()
  .trim()
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    const cents = parseAmountToCents(value);
    if (cents === null) {
      context.addIssue({ code: 'custom', message: CASE_FACTS_MESSAGES.limitInvalid });
      return z.NEVER;
    }
    return cents;
  });

const ZAdjusterEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(320)
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email(CASE_FACTS_MESSAGES.emailInvalid).nullable());

/**
 * One insurer as the firm types it. `insurerId` names an insurer already on the case (kept and
 * updated); without it the insurer is added. An insurer left out of the list is removed.
 */
export const ZCaseInsurerInput = z.object({
  insurerId: z.uuid().optional(),
  coverage: ZCoverageKind,
  carrier: requiredLine(CASE_FACTS_MESSAGES.carrierRequired, 120),
  claimNumber: optionalText(60),
  adjusterName: optionalText(120),
  adjusterPhone: optionalText(40),
  adjusterEmail: ZAdjusterEmail,
  policyLimit: ZPolicyLimit,
});
export type TCaseInsurerInput = z.input<typeof ZCaseInsurerInput>;

/**
 * Save the case facts (the firm and administrators): the accident, the firm's case number, the
 * insurers as a whole list, and the legal stage, with a note kept in the stage's history when
 * the stage moves. The first save creates the record; later ones name its version (If-Match or
 * `version`).
 */
export const ZSaveCaseFactsRequest = z.object({
  accidentDate: ZAccidentDate,
  accidentType: ZOptionalAccidentType,
  firmCaseNumber: optionalText(60),
  stage: ZCaseStage,
  /** Kept with the stage change; ignored when the stage stays. */
  stageNote: optionalText(500),
  insurers: z.array(ZCaseInsurerInput).max(MAX_CASE_INSURERS, CASE_FACTS_MESSAGES.tooManyInsurers),
  ...versionInput,
});
export type TSaveCaseFactsRequest = z.input<typeof ZSaveCaseFactsRequest>;
export type TSaveCaseFactsParsed = z.output<typeof ZSaveCaseFactsRequest>;

export const ZCaseInsurer = z.object({
  id: z.uuid(),
  coverage: ZCoverageKind,
  carrier: z.string(),
  claimNumber: z.string().nullable(),
  adjusterName: z.string().nullable(),
  adjusterPhone: z.string().nullable(),
  adjusterEmail: z.string().nullable(),
  /** Null while the limit is not known. */
  policyLimitCents: z.number().int().nonnegative().nullable(),
});
export type TCaseInsurer = z.infer<typeof ZCaseInsurer>;

/** The saved case facts of a patient, one version for the facts and their insurers together. */
export const ZCaseFactsRecord = z.object({
  accidentDate: z.string().nullable(),
  accidentType: ZAccidentType.nullable(),
  firmCaseNumber: z.string().nullable(),
  stage: ZCaseStage,
  insurers: z.array(ZCaseInsurer),
  ...versionFields,
});
export type TCaseFactsRecord = z.infer<typeof ZCaseFactsRecord>;

/** One move of the legal stage (a case with no saved facts is at DEFAULT_CASE_STAGE). */
export const ZCaseStageChange = z.object({
  id: z.uuid(),
  fromStage: ZCaseStage,
  toStage: ZCaseStage,
  note: z.string().nullable(),
  changedByName: z.string().nullable(),
  changedAt: z.string(),
});
export type TCaseStageChange = z.infer<typeof ZCaseStageChange>;

/** 'Limit met' of one kind of coverage (policy-limits.ts `computePolicyLimits`). */
export const ZCoverageLimit = z.object({
  coverage: ZCoverageKind,
  limitCents: z.number().int(),
  policyCount: z.number().int(),
  percent: z.number().int().nullable(),
  isMet: z.boolean(),
});

export const ZPolicyLimits = z.object({
  /** The Total Medical Specials: the patient's live billing lines, in cents. */
  specialsCents: z.number().int(),
  coverages: z.array(ZCoverageLimit),
});

/**
 * GET /patients/:patientId/case: the saved facts (null before the firm's first save, when the
 * stage is DEFAULT_CASE_STAGE), the stage's history newest first, and the specials against the
 * policy limits.
 */
export const ZCaseFacts = z.object({
  facts: ZCaseFactsRecord.nullable(),
  stageHistory: z.array(ZCaseStageChange),
  limits: ZPolicyLimits,
});
export type TCaseFacts = z.infer<typeof ZCaseFacts>;
