/** C0 control characters other than tab, line feed and carriage return (and DEL). */
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Whether any string inside a parsed body or query holds a control character. PostgreSQL refuses
 * NUL in text, and no field of CaseBridge has a use for the others.
 */
export function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value);
  if (Array.isArray(value)) return value.some((item) => hasControlCharacter(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.values(value as Record<string, unknown>).some((item) =>
      hasControlCharacter(item, depth + 1),
    );
  }
  return false;
}
