import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '#src/app-context.ts';
import { documents } from '#src/db/schema/index.ts';
import { encryptDocument, rewrapDocumentKey } from '#src/storage/document-encryption.ts';

export type RotationResult = {
  /** Data keys wrapped anew under the current master key. */
  rewrapped: number;
  /** Files stored before encryption at rest, encrypted now (only with encryptLegacy). */
  encrypted: number;
  /** Files still in plaintext afterwards. */
  plaintext: number;
};

/** A refusal that names what to configure; nothing has been changed when it is thrown. */
export class RotationError extends Error {}

type RotationContext = Pick<AppContext, 'db' | 'storage' | 'documentKeys'>;

/**
 * Re-wraps every document's data key under the current master key (ADR 0011). Only rows change:
 * the files keep their bytes, so this is quick and safe to run again. Every master key a row
 * names must be configured (DOCUMENT_KEY or DOCUMENT_KEYS_PREVIOUS), checked before any change.
 */
export async function rotateDocumentKeys(
  context: RotationContext,
  options: { encryptLegacy?: boolean } = {},
): Promise<RotationResult> {
  const { db, documentKeys } = context;
  const rows = await db
    .select({
      id: documents.id,
      encryptionKeyId: documents.encryptionKeyId,
      wrappedKey: documents.wrappedKey,
    })
    .from(documents)
    .where(isNotNull(documents.encryptionKeyId));
  const unknown = new Set(
    rows.map((row) => row.encryptionKeyId!).filter((id) => !documentKeys.byId.has(id)),
  );
  if (unknown.size > 0)
    throw new RotationError(
      `Documents are wrapped under master key(s) ${[...unknown].join(', ')}, which are not configured: add them to DOCUMENT_KEYS_PREVIOUS and run again. Nothing was changed.`,
    );

  let rewrapped = 0;
  for (const row of rows) {
    if (row.encryptionKeyId === documentKeys.current.id || !row.wrappedKey) continue;
    const columns = rewrapDocumentKey(documentKeys, row.id, {
      encryptionKeyId: row.encryptionKeyId!,
      wrappedKey: row.wrappedKey,
    });
    // Only if the row still holds what was read: a concurrent change is never overwritten.
    await db
      .update(documents)
      .set(columns)
      .where(and(eq(documents.id, row.id), eq(documents.wrappedKey, row.wrappedKey)));
    rewrapped += 1;
  }

  const legacy = await db
    .select({ id: documents.id, storageKey: documents.storageKey, sha256: documents.sha256 })
    .from(documents)
    .where(isNull(documents.encryptionKeyId));
  let encrypted = 0;
  if (options.encryptLegacy) {
    for (const row of legacy) if (await encryptLegacyFile(context, row)) encrypted += 1;
  }
  return { rewrapped, encrypted, plaintext: legacy.length - encrypted };
}

/**
 * Encrypts one plaintext file under a new storage key, points the row at it, then removes the
 * plaintext. A crash in between leaves at worst an orphan file, never a row naming bytes it
 * cannot read. A file that no longer matches its SHA-256 is left alone (download reports it).
 */
async function encryptLegacyFile(
  context: RotationContext,
  row: { id: string; storageKey: string; sha256: string },
): Promise<boolean> {
  const { db, storage, documentKeys } = context;
  const plaintext = await storage.read(row.storageKey).catch(() => null);
  if (!plaintext || createHash('sha256').update(plaintext).digest('hex') !== row.sha256)
    return false;
  const sealed = encryptDocument(documentKeys, row.id, plaintext);
  const storageKey = `${row.storageKey}.enc`;
  await storage.put(storageKey, sealed.data);
  const updated = await db
    .update(documents)
    .set({ storageKey, ...sealed.columns })
    .where(
      and(
        eq(documents.id, row.id),
        eq(documents.storageKey, row.storageKey),
        isNull(documents.encryptionKeyId),
      ),
    )
    .returning({ id: documents.id });
  await storage.remove(updated.length > 0 ? row.storageKey : storageKey);
  return updated.length > 0;
}

export function describeRotation(result: RotationResult, currentKeyId: string): string {
  const lines = [
    `${result.rewrapped} document key(s) re-wrapped under master key ${currentKeyId}.`,
    result.encrypted > 0 ? `${result.encrypted} plaintext file(s) encrypted.` : null,
    result.plaintext > 0
      ? `${result.plaintext} file(s) stored before encryption remain plaintext (--encrypt-legacy encrypts them).`
      : null,
  ];
  return lines.filter(Boolean).join('\n');
}
