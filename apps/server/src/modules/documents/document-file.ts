import { createHash } from 'node:crypto';
import { DOCUMENT_MESSAGES } from '@casebridge/domain/documents/document.schemas';
import type { AppContext } from '#src/app-context.ts';
import { AppError } from '#src/lib/app-error.ts';
import { decryptDocument } from '#src/storage/document-encryption.ts';
import type { DocumentRow } from './documents.queries.ts';

type StoredDocument = Pick<
  DocumentRow,
  'id' | 'storageKey' | 'sha256' | 'encryptionKeyId' | 'wrappedKey'
>;

/** The checked plaintext; throws with the reason (for the log) when it cannot be trusted. */
async function readVerifiedPlaintext(
  context: Pick<AppContext, 'storage' | 'documentKeys'>,
  document: StoredDocument,
): Promise<Buffer> {
  const stored = await context.storage.read(document.storageKey);
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
 * A document's plaintext, decrypted and checked against the SHA-256 taken at upload. Anything
 * else (missing file, altered ciphertext, unknown master key, changed plaintext) is logged with
 * its reason and answered with the integrity error, never served.
 */
export async function readDocumentFile(
  context: Pick<AppContext, 'storage' | 'documentKeys'>,
  document: StoredDocument,
  log: (message: string) => void,
): Promise<Buffer> {
  try {
    return await readVerifiedPlaintext(context, document);
  } catch (error) {
    log(`document ${document.id} failed its integrity check: ${(error as Error).message}`);
    throw new AppError('INTERNAL', DOCUMENT_MESSAGES.integrityFailed);
  }
}
