import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@casebridge/domain/documents/document.schemas';
import { AppError } from '#src/lib/app-error.ts';
import type { FileStorage } from '#src/storage/file-storage.ts';
import { StorageKeyNotFoundError } from '#src/storage/storage-key.ts';
import { readDocumentFile } from './document-file.ts';

const document = {
  id: '00000000-0000-4000-8000-000000000001',
  storageKey: 'documents/p/d',
  sha256: '0'.repeat(64),
  encryptionKeyId: null,
  wrappedKey: null,
};

function storeThatFails(error: Error): FileStorage {
  return { read: () => Promise.reject(error) } as unknown as FileStorage;
}

async function refusalOf(storage: FileStorage) {
  const logged: string[] = [];
  const error = await readDocumentFile(
    { storage, documentKeys: {} as never },
    document,
    (message) => logged.push(message),
  ).catch((caught: unknown) => caught);
  return { error: error as AppError, logged };
}

describe('readDocumentFile', () => {
  it('says the store is unavailable, not that the file failed, when the store cannot be read', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), {
      code: 'ECONNREFUSED',
    });
    const { error, logged } = await refusalOf(storeThatFails(down));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'UNAVAILABLE',
      message: DOCUMENT_MESSAGES.storageUnavailable,
    });
    expect(logged[0]).toMatch(/file store is unavailable.*ECONNREFUSED/);
  });

  it('keeps the integrity error for a file that is missing from the store', async () => {
    const { error } = await refusalOf(storeThatFails(new StorageKeyNotFoundError('documents/p/d')));
    expect(error).toMatchObject({ code: 'INTERNAL', message: DOCUMENT_MESSAGES.integrityFailed });
  });
});
