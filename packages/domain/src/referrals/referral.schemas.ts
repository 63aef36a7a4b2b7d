import { z } from 'zod';
import { cursorPage, cursorQuery, optionalText, requiredLine } from '../common.schemas.ts';
import {
  ZAccidentDate,
  ZAccidentType,
  ZOptionalAccidentType,
} from '../case-facts/case-facts.schemas.ts';
import { ZDateOfBirth } from '../patients/patient.schemas.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';
import {
  REFERRAL_KINDS,
  REFERRAL_LIMITS,
  REFERRAL_MESSAGES,
  REFERRAL_STATES,
  REFERRAL_TEXTS,
  REFERRAL_URGENCIES,
} from './referral-constants.ts';

export * from './referral-constants.ts';

export const ZReferralState = z.enum(REFERRAL_STATES);
export const ZReferralUrgency = z.enum(REFERRAL_URGENCIES);
export const ZReferralKind = z.enum(REFERRAL_KINDS);

const ZClinicId = z.uuid({ message: REFERRAL_MESSAGES.clinicInvalid });

/** What a referral says of the accident and the claim, whoever sends it. */
const caseFields = {
  accidentDate: ZAccidentDate,
  accidentType: ZOptionalAccidentType,
  injurySummary: optionalText(REFERRAL_LIMITS.injurySummary),
  insurerCarrier: optionalText(REFERRAL_LIMITS.carrier),
  claimNumber: optionalText(REFERRAL_LIMITS.claimNumber),
  lopOnFile: z.boolean().default(false),
  urgency: ZReferralUrgency.default('routine'),
};

/** POST /referrals: a firm refers a new client to a clinic of the directory. */
export const ZCreateReferralRequest = z.object({
  clinicId: ZClinicId,
  clientName: requiredLine(REFERRAL_TEXTS.clientNameRequired, REFERRAL_LIMITS.clientName),
  dob: ZDateOfBirth,
  phone: optionalText(REFERRAL_LIMITS.phone),
  ...caseFields,
});
export type TCreateReferralRequest = z.input<typeof ZCreateReferralRequest>;
export type TCreateReferralParsed = z.output<typeof ZCreateReferralRequest>;

/**
 * POST /patients/:patientId/referrals: a clinic that sees the patient refers them on to another
 * clinic (imaging, pain management). The name, date of birth and phone come from the patient.
 */
export const ZReferOnRequest = z.object({
  clinicId: ZClinicId,
  ...caseFields,
});
export type TReferOnRequest = z.input<typeof ZReferOnRequest>;
export type TReferOnParsed = z.output<typeof ZReferOnRequest>;

/**
 * Accept a pending referral from the version shown (`version` or If-Match; 428 without). `attachToPatientId` names a patient already
 * at the clinic (the duplicate the queue pointed at) to attach the referral to instead of creating
 * a second one; a referral on of an existing patient always joins that patient.
 */
export const ZAcceptReferralRequest = z.object({
  ...versionInput,
  attachToPatientId: z.uuid().nullish(),
});
export type TAcceptReferralRequest = z.input<typeof ZAcceptReferralRequest>;

export const ZDeclineReferralRequest = z.object({
  ...versionInput,
  reason: requiredLine(REFERRAL_TEXTS.declineReasonRequired, REFERRAL_LIMITS.declineReason),
});
export type TDeclineReferralRequest = z.input<typeof ZDeclineReferralRequest>;

export const ZWithdrawReferralRequest = z.object({ ...versionInput });

export const ZReferralIdParams = z.object({ referralId: z.string().min(1).max(100) });

/** Which side of the referrals the list shows: those received by the clinic, or those sent. */
export const REFERRAL_BOXES = ['received', 'sent'] as const;
export type ReferralBox = (typeof REFERRAL_BOXES)[number];

export const REFERRAL_PAGE_SIZE = { default: 50, max: 100 } as const;

export const ZListReferralsQuery = z.strictObject({
  box: z.enum(REFERRAL_BOXES).default('received'),
  state: ZReferralState.optional(),
  ...cursorQuery(REFERRAL_PAGE_SIZE, z.uuid({ message: 'Not a page link of this list' })),
});
export type TListReferralsQuery = z.output<typeof ZListReferralsQuery>;

const ZOrgRef = z.object({ id: z.uuid(), name: z.string() });

/** A referral as the referring organisation and the receiving clinic see it. */
export const ZReferral = z.object({
  id: z.uuid(),
  kind: ZReferralKind,
  state: ZReferralState,
  referrer: ZOrgRef.extend({ kind: z.enum(['clinic', 'firm']) }),
  clinic: ZOrgRef,
  createdByName: z.string().nullable(),
  clientName: z.string(),
  dob: z.string(),
  phone: z.string().nullable(),
  accidentDate: z.string().nullable(),
  accidentType: ZAccidentType.nullable(),
  injurySummary: z.string().nullable(),
  insurerCarrier: z.string().nullable(),
  claimNumber: z.string().nullable(),
  lopOnFile: z.boolean(),
  urgency: ZReferralUrgency,
  declineReason: z.string().nullable(),
  /**
   * The patient the referral concerns, once the reader may open it: the accepted referral's
   * patient, and for the referring clinic the patient it referred on.
   */
  patientId: z.uuid().nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  respondedByName: z.string().nullable(),
  /** From sent to answered, in seconds; null while pending or withdrawn. */
  responseSeconds: z.number().int().nonnegative().nullable(),
  /**
   * For the receiving clinic while pending: a patient already at the clinic with the same name
   * and date of birth (the one accepting may attach to); null otherwise.
   */
  duplicate: z.object({ id: z.uuid(), fullName: z.string(), dob: z.string() }).nullable(),
  ...versionFields,
});
export type TReferral = z.infer<typeof ZReferral>;

export const ZReferralPage = cursorPage(ZReferral, {
  /** Pending referrals of the box, whatever the page. */
  pendingCount: z.number().int().nonnegative(),
});
export type TReferralPage = z.infer<typeof ZReferralPage>;

/** The accept's answer: the referral and the patient it now belongs to. */
export const ZAcceptReferralResponse = z.object({
  referral: ZReferral,
  patientId: z.uuid(),
  /** Whether a patient was created (else the clinic joined or attached to one). */
  created: z.boolean(),
});
export type TAcceptReferralResponse = z.infer<typeof ZAcceptReferralResponse>;
