import { fileTypeFromBuffer } from 'file-type';
import {
  DOCUMENT_FILE_TYPES,
  getAllowedDocumentExtension,
} from '@casebridge/domain/documents/document-types';

/** Markup or script at the start of a "text" file: a browser could be talked into running it. */
const MARKUP_START =
  /^<(?:!doctype|html|head|body|script|iframe|frame|svg|math|\?xml|meta|link|base|style|object|embed|img|form|a[\s>])/i;

/** Plain text: valid UTF-8, no NUL bytes, and not an HTML or script document in disguise. */
export function isPlainText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  return !MARKUP_START.test(text.replace(/^\uFEFF/, '').trimStart());
}

/**
 * The MIME type to store for an upload, or null when the file is not what its name claims.
 * Both must agree: an allowed extension, and magic bytes of that same format (a renamed
 * executable or HTML page is refused). The browser's Content-Type is never trusted.
 */
export async function detectDocumentMimeType(
  fileName: string,
  data: Buffer,
): Promise<string | null> {
  const extension = getAllowedDocumentExtension(fileName);
  if (!extension) return null;
  const expected = DOCUMENT_FILE_TYPES[extension];
  const detected = await fileTypeFromBuffer(data);
  if (expected.detected === null) return !detected && isPlainText(data) ? expected.mimeType : null;
  return detected?.ext === expected.detected ? expected.mimeType : null;
}
