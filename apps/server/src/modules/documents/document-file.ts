import { createHash } from 'node:crypto';
import { DOCUMENT_MESSAGES } from '@casebridge/domain/documents/document.schemas';
import type { AppContext } from '#src/app-context.ts';
import { AppError } from '#src/lib/app-error.ts';
import { describeError } from '#src/lib/loggable-error.ts';
import { decryptDocument } from '#src/storage/document-encryption.ts';
import type { DocumentRow } from './documents.queries.ts';

/** The store could not be read (not: the file is missing). */
class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the file store is unavailable', { cause });
  }
}

type StoredDocument = Pick<
  DocumentRow,
  'id' | 'storageKey' | 'sha256' | 'encryptionKeyId' | 'wrappedKey'
>;

/** The checked plaintext; throws with the reason (for the log) when it cannot be trusted. */
async function readVerifiedPlaintext(
  context: Pick<AppContext, 'storage' | 'documentKeys'>,
  document: StoredDocument,
): Promise<Buffer> {
  const stored = await context.storage.read(document.storageKey).catch((error: unknown) => {
    // A missing file is the record's fault (the integrity error below); anything else is the
    // store's: down, unreachable, refusing. The file may be fine: say so, and to try again.
    if ((error as { code?: unknown }).code === 'ENOENT') throw error;
    throw new StoreUnavailableError(error);
  });
  // A row without a wrapped key was stored before encryption at rest: its file is plaintext.
  const data =
    document.encryptionKeyId && document.wrappedKey
      ? decryptDocument(
          context.documentKeys,
          document.id,
          { encryptionKeyId: document.encryptionKeyId, wrappedKey: document.wrappedKey },
          stored,
        )
      : stored;
  if (createHash('sha256').update(data).digest('hex') !== document.sha256)
    throw new Error('its SHA-256 differs from the one taken at upload');
  return data;
}

/**
 * A document's plaintext, decrypted and checked against the SHA-256 taken at upload. A store that
 * cannot be read answers 503 (the file may be fine). Anything else (missing file, altered
 * ciphertext, unknown master key, changed plaintext) is logged with its reason and answered with
 * the integrity error, never served.
 */
export async function readDocumentFile(
  context: Pick<AppContext, 'storage' | 'documentKeys'>,
  document: StoredDocument,
  log: (message: string) => void,
): Promise<Buffer> {
  try {
    return await readVerifiedPlaintext(context, document);
  } catch (error) {
    if (error instanceof StoreUnavailableError) {
      log(`document ${document.id}: the file store is unavailable (${describeError(error.cause)})`);
      throw new AppError('UNAVAILABLE', DOCUMENT_MESSAGES.storageUnavailable);
    }
    log(`document ${document.id} failed its integrity check: ${(error as Error).message}`);
    throw new AppError('INTERNAL', DOCUMENT_MESSAGES.integrityFailed);
  }
}
