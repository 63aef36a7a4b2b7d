/** Spec section 5: every character but letters, digits, dot and hyphen becomes '_'. */
export function sanitizeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return base.replace(/[^A-Za-z0-9.-]/g, '_');
}

/** The stored name: a timestamp prefix and the sanitized original name. */
export function toStoredFileName(fileName: string, now: Date = new Date()): string {
  return `${now.getTime()}_${sanitizeFileName(fileName)}`;
}

/**
 * documents/{patientId}/{documentId}: an opaque key (D9). A file's name is often a patient's
 * name, and its category says what kind of record it is; both live only in the document's row,
 * never in the store's paths, listings or logs. The id is unique by construction, so two
 * uploads (on two instances too) never share a key.
 */
export function toStorageKey(patientId: string, documentId: string): string {
  return `documents/${patientId}/${documentId}`;
}
