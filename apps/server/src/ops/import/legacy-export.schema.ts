import { z } from 'zod';
import { CPT_CODE_PATTERN } from '@casebridge/domain/billing/billing.schemas';
import { DOCUMENT_CATEGORIES, NOTIFICATION_TYPES } from '@casebridge/domain/constants';
import { getLatestTodayIsoDate } from '@casebridge/domain/patients/patient.schemas';
import {
  DEFAULT_TREATMENT_STATUS,
  TREATMENT_STATUSES,
} from '@casebridge/domain/patients/treatment-status';
import { ROLES } from '@casebridge/domain/roles';
import { TEMPLATE_TYPES } from '@casebridge/domain/templates/template.schemas';

/**
 * The accepted shape of an export of the old system's document database (spec section 3), in
 * one place. Lenient where the old system was (older field names beside the newer ones,
 * timestamps as ISO text, epoch numbers or the database's `{ seconds, nanoseconds }` objects,
 * documents as an array or as a map keyed by document id, subcollections nested in their
 * patient), strict where the data would be wrong in CaseBridge (no date of birth, a date that
 * does not exist, a CPT code CaseBridge refuses, an unknown role or status).
 */

/** The collections of the export in the order they are imported (references point backwards). */
export const LEGACY_COLLECTIONS = [
  'clinics',
  'attorneyFirms',
  'lienholders',
  'users',
  'messageTemplates',
  'patients',
  'patients/billingEntries',
  'patients/messages',
  'documents',
  'notifications',
  'auditLogs',
] as const;
export type LegacyCollection = (typeof LEGACY_COLLECTIONS)[number];

const TOP_LEVEL_COLLECTIONS = LEGACY_COLLECTIONS.filter(
  (name): name is Exclude<LegacyCollection, `patients/${string}`> => !name.includes('/'),
);

/**
 * One source document: its id in the old database and its fields as exported; `data` is null
 * when the member was not an object at all.
 */
export type LegacyDocument = { sourceId: string | null; data: Record<string, unknown> | null };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The key some export tools put a document's subcollections under. */
const SUBCOLLECTIONS_KEY = '__collections__';

const idOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

/**
 * A collection as an array of documents (each naming its `id`) or as a map of document id to
 * document. A member that is not an object is kept, to be skipped with a reason.
 */
const ZCollection = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
    error: 'must be a list of documents or a map of document id to document',
  })
  .transform((value): LegacyDocument[] =>
    Array.isArray(value)
      ? value.map((item) =>
          isObject(item) ? { sourceId: idOf(item.id), data: item } : { sourceId: null, data: null },
        )
      : Object.entries(value).map(([key, item]) => ({
          sourceId: key,
          data: isObject(item) ? item : null,
        })),
  );

export type LegacyExport = Record<
  Exclude<LegacyCollection, `patients/${string}`>,
  LegacyDocument[]
>;

/**
 * The top level: an object whose keys are the collections (directly or under `__collections__`).
 * At least one known collection must be present; an unknown key is reported, not imported.
 */
export const ZLegacyExport = z
  .record(z.string(), z.unknown(), { error: 'the export must be a JSON object of collections' })
  .transform((value) => (isObject(value[SUBCOLLECTIONS_KEY]) ? value[SUBCOLLECTIONS_KEY] : value))
  .pipe(
    z
      .object(
        Object.fromEntries(
          TOP_LEVEL_COLLECTIONS.map((name) => [name, ZCollection.optional()]),
        ) as Record<(typeof TOP_LEVEL_COLLECTIONS)[number], z.ZodOptional<typeof ZCollection>>,
      )
      .catchall(z.unknown()),
  )
  .superRefine((value, ctx) => {
    if (!TOP_LEVEL_COLLECTIONS.some((name) => value[name] !== undefined))
      ctx.addIssue({
        code: 'custom',
        message: `no known collection (expected one of ${TOP_LEVEL_COLLECTIONS.join(', ')})`,
      });
  })
  .transform((value) => {
    const collections = Object.fromEntries(
      TOP_LEVEL_COLLECTIONS.map((name) => [name, value[name] ?? []]),
    ) as LegacyExport;
    const unknownKeys = Object.keys(value).filter(
      (key) => !(TOP_LEVEL_COLLECTIONS as readonly string[]).includes(key),
    );
    return { collections, unknownKeys };
  });

/** A patient's subcollection, nested in the patient directly or under `__collections__`. */
export function readSubcollection(
  patient: Record<string, unknown>,
  name: 'billingEntries' | 'messages',
): LegacyDocument[] | string {
  const nested = isObject(patient[SUBCOLLECTIONS_KEY]) ? patient[SUBCOLLECTIONS_KEY] : {};
  const value = patient[name] ?? nested[name];
  if (value === undefined || value === null) return [];
  const parsed = ZCollection.safeParse(value);
  return parsed.success ? parsed.data : `${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
}

// ---- Values --------------------------------------------------------------------------------

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const MISSING = 'missing required field';
const INVALID_DATE = 'invalid date';

/**
 * An instant: ISO text, epoch milliseconds (or seconds, when too small to be milliseconds), a
 * `{ seconds | _seconds, nanoseconds | _nanoseconds }` timestamp, or the same wrapped as
 * `{ __datatype__: 'timestamp', value }` by export tools. Null when it is none of these.
 */
export function toInstant(value: unknown): Date | null {
  if (isObject(value)) {
    // The database's own field names, underscores and all.
    const field = (name: string) => value[name];
    if (field('__datatype__') === 'timestamp') return toInstant(value.value);
    const seconds = value.seconds ?? field('_seconds');
    const nanos = value.nanoseconds ?? field('_nanoseconds') ?? 0;
    if (typeof seconds !== 'number' || typeof nanos !== 'number') return null;
    return validDate(new Date(seconds * 1000 + Math.floor(nanos / 1e6)));
  }
  if (typeof value === 'number')
    return validDate(new Date(Math.abs(value) < 1e11 ? value * 1000 : value));
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text))
    return toDateOnly(text) ? new Date(`${text}T00:00:00Z`) : null;
  // An ISO instant; anything else (locale text, '2023-13-45T…') is refused, not guessed at.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text))
    return null;
  const date = validDate(new Date(text));
  return date && toDateOnly(text.slice(0, 10)) ? date : null;
}

const validDate = (date: Date) => (Number.isNaN(date.getTime()) ? null : date);

/**
 * A calendar date as `YYYY-MM-DD`: that text itself (a real day), `MM/DD/YYYY`, the date part of
 * an ISO instant, or a timestamp's UTC day. Null when it is none of these or not a real day.
 */
export function toDateOnly(value: unknown): string | null {
  if (typeof value === 'string') {
    const text = value.trim();
    const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
    const iso = us
      ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`
      : /^\d{4}-\d{2}-\d{2}$/.test(text)
        ? text
        : null;
    if (iso) {
      const date = new Date(`${iso}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
    }
  }
  const instant = typeof value === 'string' && value.trim().length <= 10 ? null : toInstant(value);
  return instant ? instant.toISOString().slice(0, 10) : null;
}

const requiredText = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (isBlank(value) || (typeof value !== 'string' && typeof value !== 'number')) {
      ctx.addIssue({ code: 'custom', message: isBlank(value) ? MISSING : 'must be text' });
      return z.NEVER;
    }
    return String(value).trim();
  });

const optionalText = z
  .unknown()
  .optional()
  .transform((value) =>
    isBlank(value) || (typeof value !== 'string' && typeof value !== 'number')
      ? null
      : String(value).trim(),
  );

function dateField(kind: 'day' | 'instant', required: boolean) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) {
        if (required) ctx.addIssue({ code: 'custom', message: MISSING });
        return required ? z.NEVER : null;
      }
      const parsed = kind === 'day' ? toDateOnly(value) : toInstant(value);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: INVALID_DATE });
        return z.NEVER;
      }
      return parsed;
    });
}

const requiredDay = dateField('day', true) as z.ZodType<string, unknown>;
const optionalDay = dateField('day', false) as z.ZodType<string | null, unknown>;
const requiredInstant = dateField('instant', true) as z.ZodType<Date, unknown>;
const optionalInstant = dateField('instant', false) as z.ZodType<Date | null, unknown>;

const flag = (fallback: boolean) =>
  z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'boolean' ? value : fallback));

/** A list of ids, or one id where the old data stored a single value. */
const idList = z
  .unknown()
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : isBlank(value) ? [] : [value])
      .map(idOf)
      .filter((id): id is string => id !== null),
  );

const textList = z
  .unknown()
  .optional()
  .transform((value) =>
    Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      : typeof value === 'string' && value.trim() !== ''
        ? value.split(',').map((item) => item.trim())
        : null,
  );

/** One of `values`, matched without regard to case or surrounding spaces. */
function oneOf<const T extends readonly string[]>(values: T, label: string, fallback?: T[number]) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): T[number] => {
      if (isBlank(value)) {
        if (fallback !== undefined) return fallback;
        ctx.addIssue({ code: 'custom', message: MISSING });
        return z.NEVER;
      }
      const text = String(value).trim().toLowerCase();
      const match = values.find((candidate) => candidate.toLowerCase() === text);
      if (match === undefined) {
        ctx.addIssue({ code: 'custom', message: `unknown ${label} '${String(value)}'` });
        return z.NEVER;
      }
      return match;
    });
}

/**
 * A `MM/DD/YYYY` day whose two first parts could both be a month (`03/12/1984`): how it was
 * read, for the report. Null for any other text, or when the reading is the only one.
 */
export function describeDayReading(field: string, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!us) return null;
  const [, month, day] = us.map(Number) as [number, number, number];
  if (month === day || month > 12 || day > 12) return null;
  const iso = toDateOnly(value);
  if (!iso) return null;
  return (
    `${field} '${value.trim()}' read as month/day/year: ${iso} ` +
    `(day/month/year would be ${us[3]}-${us[2]!.padStart(2, '0')}-${us[1]!.padStart(2, '0')})`
  );
}

/**
 * A record schema whose value also lists the ambiguous days it read (`describeDayReading`), which
 * only the source text shows.
 */
function withDayReadings<T extends object>(schema: z.ZodType<T, unknown>, fields: string[]) {
  return z.unknown().transform((raw, ctx): T & { dayReadings: string[] } => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    const source = isObject(raw) ? raw : {};
    const dayReadings = fields
      .map((field) => describeDayReading(field, source[field]))
      .filter((reading): reading is string => reading !== null);
    return { ...parsed.data, dayReadings };
  });
}

/**
 * A treatment status matched as `oneOf` does, except that one CaseBridge does not have becomes
 * the default status ('Referred', the one a new case starts in and a person reviews), named in
 * `unknown` for the report, rather than costing the patient.
 */
const lenientTreatmentStatus = z
  .unknown()
  .optional()
  .transform((value) => {
    if (isBlank(value)) return { status: DEFAULT_TREATMENT_STATUS, unknown: null };
    const text = String(value).trim().toLowerCase();
    const match = TREATMENT_STATUSES.find((status) => status.toLowerCase() === text);
    return match
      ? { status: match, unknown: null }
      : { status: DEFAULT_TREATMENT_STATUS, unknown: String(value) };
  });

// ---- Records -------------------------------------------------------------------------------

/** A clinic, firm or lienholder; each kind's own fields are kept for that kind only. */
export const ZLegacyOrganization = z.object({
  name: requiredText,
  address: optionalText,
  phone: optionalText,
  email: optionalText,
  description: optionalText,
  specialties: textList,
  practice_areas: textList,
  type: optionalText,
});
export type TLegacyOrganization = z.infer<typeof ZLegacyOrganization>;

export const ZLegacyUser = z
  .object({
    id: optionalText,
    email: z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
        if (text === '') ctx.addIssue({ code: 'custom', message: MISSING });
        else if (!z.email().safeParse(text).success)
          ctx.addIssue({ code: 'custom', message: 'invalid e-mail address' });
        return text;
      }),
    displayName: optionalText,
    display_name: optionalText,
    role: oneOf(ROLES, 'role'),
    associated_clinic_id: optionalText,
    associated_firm_id: optionalText,
    associated_lienholder_id: optionalText,
    created_at: optionalInstant,
    createdAt: optionalInstant,
    createdByName: optionalText,
    active: flag(true),
  })
  .transform((user) => ({
    legacyId: user.id,
    email: user.email,
    // The newer field first; an account with neither is named by its e-mail's local part.
    name: user.displayName ?? user.display_name ?? user.email.split('@')[0]!,
    role: user.role,
    organizationRef:
      user.role === 'clinic'
        ? user.associated_clinic_id
        : user.role === 'attorney'
          ? user.associated_firm_id
          : user.role === 'lienholder'
            ? user.associated_lienholder_id
            : null,
    createdAt: user.created_at ?? user.createdAt,
    createdByName: user.createdByName,
    active: user.active,
  }));
export type TLegacyUser = z.infer<typeof ZLegacyUser>;

const PATIENT_DAY_FIELDS = ['dob', 'intake_date', 'eval_date', 'last_treatment_date'];

const ZLegacyPatientFields = z
  .object({
    full_name: requiredText,
    dob: requiredDay,
    intake_date: optionalDay,
    eval_date: optionalDay,
    last_treatment_date: optionalDay,
    treatment_status: lenientTreatmentStatus,
    associated_clinic_ids: idList,
    /** Not in the specification's entity: accepted when an export carries lienholder links. */
    associated_lienholder_ids: idList,
    firm_id: optionalText,
    associated_contact_id: optionalText,
    point_of_contact_name: optionalText,
    point_of_contact_phone: optionalText,
    createdAt: optionalInstant,
    created_at: optionalInstant,
    updated_at: optionalInstant,
  })
  .transform((patient) => ({
    fullName: patient.full_name,
    dob: patient.dob,
    intakeDate: patient.intake_date,
    evalDate: patient.eval_date,
    lastTreatmentDate: patient.last_treatment_date,
    treatmentStatus: patient.treatment_status.status,
    /** What the import assumed or could not keep about the record, for the report. */
    warnings: [
      ...(patient.treatment_status.unknown === null
        ? []
        : [
            `unknown treatment status '${patient.treatment_status.unknown}': imported as ` +
              `'${DEFAULT_TREATMENT_STATUS}' for review`,
          ]),
      // NOTE: dob is required in CaseBridge, so a future one is kept (and flagged) rather than
      // dropped; CaseBridge's own form refuses it until someone corrects it.
      ...(patient.dob > getLatestTodayIsoDate()
        ? [`date of birth ${patient.dob} is in the future: imported as it is, correct it`]
        : []),
    ],
    clinicRefs: [...new Set(patient.associated_clinic_ids)],
    lienholderRefs: [...new Set(patient.associated_lienholder_ids)],
    firmRef: patient.firm_id,
    contactRef: patient.associated_contact_id,
    pointOfContactName: patient.point_of_contact_name,
    pointOfContactPhone: patient.point_of_contact_phone,
    createdAt: patient.createdAt ?? patient.created_at,
    updatedAt: patient.updated_at,
  }));
export const ZLegacyPatient = withDayReadings(ZLegacyPatientFields, PATIENT_DAY_FIELDS);
export type TLegacyPatient = z.infer<typeof ZLegacyPatient>;

/** Dollars as a number or as text such as '$1,250.00', to whole cents; never negative. */
const amountInCents = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: MISSING });
      return z.NEVER;
    }
    const dollars =
      typeof value === 'number'
        ? value
        : Number(String(value).replace(/[$,\s]/g, '') || Number.NaN);
    if (!Number.isFinite(dollars) || dollars < 0) {
      ctx.addIssue({ code: 'custom', message: 'invalid amount' });
      return z.NEVER;
    }
    return Math.round(dollars * 100);
  });

const ZLegacyBillingEntryFields = z
  .object({
    cpt_code: requiredText.pipe(
      z.string().transform((code, ctx) => {
        const upper = code.toUpperCase();
        if (!CPT_CODE_PATTERN.test(upper)) {
          ctx.addIssue({ code: 'custom', message: 'invalid CPT code' });
          return z.NEVER;
        }
        return upper;
      }),
    ),
    session_count: z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (isBlank(value)) {
          ctx.addIssue({ code: 'custom', message: MISSING });
          return z.NEVER;
        }
        const count = Number(value);
        if (!Number.isInteger(count) || count < 1 || count > 10_000) {
          ctx.addIssue({ code: 'custom', message: 'invalid session count' });
          return z.NEVER;
        }
        return count;
      }),
    billed_amount: amountInCents,
    date: requiredDay,
    clinic_id: optionalText,
    created_by: optionalText,
    created_at: optionalInstant,
  })
  .transform((entry) => ({
    cptCode: entry.cpt_code,
    sessionCount: entry.session_count,
    billedAmountCents: entry.billed_amount,
    date: entry.date,
    clinicRef: entry.clinic_id,
    createdByRef: entry.created_by,
    createdAt: entry.created_at,
  }));
export const ZLegacyBillingEntry = withDayReadings(ZLegacyBillingEntryFields, ['date']);
export type TLegacyBillingEntry = z.infer<typeof ZLegacyBillingEntry>;

export const ZLegacyMessage = z
  .object({
    sender_id: optionalText,
    sender_user_id: optionalText,
    sender_name: optionalText,
    sender_role: optionalText,
    body: optionalText,
    content: optionalText,
    template_id: optionalText,
    notify_by_email: flag(false),
    read_by: idList,
    created_at: optionalInstant,
    sent_at: optionalInstant,
    attachment_url: optionalText,
    attachment_name: optionalText,
  })
  .superRefine((message, ctx) => {
    if (message.body === null && message.content === null)
      ctx.addIssue({ code: 'custom', message: MISSING, path: ['body'] });
    if (message.created_at === null && message.sent_at === null)
      ctx.addIssue({ code: 'custom', message: MISSING, path: ['created_at'] });
  })
  .transform((message) => ({
    senderRef: message.sender_id ?? message.sender_user_id,
    senderName: message.sender_name,
    senderRole: ROLES.find((role) => role === message.sender_role?.toLowerCase()) ?? null,
    body: (message.body ?? message.content)!,
    templateRef: message.template_id,
    notifyByEmail: message.notify_by_email,
    readByRefs: [...new Set(message.read_by)],
    createdAt: (message.created_at ?? message.sent_at)!,
    attachmentUrl: message.attachment_url,
    attachmentName: message.attachment_name,
  }));
export type TLegacyMessage = z.infer<typeof ZLegacyMessage>;

export const ZLegacyDocument = z
  .object({
    patient_id: requiredText,
    file_name: requiredText,
    file_url: optionalText,
    category: oneOf(DOCUMENT_CATEGORIES, 'category', 'Intake'),
    uploaded_by_user_id: optionalText,
    created_at: optionalInstant,
    /** Not in the old database: an export may carry the file itself, base64-encoded. */
    file_content_base64: optionalText,
  })
  .transform((document) => ({
    patientRef: document.patient_id,
    fileName: document.file_name,
    category: document.category,
    uploadedByRef: document.uploaded_by_user_id,
    createdAt: document.created_at,
    contentBase64: document.file_content_base64,
  }));
export type TLegacyDocument = z.infer<typeof ZLegacyDocument>;

/** Both notification shapes of spec section 3: per user, or addressed to an organisation. */
export const ZLegacyNotification = z
  .object({
    recipient_user_id: optionalText,
    to_entity_id: optionalText,
    patient_id: optionalText,
    type: oneOf(NOTIFICATION_TYPES, 'notification type'),
    content: optionalText,
    message: optionalText,
    is_read: z.unknown().optional(),
    read: z.unknown().optional(),
    link_to: optionalText,
    from_user_id: optionalText,
    from_role: optionalText,
    created_at: requiredInstant,
  })
  .superRefine((notification, ctx) => {
    if (notification.content === null && notification.message === null)
      ctx.addIssue({ code: 'custom', message: MISSING, path: ['content'] });
    if (notification.recipient_user_id === null && notification.to_entity_id === null)
      ctx.addIssue({ code: 'custom', message: MISSING, path: ['recipient_user_id'] });
  })
  .transform((notification) => ({
    recipientRef: notification.recipient_user_id,
    organizationRef: notification.recipient_user_id === null ? notification.to_entity_id : null,
    patientRef: notification.patient_id,
    type: notification.type,
    content: (notification.content ?? notification.message)!,
    isRead: notification.is_read === true || notification.read === true,
    linkTo: notification.link_to,
    fromUserRef: notification.from_user_id,
    fromRole: ROLES.find((role) => role === notification.from_role?.toLowerCase()) ?? null,
    createdAt: notification.created_at,
  }));
export type TLegacyNotification = z.infer<typeof ZLegacyNotification>;

export const ZLegacyTemplate = z
  .object({
    title: requiredText,
    body: requiredText,
    template_type: oneOf(TEMPLATE_TYPES, 'template type', 'message'),
    subject: optionalText,
    createdByName: optionalText,
    createdAt: optionalInstant,
    updatedAt: optionalInstant,
    active: flag(true),
  })
  .superRefine((template, ctx) => {
    if (template.template_type === 'email' && template.subject === null)
      ctx.addIssue({ code: 'custom', message: MISSING, path: ['subject'] });
  })
  .transform((template) => ({
    title: template.title,
    body: template.body,
    templateType: template.template_type,
    subject: template.template_type === 'email' ? template.subject : null,
    createdByName: template.createdByName,
    createdAt: template.createdAt,
    updatedAt: template.updatedAt ?? template.createdAt,
    active: template.active,
  }));
export type TLegacyTemplate = z.infer<typeof ZLegacyTemplate>;

export const ZLegacyAuditLog = z
  .object({
    timestamp: requiredInstant,
    action: requiredText,
    user_name: optionalText,
    user_role: optionalText,
    patient_id: optionalText,
    details: optionalText,
  })
  .transform((entry) => ({
    timestamp: entry.timestamp,
    action: entry.action,
    userName: entry.user_name,
    userRole: ROLES.find((role) => role === entry.user_role?.toLowerCase()) ?? null,
    patientRef: entry.patient_id,
    details: entry.details,
  }));
export type TLegacyAuditLog = z.infer<typeof ZLegacyAuditLog>;

/** A record's problems as skip reasons: 'missing required field: dob', 'invalid date: dob'. */
export function describeIssues(error: z.ZodError): string {
  return [
    ...new Set(
      error.issues.map((issue) =>
        issue.path.length > 0 ? `${issue.message}: ${issue.path.join('.')}` : issue.message,
      ),
    ),
  ].join('; ');
}
