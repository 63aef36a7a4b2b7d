import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccessRequestStatus } from '@casebridge/domain/access-requests/access-request-review.schemas';
import type { MailStatus } from '@casebridge/domain/admin/system-tools.schemas';
import type { DigestFrequency, NotificationType } from '@casebridge/domain/constants';
import type {
  HistoryAction,
  HistoryChanges,
  HistoryRecordType,
} from '@casebridge/domain/history/record-history.schemas';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import type { Role, SignupRole } from '@casebridge/domain/roles';
import { users } from './auth.ts';
import { documents } from './case-records.ts';
import { patients } from './patients.ts';
import { versioned } from './columns.ts';

/** One per-user shape for every notification (docs/architecture.md D5). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientUserId: text('recipient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    content: text('content').notNull(),
    linkTo: text('link_to'),
    isRead: boolean('is_read').notNull().default(false),
    fromUserId: text('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromRole: text('from_role').$type<Role>(),
    /** The document a document notification is about: it is shown only while the document is. */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notifications_type_check',
      sql`${t.type} in ('message', 'document', 'status_update', 'document_upload', 'message_sent', 'patient_edit', 'access_request', 'access_granted', 'case_request', 'request_overdue', 'treatment_gap', 'reduction', 'payment', 'referral', 'visit_no_show')`,
    ),
    // The bell and the Notification Center page by keyset on (created_at, id).
    index('notifications_recipient_created_id_idx').on(
      t.recipientUserId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('notifications_recipient_unread_idx')
      .on(t.recipientUserId)
      .where(sql`${t.isRead} = false`),
    index('notifications_document_idx')
      .on(t.documentId)
      .where(sql`${t.documentId} is not null`),
  ],
);

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationEmail: text('notification_email'),
    digestFrequency: text('digest_frequency').$type<DigestFrequency>().notNull().default('Daily'),
    notifyOnStatusChange: boolean('notify_on_status_change').notNull().default(true),
    notifyOnDocumentUpload: boolean('notify_on_document_upload').notNull().default(true),
    notifyOnMessageReceived: boolean('notify_on_message_received').notNull().default(true),
    /** Records and bills requests (new, answered, overdue reminders). */
    notifyOnCaseRequests: boolean('notify_on_case_requests').notNull().default(true),
    /** Treatment-gap alerts. */
    notifyOnTreatmentGaps: boolean('notify_on_treatment_gaps').notNull().default(true),
    /** Reduction offers and answers, and lien payments. */
    notifyOnLienActivity: boolean('notify_on_lien_activity').notNull().default(true),
    /** Missed visits (no-shows) of the firm's patients. */
    notifyOnVisits: boolean('notify_on_visits').notNull().default(true),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_preferences_digest_check',
      sql`${t.digestFrequency} in ('None', 'Daily', 'Weekly')`,
    ),
  ],
);

/**
 * A new notification e-mail address waiting for its owner to open the confirmation link sent to
 * it; mail goes to the address only once confirmed. Only the hash of the token is stored.
 */
export const notificationEmailConfirmations = pgTable(
  'notification_email_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_email_confirmations_user_idx').on(t.userId)],
);

/**
 * Emergency and temporary access: an admin lets one named user see one patient outside their
 * scope until `expiresAt`, for a stated reason. Patient scope includes a grant while it is neither
 * expired nor revoked (modules/patients/patient-scope.ts).
 */
export const accessGrants = pgTable(
  'access_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    grantedBy: text('granted_by').notNull(),
    grantedByName: text('granted_by_name').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
    revokedByName: text('revoked_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('access_grants_user_idx').on(t.userId, t.expiresAt),
    index('access_grants_patient_idx').on(t.patientId, t.expiresAt),
  ],
);

/** Audit trail of PHI reads and every change (docs/architecture.md, 'Audit'). Append-only. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    userId: text('user_id'),
    userName: text('user_name'),
    userRole: text('user_role').$type<Role>(),
    action: text('action').notNull(),
    patientId: uuid('patient_id'),
    details: text('details'),
    ip: text('ip'),
    /**
     * The hash chain (docs/architecture/audit.md): a hash of the previous row's hash and this
     * row's content, so a changed, removed or inserted row breaks every link after it.
     */
    previousHash: text('previous_hash'),
    hash: text('hash'),
    /**
     * How `hash` was made (modules/audit/audit-hash.ts): 1, SHA-256, for rows written before
     * migration 0023; 2, HMAC-SHA-256 under the audit key whose id is `hashKeyId`. The default
     * is for the old rows: every append sets 2, and verify refuses a 1 after a 2.
     */
    hashVersion: smallint('hash_version').notNull().default(1),
    hashKeyId: text('hash_key_id'),
  },
  (t) => [
    // The Audit Logs tab pages by keyset on (timestamp, id): each index ends in the
    // id, so a page is read in order from the index without sorting, however deep it is.
    index('audit_logs_timestamp_id_idx').on(t.timestamp.desc(), t.id.desc()),
    index('audit_logs_patient_timestamp_id_idx').on(t.patientId, t.timestamp.desc(), t.id.desc()),
    index('audit_logs_user_idx').on(t.userId, t.timestamp.desc()),
    index('audit_logs_action_timestamp_id_idx').on(t.action, t.timestamp.desc(), t.id.desc()),
    check(
      'audit_logs_hash_key_check',
      sql`(${t.hashVersion} = 1 and ${t.hashKeyId} is null) or (${t.hashVersion} = 2 and ${t.hashKeyId} is not null)`,
    ),
  ],
);

/** Application settings: exactly one row (id = true). */
export const settings = pgTable(
  'settings',
  {
    id: boolean('id').primaryKey().default(true),
    maxUploadMb: integer('max_upload_mb').notNull().default(10),
    sessionTimeoutMinutes: integer('session_timeout_minutes').notNull().default(60),
    allowClinicPatientCreation: boolean('allow_clinic_patient_creation').notNull().default(true),
    requireUserApproval: boolean('require_user_approval').notNull().default(false),
    emailNotificationsEnabled: boolean('email_notifications_enabled').notNull().default(true),
    smsNotificationsEnabled: boolean('sms_notifications_enabled').notNull().default(false),
    detailedEmailContent: boolean('detailed_email_content').notNull().default(false),
    /** The roles that must sign in with a second factor ('Require MFA'); all roles = everyone. */
    requireMfaRoles: text('require_mfa_roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...versioned(),
  },
  (t) => [
    check('settings_singleton_check', sql`${t.id}`),
    check('settings_upload_check', sql`${t.maxUploadMb} between 1 and 100`),
    check('settings_timeout_check', sql`${t.sessionTimeoutMinutes} between 15 and 480`),
  ],
);

export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    organization: text('organization').notNull(),
    phone: text('phone').notNull(),
    role: text('role').$type<SignupRole>().notNull(),
    status: text('status').$type<AccessRequestStatus>().notNull().default('pending'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdUserId: text('created_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'access_requests_role_check',
      sql`${t.role} in ('clinic', 'attorney', 'lienholder', 'admin', 'other')`,
    ),
    check('access_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('access_requests_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** Durable e-mail outbox, drained by a background worker (docs/architecture.md D6). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** While status is 'sending': the claiming worker's lease; after it, another may retry. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /**
     * The record the mail is about, where one is: the message of a message notification (its
     * unsent mails lose their text when it is retracted), the user of an invitation (the user
     * list shows its delivery).
     */
    subjectId: text('subject_id'),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    index('mail_outbox_subject_idx').on(t.kind, t.subjectId, t.createdAt.desc()),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_claimed_idx')
      .on(t.claimedUntil)
      .where(sql`${t.status} = 'sending'`),
    // The admin's outbox list pages by keyset on (created_at, id).
    index('mail_outbox_created_id_idx').on(t.createdAt.desc(), t.id.desc()),
    // Every metrics scrape counts the mail not yet sent: the few rows, not the whole history.
    index('mail_outbox_unsent_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} <> 'sent'`),
  ],
);

/** Transactional outbox of live events (docs/architecture.md, 'Live events'). */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    patientId: uuid('patient_id'),
    /** When set, only these users receive the event (e.g. their own notifications). */
    recipientUserIds: text('recipient_user_ids').array(),
    /** When true, only administrators receive the event. */
    adminOnly: boolean('admin_only').notNull().default(false),
    payload: jsonb('payload').notNull().default({}),
    /**
     * The browser write that published it (`<tab>.<n>`, lib/request-context.ts) and its user: the
     * origin goes only to that user's streams, so the tab knows its own change.
     */
    origin: text('origin'),
    originUserId: text('origin_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_created_idx').on(t.createdAt)],
);

/** A scratch table the admin health check writes, reads and deletes. */
export const healthChecks = pgTable('health_checks', {
  id: uuid('id').primaryKey().defaultRandom(),
  note: text('note').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The history of corrections (docs/architecture.md, 'Corrections'): one row per change of a
 * correctable record — a billing line edited or voided, a document re-categorised or removed, a
 * message edited or retracted — with the values before and after, who made it and the reason.
 * Append-only; the audit log says that it happened, this table what it changed.
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recordType: text('record_type').$type<HistoryRecordType>().notNull(),
    recordId: uuid('record_id').notNull(),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    /** The version the change produced. */
    version: integer('version').notNull(),
    action: text('action').$type<HistoryAction>().notNull(),
    /** Field name → { from, to } for the fields the change touched. */
    changes: jsonb('changes').$type<HistoryChanges>().notNull(),
    reason: text('reason'),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').$type<Role>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_history_record_idx').on(t.recordType, t.recordId, t.id)],
);

/**
 * A status change whose notifications wait for its undo window (docs/architecture.md,
 * 'Deliberate status changes'). The release job sends them once `releaseAt` has passed; an undo
 * deletes the row first, so an undone change notifies nobody.
 */
export const heldStatusChanges = pgTable(
  'held_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<TreatmentStatus>().notNull(),
    toStatus: text('to_status').$type<TreatmentStatus>().notNull(),
    /** The patient version the change produced: an undo applies only while it is current. */
    patientVersion: integer('patient_version').notNull(),
    actorId: text('actor_id').notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('held_status_changes_release_idx').on(t.releaseAt),
    index('held_status_changes_patient_idx').on(t.patientId),
  ],
);
