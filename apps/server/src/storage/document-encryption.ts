import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { resolveDocumentKey, type Env } from '#src/env.ts';

/**
 * Envelope encryption of document files (ADR 0011). Each file has its own random AES-256 data
 * key; the file holds `CBD\x01` + IV (12) + AES-256-GCM ciphertext + tag (16), with the header
 * and the document id as additional data, so a file moved under another document fails to open.
 * The data key is stored in the document's row, wrapped (AES-256-GCM, the document id as
 * additional data) by a master key that the row names by its id.
 */
const FILE_HEADER = Buffer.from('CBD\x01', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';

export type MasterKey = { id: string; key: Buffer };

/** The master key new files are wrapped under, and every key a stored row may name. */
export type DocumentKeyring = { current: MasterKey; byId: ReadonlyMap<string, MasterKey> };

/** What a row stores beside an encrypted file. */
export type DocumentKeyColumns = { encryptionKeyId: string; wrappedKey: string };

/** A file that cannot be opened: altered bytes, a wrong or missing master key. Never served. */
export class DocumentDecryptError extends Error {}

/** A master key's id: a short hash, so the configuration needs no separate names. */
export function toMasterKey(key: Buffer): MasterKey {
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

export function createDocumentKeyring(current: Buffer, previous: Buffer[] = []): DocumentKeyring {
  const all = [current, ...previous].map(toMasterKey);
  return { current: all[0]!, byId: new Map(all.map((master) => [master.id, master])) };
}

/** The keyring the configuration names (a generated DATA_DIR/document-key outside production). */
export function loadDocumentKeyring(
  env: Pick<Env, 'dataDir' | 'documentKey' | 'previousDocumentKeys'>,
): DocumentKeyring {
  return createDocumentKeyring(resolveDocumentKey(env), env.previousDocumentKeys);
}

function seal(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv).setAAD(aad);
  return Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

function unseal(key: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new DocumentDecryptError('truncated ciphertext');
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const decipher = createDecipheriv(ALGORITHM, key, iv).setAAD(aad).setAuthTag(tag);
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new DocumentDecryptError('authentication failed');
  }
}

const fileAad = (documentId: string) => Buffer.concat([FILE_HEADER, Buffer.from(documentId)]);
const keyAad = (documentId: string) => Buffer.from(`casebridge-document-key:${documentId}`);

function wrapKey(master: MasterKey, documentId: string, dataKey: Buffer): DocumentKeyColumns {
  return {
    encryptionKeyId: master.id,
    wrappedKey: seal(master.key, dataKey, keyAad(documentId)).toString('base64'),
  };
}

function unwrapKey(keyring: DocumentKeyring, documentId: string, columns: DocumentKeyColumns) {
  const master = keyring.byId.get(columns.encryptionKeyId);
  if (!master)
    throw new DocumentDecryptError(`master key ${columns.encryptionKeyId} is not configured`);
  return unseal(master.key, Buffer.from(columns.wrappedKey, 'base64'), keyAad(documentId));
}

/** Encrypts a document's bytes under a fresh data key: the file to store and the row's columns. */
export function encryptDocument(keyring: DocumentKeyring, documentId: string, plaintext: Buffer) {
  const dataKey = randomBytes(32);
  const sealed = seal(dataKey, plaintext, fileAad(documentId));
  return {
    data: Buffer.concat([FILE_HEADER, sealed]),
    columns: wrapKey(keyring.current, documentId, dataKey),
  };
}

/** The plaintext of a stored file; throws DocumentDecryptError when it cannot be trusted. */
export function decryptDocument(
  keyring: DocumentKeyring,
  documentId: string,
  columns: DocumentKeyColumns,
  stored: Buffer,
): Buffer {
  if (!stored.subarray(0, FILE_HEADER.length).equals(FILE_HEADER))
    throw new DocumentDecryptError('unknown file format');
  const dataKey = unwrapKey(keyring, documentId, columns);
  return unseal(dataKey, stored.subarray(FILE_HEADER.length), fileAad(documentId));
}

/** The same data key wrapped under the current master key; the file is not touched. */
export function rewrapDocumentKey(
  keyring: DocumentKeyring,
  documentId: string,
  columns: DocumentKeyColumns,
): DocumentKeyColumns {
  return wrapKey(keyring.current, documentId, unwrapKey(keyring, documentId, columns));
}

/** A small secret sealed under the current master key: what a row stores to get it back later. */
export type SealedSecret = { keyId: string; ciphertext: string };

/**
 * Seals a short secret the server must read back (a webhook's signing secret) with the current
 * master key, the same AES-256-GCM as a document's data key; `context` (e.g. the row's id) is the
 * additional data, so a sealed value copied to another row fails to open.
 */
export function sealSecret(
  keyring: DocumentKeyring,
  context: string,
  secret: string,
): SealedSecret {
  return {
    keyId: keyring.current.id,
    ciphertext: seal(keyring.current.key, Buffer.from(secret), secretAad(context)).toString(
      'base64',
    ),
  };
}

/** The secret `sealSecret` sealed; throws DocumentDecryptError when its key is gone or it was altered. */
export function unsealSecret(
  keyring: DocumentKeyring,
  context: string,
  sealed: SealedSecret,
): string {
  const master = keyring.byId.get(sealed.keyId);
  if (!master) throw new DocumentDecryptError(`master key ${sealed.keyId} is not configured`);
  return unseal(
    master.key,
    Buffer.from(sealed.ciphertext, 'base64'),
    secretAad(context),
  ).toString();
}

const secretAad = (context: string) => Buffer.from(`casebridge-secret:${context}`);
