/**
 * The file types spec section 5 allows, keyed by extension. `detected` is what magic-byte
 * detection (file-type) reports for a genuine file of that type; `null` means the format has no
 * signature (plain text) and is checked by content instead.
 */
export const DOCUMENT_FILE_TYPES = {
  pdf: { mimeType: 'application/pdf', detected: 'pdf' },
  jpg: { mimeType: 'image/jpeg', detected: 'jpg' },
  jpeg: { mimeType: 'image/jpeg', detected: 'jpg' },
  png: { mimeType: 'image/png', detected: 'png' },
  gif: { mimeType: 'image/gif', detected: 'gif' },
  // Legacy Word files are OLE compound files: detection can only say "compound file".
  doc: { mimeType: 'application/msword', detected: 'cfb' },
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    detected: 'docx',
  },
  txt: { mimeType: 'text/plain', detected: null },
} as const satisfies Record<string, { mimeType: string; detected: string | null }>;
export type DocumentExtension = keyof typeof DOCUMENT_FILE_TYPES;

/** The browser accept list of spec section 5. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.gif,.doc,.docx,.txt';

/** Types shown inside the app (spec: preview for PDFs and images; text is harmless too). */
export const PREVIEWABLE_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'text/plain',
] as const;

export function isPreviewableMimeType(mimeType: string): boolean {
  return (PREVIEWABLE_MIME_TYPES as readonly string[]).includes(mimeType);
}

/** The lower-case extension after the last dot, or null; `.pdf.html` is an `html` file. */
export function getFileExtension(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return null;
  return base.slice(dot + 1).toLowerCase();
}

export function getAllowedDocumentExtension(fileName: string): DocumentExtension | null {
  const extension = getFileExtension(fileName);
  return extension && Object.hasOwn(DOCUMENT_FILE_TYPES, extension)
    ? (extension as DocumentExtension)
    : null;
}

export const BYTES_PER_MB = 1024 * 1024;

/** A file must be less than the configured number of megabytes (the spec's 'less than 10MB'). */
export function isWithinUploadLimit(sizeBytes: number, maxUploadMb: number): boolean {
  return sizeBytes < maxUploadMb * BYTES_PER_MB;
}

/**
 * The name shown to users: the last path segment, control characters removed, trimmed and
 * bounded. The stored name is derived separately (document-naming.ts).
 */
export function toDisplayFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point.
  const visible = base.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e]/g, '');
  return visible.trim().slice(-200);
}
