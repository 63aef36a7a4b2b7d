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
 * documents/{patientId}/{category}/{documentId}/{stored name}: spec section 7's path with the
 * document's own id as one more folder. The id is unique by construction, so two uploads of the
 * same name in the same millisecond (or on two instances) never share a key; the stored name
 * keeps the spec's timestamp prefix.
 */
export function toStorageKey(
  patientId: string,
  category: string,
  documentId: string,
  storedName: string,
): string {
  const folder = category.replace(/[^A-Za-z0-9-]/g, '_');
  return `documents/${patientId}/${folder}/${documentId}/${storedName}`;
}
