import { z } from 'zod';
import { ZErrorBody } from '../errors.ts';
import {
  cursorPage,
  cursorQuery,
  optionalText,
  requiredText,
  updatedSinceQuery,
} from '../common.schemas.ts';
import { CASE_STAGES } from '../case-facts/case-facts-constants.ts';
import { CLINIC_DASHBOARD_PAGE_SIZE } from '../constants.ts';
import { CLOSED_CASE_FILTERS } from '../closing/closing-constants.ts';
import { versionFields, versionInput, ZVersion } from '../versioning/versioning.ts';
import { PATIENT_MESSAGES, PATIENT_SORTS } from './patient-texts.ts';
import { TREATMENT_STATUSES } from './treatment-status.ts';

// The texts and the list's sort keys live apart from the schemas, so that the dashboards can
// show them without zod.
export { PATIENT_MESSAGES, PATIENT_SORTS, type PatientSort } from './patient-texts.ts';

/**
 * How long a status change can be undone. Its notifications to the other parties wait until
 * then, so an undone change notifies nobody (docs/architecture.md, 'Deliberate status changes').
 */
export const STATUS_UNDO_SECONDS = 10;

/**
 * Today's date where the calendar is furthest ahead (UTC+14): a baby born today anywhere is not
 * refused as born in the future, whatever the time zone of the server or the browser.
 */
export function getLatestTodayIsoDate(now: number = Date.now()): string {
  return new Date(now + 14 * 60 * 60_000).toISOString().slice(0, 10);
}

/** Empty: 'Date of birth is required'; not a date, before 1900 or in the future: invalid. */
export const ZDateOfBirth = z
  .string({ message: PATIENT_MESSAGES.dobRequired })
  .trim()
  // abort: an empty value reports only that it is required.
  .min(1, { message: PATIENT_MESSAGES.dobRequired, abort: true })
  .check(z.iso.date({ message: PATIENT_MESSAGES.dobInvalid, abort: true }))
  .refine(
    (value) => value >= '1900-01-01' && value <= getLatestTodayIsoDate(),
    PATIENT_MESSAGES.dobInvalid,
  );

const fullName = requiredText(PATIENT_MESSAGES.nameRequired, 200);

const optionalDate = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.iso.date('Please enter a valid date').nullable());

export const ZOrganizationSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
});
export type TOrganizationSummary = z.infer<typeof ZOrganizationSummary>;

export const ZTreatmentStatus = z.enum(TREATMENT_STATUSES);

/** Add New Patient: the keys are in the order the spec checks them (name, dob, clinic, firm). */
export const ZCreatePatientRequest = z.object({
  fullName,
  dob: ZDateOfBirth,
  clinicIds: z
    .array(z.uuid(), { message: PATIENT_MESSAGES.clinicRequired })
    .min(1, PATIENT_MESSAGES.clinicRequired)
    .max(20),
  firmId: z.uuid({ message: PATIENT_MESSAGES.firmRequired }),
  lienholderIds: z.array(z.uuid()).max(20).default([]),
  intakeDate: optionalDate,
  evalDate: optionalDate,
  lastTreatmentDate: optionalDate,
  pointOfContactName: optionalText(200),
  pointOfContactPhone: optionalText(40),
  /** Create even when a patient the user can see has the same name and date of birth. */
  allowDuplicate: z.boolean().default(false),
});
export type TCreatePatientRequest = z.input<typeof ZCreatePatientRequest>;
export type TCreatePatientParsed = z.output<typeof ZCreatePatientRequest>;

/** A patient the user can see that a new one would duplicate (same name and date of birth). */
export const ZPatientMatch = z.object({ id: z.uuid(), fullName: z.string(), dob: z.string() });
export type TPatientMatch = z.infer<typeof ZPatientMatch>;

/** Add Patient's 409: the error, and the matching patients the user can see. */
export const ZDuplicatePatientBody = ZErrorBody.extend({ duplicates: z.array(ZPatientMatch) });
export type TDuplicatePatientBody = z.infer<typeof ZDuplicatePatientBody>;

/** Demographics edit: full name and date of birth required, the rest optional. */
export const ZUpdateDemographicsRequest = z.object({
  fullName,
  dob: ZDateOfBirth,
  intakeDate: optionalDate,
  evalDate: optionalDate,
  lastTreatmentDate: optionalDate,
  pointOfContactName: optionalText(200),
  pointOfContactPhone: optionalText(40),
  /** Assignments: only an actor allowed to assign organisations may change them. */
  clinicIds: z.array(z.uuid()).min(1, PATIENT_MESSAGES.clinicRequired).max(20).optional(),
  firmId: z
    .preprocess(
      (value) => (value === '' ? null : value),
      z.uuid({ message: PATIENT_MESSAGES.firmRequired }).nullable(),
    )
    .optional(),
  lienholderIds: z.array(z.uuid()).max(20).optional(),
  /** Send patient_edit notifications to the users of the other assigned organisations. */
  notify: z.boolean().default(false),
  ...versionInput,
});
export type TUpdateDemographicsRequest = z.input<typeof ZUpdateDemographicsRequest>;

export const ZUpdateStatusRequest = z.object({
  treatmentStatus: ZTreatmentStatus,
  ...versionInput,
});

export const ZUndoStatusChangeRequest = z.object({ changeId: z.uuid() });

/**
 * Where the legal case stands, on every list row and the patient page: the stage
 * (`case-facts`), and whether the firm owes the patient's clinics and lienholders a case update
 * (docs/architecture/case-updates.md). Optional for older clients' fixtures.
 */
const caseProgressFields = {
  caseStage: z.enum(CASE_STAGES).optional(),
  isUpdateOverdue: z.boolean().optional(),
};

export const ZPatientDetail = z.object({
  id: z.uuid(),
  fullName: z.string(),
  dob: z.string(),
  intakeDate: z.string().nullable(),
  evalDate: z.string().nullable(),
  lastTreatmentDate: z.string().nullable(),
  treatmentStatus: ZTreatmentStatus,
  clinics: z.array(ZOrganizationSummary),
  firm: ZOrganizationSummary.nullable(),
  lienholders: z.array(ZOrganizationSummary),
  pointOfContactName: z.string().nullable(),
  pointOfContactPhone: z.string().nullable(),
  createdAt: z.string(),
  /** Days since the last care while a treatment gap is open, else null. */
  gapDays: z.number().int().nullable().optional(),
  /** The reader's organisation's own id for the patient; null when none is set. */
  externalId: z.string().nullable(),
  ...caseProgressFields,
  ...versionFields,
});
export type TPatientDetail = z.infer<typeof ZPatientDetail>;

export const ZPatientSummary = z.object({
  id: z.uuid(),
  fullName: z.string(),
  dob: z.string(),
  treatmentStatus: ZTreatmentStatus,
  intakeDate: z.string().nullable(),
  lastTreatmentDate: z.string().nullable(),
  clinicNames: z.array(z.string()),
  firmName: z.string().nullable(),
  updatedAt: z.string(),
  /** Days since the last care while a treatment gap is open, else null. */
  gapDays: z.number().int().nullable().optional(),
  /** The reader's organisation's own id for the patient; null when none is set. */
  externalId: z.string().nullable(),
  ...caseProgressFields,
  /** The patient's version: a status change from a list row or a bulk action names it. */
  version: ZVersion,
});
export type TPatientSummary = z.infer<typeof ZPatientSummary>;

/**
 * Where a keyset page starts (docs/decisions/0014): the sort key and id of the row next
 * to it, and whether the page comes after or before that row. Opaque to the client: the server
 * makes it (`encodePatientCursor`) and checks it (`decodePatientCursor`). `updatedAt` is UTC with
 * microseconds, as the database keeps it; `statusKey` is minus the status's position.
 */
const updatedAtKey = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
const cursorBase = { direction: z.enum(['after', 'before']), id: z.uuid() };
export const ZPatientCursor = z.discriminatedUnion('sort', [
  z.object({ sort: z.literal('last_updated'), updatedAt: updatedAtKey, ...cursorBase }),
  z.object({ sort: z.literal('name'), nameKey: z.string().max(400), ...cursorBase }),
  z.object({
    sort: z.literal('status'),
    statusKey: z.number().int().min(-TREATMENT_STATUSES.length).max(-1),
    updatedAt: updatedAtKey,
    ...cursorBase,
  }),
  /** With `updatedSince`: oldest change first, then by id. */
  z.object({ sort: z.literal('changes'), updatedAt: updatedAtKey, ...cursorBase }),
]);
export type TPatientCursor = z.infer<typeof ZPatientCursor>;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** JSON with every non-ASCII character escaped (`\\uXXXX`): one byte per character. */
const toAsciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

function encodeBase64Url(ascii: string): string {
  let out = '';
  for (let index = 0; index < ascii.length; index += 3) {
    const chunk = ascii.slice(index, index + 3);
    const n =
      (chunk.charCodeAt(0) << 16) | ((chunk.charCodeAt(1) || 0) << 8) | (chunk.charCodeAt(2) || 0);
    const digits = [18, 12, 6, 0].map((shift) => BASE64URL[(n >> shift) & 63]);
    out += digits.slice(0, chunk.length + 1).join('');
  }
  return out;
}

function decodeBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  let out = '';
  for (let index = 0; index < text.length; index += 4) {
    const chunk = text.slice(index, index + 4);
    const n = [...chunk.padEnd(4, 'A')].reduce((sum, c) => (sum << 6) | BASE64URL.indexOf(c), 0);
    out += String.fromCharCode((n >> 16) & 255, (n >> 8) & 255, n & 255).slice(0, chunk.length - 1);
  }
  return out;
}

export function encodePatientCursor(cursor: TPatientCursor): string {
  return encodeBase64Url(toAsciiJson(cursor));
}

/** The cursor the text encodes, or null when it is not one this server made. */
export function decodePatientCursor(text: string): TPatientCursor | null {
  const json = decodeBase64Url(text);
  if (json === null) return null;
  try {
    const parsed = ZPatientCursor.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const PATIENT_CURSOR_INVALID =
  'This page link is no longer valid; start from the first page';

/** An organisation's own id for a patient: what its other system calls the patient. */
export const ZExternalId = z
  .string({ message: 'Please enter a reference' })
  .trim()
  .min(1, 'Please enter a reference')
  .max(100, 'A reference is at most 100 characters');

export const ZListPatientsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  status: ZTreatmentStatus.optional(),
  /** The Gaps filter: `open` lists only patients with an open treatment gap. */
  gap: z.enum(['open']).optional(),
  /**
   * Closed cases (legal stage Closed): `active` leaves them out, `all` includes them, `closed`
   * lists only them. Without it, a list leaves them out unless it searches by name.
   */
  closed: z.enum(CLOSED_CASE_FILTERS).optional(),
  /** Ignored with `updatedSince`, which lists the oldest change first. */
  sort: z.enum(PATIENT_SORTS).default('last_updated'),
  /** The patient the reader's organisation knows by this id (a sync client's lookup). */
  externalId: ZExternalId.optional(),
  /** An admin's view of an organisation's external ids (`externalId` of the items and filter). */
  organizationId: z.uuid().optional(),
  ...updatedSinceQuery,
  /** From a previous page's `nextCursor` or `previousCursor`; none for the first page. */
  ...cursorQuery(
    { default: CLINIC_DASHBOARD_PAGE_SIZE },
    z
      .string()
      .max(1200)
      .regex(/^[A-Za-z0-9_-]*$/, PATIENT_CURSOR_INVALID),
  ),
});
export type TListPatientsQuery = z.input<typeof ZListPatientsQuery>;
export type TListPatientsParsed = z.output<typeof ZListPatientsQuery>;

export const ZPatientPage = cursorPage(ZPatientSummary, {
  /** Every patient the list selects, or, for a search with very many matches, a floor. */
  total: z.number().int(),
  /** True when `total` is a floor: the search matched more than the server counts. */
  isTotalCapped: z.boolean(),
  /** The page before this one; null on the first page. */
  previousCursor: z.string().nullable(),
});
export type TPatientPage = z.infer<typeof ZPatientPage>;

/** PUT /patients/:patientId/external-id: the actor's organisation's id for the patient. */
export const ZSetExternalIdRequest = z.object({ externalId: ZExternalId }).strict();
export const ZExternalIdQuery = z.object({
  /** An admin names the organisation whose id it sets or clears. */
  organizationId: z.uuid().optional(),
});
export const ZPatientExternalId = z.object({
  patientId: z.uuid(),
  organizationId: z.uuid(),
  externalId: z.string(),
});
export type TPatientExternalId = z.infer<typeof ZPatientExternalId>;

export const EXTERNAL_ID_MESSAGES = {
  taken: (externalId: string) =>
    `Your organisation already uses the reference "${externalId}" for another patient`,
  organizationRequired: 'organizationId is required: name the organisation whose reference it is',
  noOrganization: 'Only a clinic, law firm or lienholder keeps its own references for patients',
  saved: 'Reference saved',
  cleared: 'Reference cleared',
};

/** Counts per status over every patient the actor may see; dashboards derive their counters. */
export const ZPatientStats = z.object({
  total: z.number().int(),
  byStatus: z.record(ZTreatmentStatus, z.number().int()),
});
export type TPatientStats = z.infer<typeof ZPatientStats>;

/** A status change's answer: the patient, and how to undo the change while its window is open. */
export const ZStatusChanged = z.object({
  patient: ZPatientDetail,
  /** Null when the patient already had the status: nothing changed, nothing to undo. */
  undo: z.object({ changeId: z.uuid(), until: z.string() }).nullable(),
});
export type TStatusChanged = z.infer<typeof ZStatusChanged>;

export const ZDemographicsUpdated = z.object({
  patient: ZPatientDetail,
  notifiedUsers: z.number().int(),
});
