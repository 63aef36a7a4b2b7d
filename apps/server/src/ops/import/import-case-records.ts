import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isWithinUploadLimit } from '@casebridge/domain/documents/document-types';
import { toStorageKey, toStoredFileName } from '@casebridge/domain/documents/document-naming';
import { normalizePatientName } from '@casebridge/domain/patients/patient-name';
import type { Db } from '#src/db/client.ts';
import {
  billingEntries,
  documents,
  messageReads,
  messages,
  notifications,
  patientClinics,
  patientLienholders,
  patients,
} from '#src/db/schema/index.ts';
import { appendHistoricalAuditRows } from '#src/modules/audit/audit-history-import.ts';
import { detectDocumentMimeType } from '#src/modules/documents/document-validation.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import { encryptDocument } from '#src/storage/document-encryption.ts';
import { IMPORTER_NAME, skip, type ImportRun, type Outcome } from './import-run.ts';
import {
  readSubcollection,
  ZLegacyAuditLog,
  ZLegacyBillingEntry,
  ZLegacyDocument,
  ZLegacyMessage,
  ZLegacyNotification,
  ZLegacyPatient,
  type LegacyDocument,
  type TLegacyPatient,
} from './legacy-export.schema.ts';

const SUBCOLLECTION_KEYS = ['billingEntries', 'messages', '__collections__'];

/** A patient document without its nested subcollections: they are records of their own. */
function withoutSubcollections(document: LegacyDocument): LegacyDocument {
  if (!document.data) return document;
  return {
    ...document,
    data: Object.fromEntries(
      Object.entries(document.data).filter(([key]) => !SUBCOLLECTION_KEYS.includes(key)),
    ),
  };
}

/** The ids of the organisations a patient names, or the first one CaseBridge does not know. */
function resolvePatientOrganizations(
  run: ImportRun,
  value: TLegacyPatient,
): { unknown: string } | { clinicIds: string[]; lienholderIds: string[]; firmId: string | null } {
  const clinicIds: string[] = [];
  for (const ref of value.clinicRefs) {
    const id = run.organization('clinic', ref);
    if (!id) return { unknown: `unknown organisation: clinic '${ref}'` };
    clinicIds.push(id);
  }
  const lienholderIds: string[] = [];
  for (const ref of value.lienholderRefs) {
    const id = run.organization('lienholder', ref);
    if (!id) return { unknown: `unknown organisation: lienholder '${ref}'` };
    lienholderIds.push(id);
  }
  const firmId = value.firmRef ? run.organization('firm', value.firmRef) : null;
  if (value.firmRef && !firmId) return { unknown: `unknown organisation: firm '${value.firmRef}'` };
  return { clinicIds: [...new Set(clinicIds)], lienholderIds: [...new Set(lienholderIds)], firmId };
}

/** A patient CaseBridge already has: the same name (as duplicates are found) and date of birth at one of the clinics. */
async function findSamePatient(db: Db, value: TLegacyPatient, clinicIds: string[]) {
  if (clinicIds.length === 0) return null;
  const [row] = await db
    .selectDistinct({ id: patients.id, createdAt: patients.createdAt })
    .from(patients)
    .innerJoin(patientClinics, eq(patientClinics.patientId, patients.id))
    .where(
      and(
        inArray(patientClinics.clinicId, clinicIds),
        eq(patients.dob, value.dob),
        sql`regexp_replace(lower(${patients.fullName}), '[^a-z0-9]', '', 'g') = ${normalizePatientName(value.fullName)}`,
      ),
    )
    .orderBy(patients.createdAt, patients.id)
    .limit(1);
  return row?.id ?? null;
}

/**
 * Patients with their clinics, lienholders, firm and contact. Matched by name and date of birth
 * within one of the same clinics ('merged': the CaseBridge patient is kept as it is, and the
 * source's billing lines and messages join it); otherwise created with the old timestamps.
 */
export async function importPatients(run: ImportRun, sources: LegacyDocument[]): Promise<void> {
  for (const document of sources) {
    await run.importRecord('patients', withoutSubcollections(document), ZLegacyPatient, {
      async handle(value, db) {
        const resolved = resolvePatientOrganizations(run, value);
        if ('unknown' in resolved) return skip(resolved.unknown);
        const { clinicIds, lienholderIds, firmId } = resolved;
        const same = await findSamePatient(db, value, clinicIds);
        if (same) return { kind: 'merged', targetTable: 'patients', targetId: same };
        const contactId = await run.user(value.contactRef);
        const createdAt = value.createdAt ?? new Date();
        const [created] = await db
          .insert(patients)
          .values({
            fullName: value.fullName,
            dob: value.dob,
            intakeDate: value.intakeDate,
            evalDate: value.evalDate,
            lastTreatmentDate: value.lastTreatmentDate,
            treatmentStatus: value.treatmentStatus,
            firmId,
            associatedContactId: contactId,
            pointOfContactName: value.pointOfContactName,
            pointOfContactPhone: value.pointOfContactPhone,
            createdAt,
            updatedAt: value.updatedAt ?? createdAt,
            updatedByName: IMPORTER_NAME,
          })
          .returning({ id: patients.id });
        const patientId = created!.id;
        if (clinicIds.length > 0)
          await db
            .insert(patientClinics)
            .values(clinicIds.map((clinicId) => ({ patientId, clinicId })));
        if (lienholderIds.length > 0)
          await db
            .insert(patientLienholders)
            .values(lienholderIds.map((lienholderId) => ({ patientId, lienholderId })));
        return {
          kind: 'created',
          targetTable: 'patients',
          targetId: patientId,
          ...(value.contactRef && !contactId
            ? { note: `unknown contact '${value.contactRef}': imported without one` }
            : {}),
        };
      },
      register(_value, targetId, sourceId) {
        run.patients.set(sourceId, targetId);
      },
    });
  }
}

/**
 * The billing lines and messages nested in each patient (spec: patients/{id}/billingEntries and
 * patients/{id}/messages); their source id is `<patient id>/<entry id>`.
 */
export async function importPatientSubcollections(
  run: ImportRun,
  sources: LegacyDocument[],
): Promise<void> {
  for (const kind of ['billingEntries', 'messages'] as const) {
    const collection = `patients/${kind}` as const;
    for (const patient of sources) {
      if (!patient.data) continue;
      const entries = readSubcollection(patient.data, kind);
      if (entries.length === 0) continue;
      const patientId = patient.sourceId ? run.patients.get(patient.sourceId) : undefined;
      if (typeof entries === 'string') {
        run.skip(collection, patient.sourceId, entries);
        continue;
      }
      if (!patientId) {
        for (const entry of entries)
          run.skip(
            collection,
            `${patient.sourceId ?? '(no id)'}/${entry.sourceId ?? '(no id)'}`,
            'its patient was not imported (see patients)',
          );
        continue;
      }
      for (const entry of entries) {
        const scoped = {
          ...entry,
          sourceId: entry.sourceId === null ? null : `${patient.sourceId}/${entry.sourceId}`,
        };
        if (kind === 'billingEntries') await importBillingEntry(run, scoped, patientId);
        else await importMessage(run, scoped, patientId);
      }
    }
  }
}

/** A billing line; one the merged patient already has (same code, day, sessions, amount) is merged. */
function importBillingEntry(run: ImportRun, document: LegacyDocument, patientId: string) {
  return run.importRecord('patients/billingEntries', document, ZLegacyBillingEntry, {
    async handle(value, db): Promise<Outcome> {
      const clinicId = value.clinicRef ? run.organization('clinic', value.clinicRef) : null;
      if (value.clinicRef && !clinicId)
        return skip(`unknown organisation: clinic '${value.clinicRef}'`);
      const [same] = await db
        .select({ id: billingEntries.id })
        .from(billingEntries)
        .where(
          and(
            eq(billingEntries.patientId, patientId),
            eq(billingEntries.cptCode, value.cptCode),
            eq(billingEntries.date, value.date),
            eq(billingEntries.sessionCount, value.sessionCount),
            eq(billingEntries.billedAmountCents, value.billedAmountCents),
            isNull(billingEntries.voidedAt),
          ),
        )
        .limit(1);
      if (same) return { kind: 'merged', targetTable: 'billing_entries', targetId: same.id };
      const createdAt = value.createdAt ?? new Date(`${value.date}T12:00:00Z`);
      const [created] = await db
        .insert(billingEntries)
        .values({
          patientId,
          cptCode: value.cptCode,
          sessionCount: value.sessionCount,
          billedAmountCents: value.billedAmountCents,
          date: value.date,
          clinicId,
          createdBy: await run.user(value.createdByRef),
          createdAt,
          updatedAt: createdAt,
          updatedByName: IMPORTER_NAME,
        })
        .returning({ id: billingEntries.id });
      return { kind: 'created', targetTable: 'billing_entries', targetId: created!.id };
    },
  });
}

/**
 * A message with its sender mapped to the CaseBridge user (its name and role from the message,
 * else from that user) and its read receipts; one the merged patient already has (same text at
 * the same instant) is merged.
 */
function importMessage(run: ImportRun, document: LegacyDocument, patientId: string) {
  return run.importRecord('patients/messages', document, ZLegacyMessage, {
    async handle(value, db): Promise<Outcome> {
      const senderId = await run.user(value.senderRef);
      const sender = senderId ? await run.describeUser(senderId) : null;
      const senderName = value.senderName ?? sender?.name;
      const senderRole = value.senderRole ?? sender?.role;
      if (!senderName) return skip('missing required field: sender_name');
      if (!senderRole) return skip('missing required field: sender_role');
      const [same] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.patientId, patientId),
            eq(messages.body, value.body),
            eq(messages.createdAt, value.createdAt),
          ),
        )
        .limit(1);
      if (same) return { kind: 'merged', targetTable: 'messages', targetId: same.id };
      const [created] = await db
        .insert(messages)
        .values({
          patientId,
          senderId,
          senderName,
          senderRole,
          senderOrganizationName: sender?.organizationName ?? null,
          body: value.body,
          templateId: value.templateRef ? (run.templates.get(value.templateRef) ?? null) : null,
          notifyByEmail: value.notifyByEmail,
          attachmentUrl: value.attachmentUrl,
          attachmentName: value.attachmentName,
          createdAt: value.createdAt,
          updatedAt: value.createdAt,
        })
        .returning({ id: messages.id });
      const messageId = created!.id;
      const readers = new Set<string>();
      for (const ref of value.readByRefs) {
        const userId = await run.user(ref);
        if (userId) readers.add(userId);
      }
      if (readers.size > 0)
        await db
          .insert(messageReads)
          .values([...readers].map((userId) => ({ messageId, userId, readAt: value.createdAt })));
      return {
        kind: 'created',
        targetTable: 'messages',
        targetId: messageId,
        ...(value.senderRef && !senderId
          ? { note: `unknown sender '${value.senderRef}': kept by name only` }
          : {}),
      };
    },
  });
}

/**
 * Document records. The old system's files live in its cloud storage and are not in the
 * export, and a CaseBridge document without its file would be a broken download: such records
 * are skipped with the reason 'file not included in export'. An export that carries the file
 * (`file_content_base64`) is imported as an upload would be: type checked by its bytes,
 * encrypted, stored.
 */
export async function importDocuments(run: ImportRun, sources: LegacyDocument[]) {
  const { maxUploadMb } = await getSettings(run.tx);
  for (const document of sources) {
    await run.importRecord('documents', document, ZLegacyDocument, {
      async handle(value, db): Promise<Outcome> {
        const patientId = run.patients.get(value.patientRef);
        if (!patientId) return skip(`unknown patient '${value.patientRef}'`);
        if (!value.contentBase64) return skip('file not included in export');
        if (!run.options.files) return skip('no file storage for this run');
        const data = Buffer.from(value.contentBase64, 'base64');
        if (data.length === 0) return skip('file not included in export (empty content)');
        if (!isWithinUploadLimit(data.length, maxUploadMb))
          return skip(`file larger than the ${maxUploadMb} MB upload limit`);
        const mimeType = await detectDocumentMimeType(value.fileName, data);
        if (!mimeType) return skip(`invalid file type: ${value.fileName}`);
        const id = randomUUID();
        const createdAt = value.createdAt ?? new Date();
        const storedName = toStoredFileName(value.fileName, createdAt);
        const storageKey = toStorageKey(patientId, id);
        const encrypted = encryptDocument(run.options.files.keyring, id, data);
        await db.insert(documents).values({
          id,
          patientId,
          category: value.category,
          fileName: value.fileName,
          storedName,
          storageKey,
          mimeType,
          sizeBytes: data.length,
          sha256: createHash('sha256').update(data).digest('hex'),
          uploadedByUserId: await run.user(value.uploadedByRef),
          ...encrypted.columns,
          createdAt,
          updatedAt: createdAt,
          updatedByName: IMPORTER_NAME,
        });
        // A dry run writes no file; its rows are rolled back.
        if (!run.options.dryRun) {
          await run.options.files.storage.put(storageKey, encrypted.data);
          run.writtenFiles.push(storageKey);
        }
        return { kind: 'created', targetTable: 'documents', targetId: id };
      },
    });
  }
}

/**
 * Notifications of both shapes. CaseBridge keeps one per user (docs/architecture.md D5): a
 * per-user one maps to its recipient; one the old system addressed to an organisation becomes
 * one per active person of it (their ids, comma-separated, are its import target).
 */
export async function importNotifications(run: ImportRun, sources: LegacyDocument[]) {
  for (const document of sources) {
    await run.importRecord('notifications', document, ZLegacyNotification, {
      async handle(value, db): Promise<Outcome> {
        const patientId = value.patientRef ? run.patients.get(value.patientRef) : null;
        if (value.patientRef && !patientId) return skip(`unknown patient '${value.patientRef}'`);
        let recipients: string[];
        if (value.recipientRef) {
          const userId = await run.user(value.recipientRef);
          if (!userId) return skip(`unknown user '${value.recipientRef}'`);
          recipients = [userId];
        } else {
          const ref = value.organizationRef!;
          const organizationId =
            run.organization('clinic', ref) ??
            run.organization('firm', ref) ??
            run.organization('lienholder', ref);
          if (!organizationId) return skip(`unknown organisation '${ref}'`);
          recipients = await run.organizationUsers(organizationId);
          if (recipients.length === 0) return skip(`no active users in organisation '${ref}'`);
        }
        const fromUserId = await run.user(value.fromUserRef);
        const rows = await db
          .insert(notifications)
          .values(
            recipients.map((recipientUserId) => ({
              recipientUserId,
              patientId: patientId ?? null,
              type: value.type,
              content: value.content,
              linkTo: value.linkTo,
              isRead: value.isRead,
              fromUserId,
              fromRole: value.fromRole,
              createdAt: value.createdAt,
            })),
          )
          .returning({ id: notifications.id });
        return {
          kind: 'created',
          targetTable: 'notifications',
          targetId: rows.map((row) => row.id).join(','),
        };
      },
    });
  }
}

/**
 * The old audit log, kept as history: appended to the hash chain through the audit module with
 * the original timestamps, oldest first, so `npm run audit:verify` still passes. Each row says
 * it was imported; a patient the import does not know is named by its old id in the details.
 */
export async function importAuditLogs(run: ImportRun, sources: LegacyDocument[]) {
  const pending = [];
  for (const document of sources) {
    const record = run.screen('auditLogs', document, ZLegacyAuditLog);
    if (!record) continue;
    const { sourceId, data, value } = record;
    const patientId = value.patientRef ? (run.patients.get(value.patientRef) ?? null) : null;
    const details = [
      value.details,
      value.patientRef && !patientId ? `patient '${value.patientRef}' of the old system` : null,
      'imported from the old system',
    ]
      .filter(Boolean)
      .join('; ');
    pending.push({ sourceId, data, row: { ...value, patientId, details } });
  }
  pending.sort((a, b) => a.row.timestamp.getTime() - b.row.timestamp.getTime());
  const ids = await appendHistoricalAuditRows(
    run.tx,
    pending.map(({ row }) => row),
  );
  for (const [index, { sourceId, data }] of pending.entries())
    await run.recordImport('auditLogs', sourceId, data, {
      kind: 'created',
      targetTable: 'audit_logs',
      targetId: String(ids[index]),
    });
}
