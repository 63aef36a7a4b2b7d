import { createHash, randomUUID } from 'node:crypto';
import { isWithinUploadLimit } from '@casebridge/domain/documents/document-types';
import { toStorageKey, toStoredFileName } from '@casebridge/domain/documents/document-naming';
import { documents, notifications } from '#src/db/schema/index.ts';
import { appendHistoricalAuditRows } from '#src/modules/audit/audit-history-import.ts';
import { detectDocumentMimeType } from '#src/modules/documents/document-validation.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import { encryptDocument } from '#src/storage/document-encryption.ts';
import { IMPORTER_NAME, skip, type ImportRun, type Outcome } from './import-run.ts';
import {
  ZLegacyAuditLog,
  ZLegacyDocument,
  ZLegacyNotification,
  type LegacyDocument,
} from './legacy-export.schema.ts';

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
  const recorded = pending.map(({ sourceId, data }, index) => ({
    record: { sourceId, data },
    outcome: { kind: 'created', targetTable: 'audit_logs', targetId: String(ids[index]) } as const,
  }));
  await run.recordImports(run.tx, 'auditLogs', recorded);
  for (const { record, outcome } of recorded) run.count('auditLogs', record.sourceId, outcome);
}
