/** Spec section 5: every character but letters, digits, dot and hyphen becomes '_'. */
export function sanitizeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return base.replace(/[^A-Za-z0-9.-]/g, '_');
}

/** The stored name: a timestamp prefix and the sanitized original name. */
export function toStoredFileName(fileName: string, now: Date = new Date()): string {
  return `${now.getTime()}_${sanitizeFileName(fileName)}`;
}

/** documents/{patientId}/{category}/{stored name} (spec section 7, Storage). */
export function toStorageKey(patientId: string, category: string, storedName: string): string {
  return `documents/${patientId}/${category.replace(/[^A-Za-z0-9-]/g, '_')}/${storedName}`;
}
