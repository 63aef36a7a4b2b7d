import {
  getAllowedDocumentExtension,
  isWithinUploadLimit,
} from '@casebridge/domain/documents/document-types';
import { DOCUMENT_MESSAGES } from '@casebridge/domain/documents/document.schemas';

export type FileCheck =
  { isOk: true } | { isOk: false; reason: 'type' | 'size' | 'empty'; message: string };

/**
 * The checks the browser can make before sending anything (the server repeats them all, and
 * also checks the file's bytes): an allowed extension, not empty, within the size limit.
 */
export function checkFileBeforeUpload(
  file: Pick<File, 'name' | 'size'>,
  maxUploadMb: number,
): FileCheck {
  if (!getAllowedDocumentExtension(file.name))
    return { isOk: false, reason: 'type', message: DOCUMENT_MESSAGES.invalidType(file.name) };
  if (file.size === 0) return { isOk: false, reason: 'empty', message: DOCUMENT_MESSAGES.noFile };
  if (!isWithinUploadLimit(file.size, maxUploadMb))
    return { isOk: false, reason: 'size', message: DOCUMENT_MESSAGES.tooLarge(maxUploadMb) };
  return { isOk: true };
}
