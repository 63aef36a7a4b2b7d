import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createDocumentKeyring,
  decryptDocument,
  DocumentDecryptError,
  encryptDocument,
  rewrapDocumentKey,
} from './document-encryption.ts';

const keyring = createDocumentKeyring(randomBytes(32));
const plaintext = Buffer.from('%PDF-1.4 a patient record');

describe('document envelope encryption', () => {
  it('opens what it sealed, with a fresh data key and IV each time', () => {
    const id = randomUUID();
    const first = encryptDocument(keyring, id, plaintext);
    const second = encryptDocument(keyring, id, plaintext);
    expect(first.data.subarray(0, 4).toString('latin1')).toBe('CBD\x01');
    expect(first.data.equals(second.data)).toBe(false);
    expect(first.columns.wrappedKey).not.toBe(second.columns.wrappedKey);
    expect(decryptDocument(keyring, id, first.columns, first.data).equals(plaintext)).toBe(true);
  });

  it('refuses a file or a wrapped key moved under another document', () => {
    const id = randomUUID();
    const other = randomUUID();
    const sealed = encryptDocument(keyring, id, plaintext);
    const otherSealed = encryptDocument(keyring, other, plaintext);
    // The other document's file, opened with this document's (valid) key.
    expect(() => decryptDocument(keyring, id, sealed.columns, otherSealed.data)).toThrow(
      DocumentDecryptError,
    );
    // This document's file and key, presented as the other document.
    expect(() => decryptDocument(keyring, other, sealed.columns, sealed.data)).toThrow(
      DocumentDecryptError,
    );
  });

  it('refuses a truncated file, an unknown format and an unconfigured master key', () => {
    const id = randomUUID();
    const sealed = encryptDocument(keyring, id, plaintext);
    expect(() => decryptDocument(keyring, id, sealed.columns, sealed.data.subarray(0, 20))).toThrow(
      'truncated ciphertext',
    );
    expect(() => decryptDocument(keyring, id, sealed.columns, plaintext)).toThrow(
      'unknown file format',
    );
    const stranger = createDocumentKeyring(randomBytes(32));
    expect(() => decryptDocument(stranger, id, sealed.columns, sealed.data)).toThrow(
      `master key ${keyring.current.id} is not configured`,
    );
  });

  it('re-wraps a data key under the new master key; the file opens with only that key', () => {
    const id = randomUUID();
    const sealed = encryptDocument(keyring, id, plaintext);
    const newKey = randomBytes(32);
    const rotating = createDocumentKeyring(newKey, [keyring.current.key]);
    const columns = rewrapDocumentKey(rotating, id, sealed.columns);
    expect(columns.encryptionKeyId).toBe(rotating.current.id);
    expect(columns.encryptionKeyId).not.toBe(keyring.current.id);
    const newOnly = createDocumentKeyring(newKey);
    expect(decryptDocument(newOnly, id, columns, sealed.data).equals(plaintext)).toBe(true);
  });
});
