import { z } from 'zod';
import { CASE_REQUEST_KINDS } from '../requests/case-request-constants.ts';
import { CASE_REQUEST_TEXTS } from '../requests/case-request-texts.ts';
import { ZVersion } from '../versioning/versioning.ts';
import { BULK_MAX_PATIENTS, BULK_OUTCOMES, BULK_TEXTS } from './bulk-texts.ts';
import { ZTreatmentStatus } from './patient.schemas.ts';

export {
  BULK_MAX_PATIENTS,
  BULK_OUTCOMES,
  BULK_TEXTS,
  PATIENT_PAGE_SIZE_CHOICES,
  type BulkOutcome,
} from './bulk-texts.ts';

/**
 * Work across patients (docs/architecture/work-across-patients.md): the bodies and answers of
 * the bulk routes under /api/patients/bulk. Each takes 1 to BULK_MAX_PATIENTS distinct patient
 * ids; an action answers one result per patient, in the order asked.
 */
const distinct = (ids: readonly string[]) => new Set(ids).size === ids.length;

export const ZBulkPatientIds = z
  .array(z.uuid())
  .min(1, BULK_TEXTS.noneChosen)
  .max(BULK_MAX_PATIENTS, BULK_TEXTS.tooMany)
  .refine(distinct, BULK_TEXTS.duplicate);

/** POST /patients/bulk/status: one status for every patient, each from the version listed. */
export const ZBulkStatusRequest = z
  .object({
    treatmentStatus: ZTreatmentStatus,
    patients: z
      .array(z.object({ id: z.uuid(), version: ZVersion }).strict())
      .min(1, BULK_TEXTS.noneChosen)
      .max(BULK_MAX_PATIENTS, BULK_TEXTS.tooMany)
      .refine((items) => distinct(items.map((item) => item.id)), BULK_TEXTS.duplicate),
  })
  .strict();
export type TBulkStatusRequest = z.infer<typeof ZBulkStatusRequest>;

const ZOutcome = z.enum(BULK_OUTCOMES);

/** One patient's result: always its id as asked, and why, when it was not done. */
const resultBase = {
  patientId: z.string(),
  outcome: ZOutcome,
  /** Null for a patient not found (nothing is said of a patient the actor may not see). */
  patientName: z.string().nullable(),
  /** Why it was not done, fit to show; null when done. */
  message: z.string().nullable(),
};

export const ZBulkStatusResult = z.object({
  ...resultBase,
  /** The patient's status and version now (after the change, or as someone else left it). */
  current: z
    .object({
      treatmentStatus: ZTreatmentStatus,
      version: ZVersion,
      updatedByName: z.string().nullable(),
    })
    .nullable(),
  /** The change's undo window, as a single change answers it; null when nothing changed. */
  undo: z.object({ changeId: z.uuid(), until: z.string() }).nullable(),
});
export type TBulkStatusResult = z.infer<typeof ZBulkStatusResult>;

/** The answer of a bulk action: one result per patient, and how many were done. */
const bulkAnswer = <T extends z.ZodType>(result: T) =>
  z.object({ results: z.array(result), done: z.number().int(), notDone: z.number().int() });

export const ZBulkStatusAnswer = bulkAnswer(ZBulkStatusResult);
export type TBulkStatusAnswer = z.infer<typeof ZBulkStatusAnswer>;

/**
 * POST /patients/bulk/requests: the same request of each patient's clinics (one request per
 * clinic of the patient), through the records requests' own service.
 */
export const ZBulkCaseRequest = z
  .object({
    patientIds: ZBulkPatientIds,
    kind: z.enum(CASE_REQUEST_KINDS, { message: CASE_REQUEST_TEXTS.kindRequired }),
    /** Absent or blank: the requests' default due date. */
    dueOn: z
      .union([z.literal(''), z.iso.date({ message: CASE_REQUEST_TEXTS.dueOnInvalid })], {
        message: CASE_REQUEST_TEXTS.dueOnInvalid,
      })
      .nullish()
      .transform((value) => (value ? value : null)),
    note: z
      .string()
      .trim()
      .max(2000, CASE_REQUEST_TEXTS.noteTooLong)
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .strict();
export type TBulkCaseRequest = z.input<typeof ZBulkCaseRequest>;
export type TBulkCaseRequestParsed = z.output<typeof ZBulkCaseRequest>;

export const ZBulkCaseRequestResult = z.object({
  ...resultBase,
  /** The requests made, one per clinic of the patient. */
  requests: z.array(z.object({ id: z.uuid(), clinicId: z.uuid(), clinicName: z.string() })),
});
export type TBulkCaseRequestResult = z.infer<typeof ZBulkCaseRequestResult>;

export const ZBulkCaseRequestAnswer = bulkAnswer(ZBulkCaseRequestResult);
export type TBulkCaseRequestAnswer = z.infer<typeof ZBulkCaseRequestAnswer>;

/**
 * POST /patients/bulk/case-update-asks: a clinic's or lienholder's ask of each chosen patient's
 * firm for a case update, through the case updates' own service.
 */
export const ZBulkCaseUpdateAsk = z.object({ patientIds: ZBulkPatientIds }).strict();
export type TBulkCaseUpdateAsk = z.infer<typeof ZBulkCaseUpdateAsk>;

export const ZBulkCaseUpdateAskResult = z.object(resultBase);
export type TBulkCaseUpdateAskResult = z.infer<typeof ZBulkCaseUpdateAskResult>;

export const ZBulkCaseUpdateAskAnswer = bulkAnswer(ZBulkCaseUpdateAskResult);
export type TBulkCaseUpdateAskAnswer = z.infer<typeof ZBulkCaseUpdateAskAnswer>;

/** POST /patients/bulk/export: the chosen patients' rows as CSV (audited as a read). */
export const ZBulkExportRequest = z.object({ patientIds: ZBulkPatientIds }).strict();
export type TBulkExportRequest = z.infer<typeof ZBulkExportRequest>;
