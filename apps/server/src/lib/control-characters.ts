/** C0 control characters other than tab, line feed and carriage return (and DEL). */
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONTROL_CHARACTER_MESSAGE = 'Text must not contain control characters';

/**
 * The path to the first string inside a parsed body, query or parameters that holds a control
 * character (`[]` for the value itself), or null: the error names that field.
 */
export function findControlCharacter(value: unknown, depth = 0): Array<string | number> | null {
  if (depth > 20) return null;
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? [] : null;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : value && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>)
      : [];
  for (const [key, item] of entries) {
    const path = findControlCharacter(item, depth + 1);
    if (path) return [key, ...path];
  }
  return null;
}

/**
 * Whether any string inside a parsed body or query holds a control character. PostgreSQL refuses
 * NUL in text, and no field of CaseBridge has a use for the others.
 */
export const hasControlCharacter = (value: unknown): boolean =>
  findControlCharacter(value) !== null;
