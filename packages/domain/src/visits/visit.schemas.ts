import { z } from 'zod';
import { optionalText } from '../common.schemas.ts';
import { ZRecordIdParam } from '../record-id.ts';
import { ZCorrectionReason } from '../history/record-history.schemas.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';
import {
  CORRECTABLE_STATES,
  MAX_SIGN_IN_ROWS,
  SIGN_IN_OUTCOMES,
  VISIT_MESSAGES,
  VISIT_STATES,
  VISIT_TYPES,
} from './visit-constants.ts';

export {
  CORRECTABLE_STATES,
  describeNoShow,
  MAX_SIGN_IN_ROWS,
  NO_SHOW_GAP_REASON,
  SIGN_IN_OUTCOMES,
  VISIT_ACTIVITY,
  VISIT_MESSAGES,
  VISIT_OUTCOMES,
  VISIT_STATE_COLORS,
  VISIT_STATE_LABELS,
  VISIT_STATES,
  VISIT_TEXTS,
  VISIT_TYPE_LABELS,
  VISIT_TYPES,
  type SignInOutcome,
  type VisitOutcome,
  type VisitState,
  type VisitType,
} from './visit-constants.ts';

export const ZVisitType = z.enum(VISIT_TYPES, { message: VISIT_MESSAGES.typeRequired });
export const ZVisitState = z.enum(VISIT_STATES);

/** A calendar day from 1900 to 2100 (a visit may be booked ahead, or entered afterwards). */
export const ZVisitDate = z
  .string({ message: VISIT_MESSAGES.dateInvalid })
  .trim()
  .pipe(
    z.iso
      .date({ message: VISIT_MESSAGES.dateInvalid })
      .refine(
        (value) => value >= '1900-01-01' && value <= '2100-12-31',
        VISIT_MESSAGES.dateInvalid,
      ),
  );

/** The clinic's local time of day, 24-hour 'HH:MM'. */
export const ZVisitTime = z
  .string({ message: VISIT_MESSAGES.timeInvalid })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, VISIT_MESSAGES.timeInvalid);

/**
 * Book a visit (the patient's clinics and administrators). A clinic user books for their own
 * clinic; an administrator names one of the patient's clinics.
 */
export const ZScheduleVisitRequest = z.object({
  clinicId: z.uuid(VISIT_MESSAGES.clinicRequired).optional(),
  date: ZVisitDate,
  time: ZVisitTime,
  type: ZVisitType,
  note: optionalText(500),
});
export type TScheduleVisitRequest = z.input<typeof ZScheduleVisitRequest>;
export type TScheduleVisitParsed = z.output<typeof ZScheduleVisitRequest>;

/** A reschedule: the new day and time (the Visits tab's reschedule form). */
export const ZRescheduleVisitRequest = z.object({
  outcome: z.literal('rescheduled'),
  newDate: ZVisitDate,
  newTime: ZVisitTime,
  note: optionalText(500),
  ...versionInput,
});
export type TRescheduleVisitRequest = z.input<typeof ZRescheduleVisitRequest>;

/** Record what became of a scheduled visit; a reschedule books the new time and links it. */
export const ZRecordVisitOutcomeRequest = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.enum(['attended', 'no_show', 'cancelled']),
    note: optionalText(500),
    ...versionInput,
  }),
  ZRescheduleVisitRequest,
]);
export type TRecordVisitOutcomeRequest = z.input<typeof ZRecordVisitOutcomeRequest>;
export type TRecordVisitOutcomeParsed = z.output<typeof ZRecordVisitOutcomeRequest>;

/** Correct a visit (a wrong day, type or outcome), with the reason kept in its history. */
export const ZCorrectVisitRequest = z.object({
  date: ZVisitDate,
  time: ZVisitTime,
  type: ZVisitType,
  /** Omitted or unchanged for a rescheduled visit, which keeps its state. */
  state: z.enum([...CORRECTABLE_STATES, 'rescheduled']),
  note: optionalText(500),
  reason: ZCorrectionReason,
  ...versionInput,
});
export type TCorrectVisitRequest = z.input<typeof ZCorrectVisitRequest>;
export type TCorrectVisitParsed = z.output<typeof ZCorrectVisitRequest>;

export const ZVisit = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  patientName: z.string(),
  clinicId: z.uuid(),
  clinicName: z.string(),
  date: z.string(),
  time: z.string(),
  type: ZVisitType,
  state: ZVisitState,
  note: z.string().nullable(),
  /** The visit this one replaced, and the one that replaced it. */
  rescheduledFromId: z.uuid().nullable(),
  rescheduledToId: z.uuid().nullable(),
  /** When and by whom the outcome was recorded; null while scheduled. */
  recordedAt: z.string().nullable(),
  recordedByName: z.string().nullable(),
  ...versionFields,
});
export type TVisit = z.infer<typeof ZVisit>;

export const ZVisitList = z.object({ visits: z.array(ZVisit) });
export type TVisitList = z.infer<typeof ZVisitList>;

/** Path ids: a malformed one answers 404 like a missing record (the service checks the format). */
export const ZVisitParams = z.object({ visitId: ZRecordIdParam });
export const ZClinicParams = z.object({ clinicId: ZRecordIdParam });
export const ZClinicDayQuery = z.object({ date: ZVisitDate });

/** One row of the sign-in sheet: the visit, whether the patient came, the version shown. */
export const ZSignInRow = z.object({
  visitId: z.uuid(),
  outcome: z.enum(SIGN_IN_OUTCOMES),
  version: z.number().int().min(1),
});

/**
 * The day's sign-in sheet in one save: every row is recorded, or none is (a refused save lists
 * each row at fault in `details`, `entries[i]`).
 */
export const ZSignInSheetRequest = z.object({
  date: ZVisitDate,
  entries: z
    .array(ZSignInRow)
    .min(1, VISIT_MESSAGES.noRows)
    .max(MAX_SIGN_IN_ROWS, VISIT_MESSAGES.tooManyRows),
});
export type TSignInSheetRequest = z.input<typeof ZSignInSheetRequest>;
