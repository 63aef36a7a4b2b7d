// oxlint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * One rule for every store: a key is a relative path of plain segments. Disk resolves keys under
 * its root and an object store uses them verbatim, so a key that climbs ('..'), starts at the
 * root ('/') or hides a segment ('a//b', '.', '\') is refused by both alike.
 */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  const isValid =
    key.length > 0 &&
    key.length <= 900 &&
    !key.includes('\\') &&
    !CONTROL_CHARACTER.test(key) &&
    segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (!isValid) throw new Error('invalid storage key');
}

/** What a store reports for a key it does not hold: the same code as a missing file on disk. */
export class StorageKeyNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`no stored file under ${key}`);
  }
}
