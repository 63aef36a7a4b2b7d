import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DocumentCategory } from '@casebridge/domain/constants';
import type { Role } from '@casebridge/domain/roles';
import type {
  EmailTemplatePurpose,
  TemplateType,
} from '@casebridge/domain/templates/template.schemas';
import { users } from './auth.ts';
import { organizations } from './organizations.ts';
import { patients } from './patients.ts';
import { timestamps, versioned } from './columns.ts';

export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    templateType: text('template_type').$type<TemplateType>().notNull(),
    subject: text('subject'),
    /** E-mail templates only: the notification e-mail it replaces (EMAIL_TEMPLATE_PURPOSES). */
    purpose: text('purpose').$type<EmailTemplatePurpose>(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check('message_templates_type_check', sql`${t.templateType} in ('message', 'email')`),
    check(
      'message_templates_subject_check',
      sql`${t.templateType} <> 'email' or length(trim(coalesce(${t.subject}, ''))) > 0`,
    ),
    check(
      'message_templates_purpose_check',
      sql`${t.purpose} is null or (${t.templateType} = 'email' and ${t.purpose} in ('message_notification', 'invitation'))`,
    ),
    index('message_templates_type_idx').on(t.templateType, t.active),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull(),
    senderRole: text('sender_role').$type<Role>().notNull(),
    /** The sender's organisation name at send time, for the sender label. */
    senderOrganizationName: text('sender_organization_name'),
    body: text('body').notNull(),
    templateId: uuid('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    notifyByEmail: boolean('notify_by_email').notNull().default(false),
    attachmentUrl: text('attachment_url'),
    attachmentName: text('attachment_name'),
    /** Set when the sender edits the text (within MESSAGE_EDIT_WINDOW_MINUTES); the old text is in record_history. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Set when the sender retracts it: the text is hidden from everyone but admins. */
    retractedAt: timestamp('retracted_at', { withTimezone: true }),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check('messages_body_check', sql`length(trim(${t.body})) > 0`),
    // The thread pages by keyset on (created_at, id): the id ends the index so a page
    // is read in order without sorting the patient's whole thread.
    index('messages_patient_created_id_idx').on(t.patientId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Read receipts (spec: read_by). */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('message_reads_user_idx').on(t.userId),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    category: text('category').$type<DocumentCategory>().notNull(),
    fileName: text('file_name').notNull(),
    storedName: text('stored_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedByUserId: text('uploaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /**
     * Encryption at rest (docs/architecture.md, 'Storage'): the file is AES-256-GCM under its own
     * data key, stored here wrapped by the master key `encryptionKeyId` names. Null for a file
     * stored before encryption.
     */
    encryptionKeyId: text('encryption_key_id'),
    wrappedKey: text('wrapped_key'),
    /** Removed documents are kept for the audit and hidden from every list and download. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removalReason: text('removal_reason'),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check(
      'documents_category_check',
      sql`${t.category} in ('Intake', 'MRI', 'Treatment Notes', 'Discharge', 'Billing')`,
    ),
    check('documents_size_check', sql`${t.sizeBytes} > 0`),
    index('documents_patient_created_idx').on(t.patientId, t.createdAt.desc()),
  ],
);

/** Billing lines. Money is integer cents (docs/architecture.md D10). */
export const billingEntries = pgTable(
  'billing_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    cptCode: text('cpt_code').notNull(),
    sessionCount: integer('session_count').notNull(),
    billedAmountCents: bigint('billed_amount_cents', { mode: 'number' }).notNull(),
    date: date('date').notNull(),
    clinicId: uuid('clinic_id').references(() => organizations.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A voided line stays for its history; totals, figures and exports count live lines only. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check('billing_entries_sessions_check', sql`${t.sessionCount} >= 1`),
    check('billing_entries_amount_check', sql`${t.billedAmountCents} >= 0`),
    check(
      'billing_entries_cpt_check',
      sql`${t.cptCode} ~ '^([0-9]{5}|[0-9]{4}[FTU]|[A-Z][0-9]{4})$'`,
    ),
    // A patient's lines in the list's order (date, created_at, id), read without sorting.
    index('billing_entries_patient_date_created_id_idx').on(
      t.patientId,
      t.date.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('billing_entries_created_idx').on(t.createdAt.desc()),
    // A sync client's changes (GET /api/billing?updatedSince=): read in (updated_at,
    // id) order from the index, not sorted.
    index('billing_entries_updated_id_idx').on(t.updatedAt, t.id),
    // 'Recent Billing Activity': the newest live lines are walked in order and each is
    // checked against the scope, stopping at the tenth, instead of sorting a lienholder's book.
    index('billing_entries_live_recent_idx')
      .on(t.date.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.voidedAt} is null`),
  ],
);
