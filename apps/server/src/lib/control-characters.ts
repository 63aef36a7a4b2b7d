/** C0 control characters other than tab, line feed and carriage return (and DEL). */
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONTROL_CHARACTER_MESSAGE = 'Text must not contain control characters';
/** A high surrogate not followed by a low one, or a low one not after a high one (code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A lone UTF-16 surrogate (JSON's "\ud800"): not a character, and PostgreSQL cannot store it. */
export const MALFORMED_TEXT_MESSAGE = 'Text must be valid Unicode';

/** What is wrong with a string that no field may hold, or null. */
function textProblem(value: string): string | null {
  if (CONTROL_CHARACTER.test(value)) return CONTROL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(value)) return MALFORMED_TEXT_MESSAGE;
  return null;
}

/**
 * The first string inside a parsed body, query or parameters that no field may hold (a control
 * character, a lone surrogate): its path (`[]` for the value itself) and what is wrong, or null.
 * Object keys are judged too, under their own path.
 */
export function findMalformedText(
  value: unknown,
  depth = 0,
): { path: Array<string | number>; message: string } | null {
  if (depth > 20) return null;
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path: [], message } : null;
  }
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : value && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>)
      : [];
  for (const [key, item] of entries) {
    const keyProblem = typeof key === 'string' ? textProblem(key) : null;
    if (keyProblem) return { path: [], message: keyProblem };
    const found = findMalformedText(item, depth + 1);
    if (found) return { path: [key, ...found.path], message: found.message };
  }
  return null;
}

/** The path to the first string that holds a control character, or null. */
export function findControlCharacter(value: unknown): Array<string | number> | null {
  const found = findMalformedText(value);
  return found?.message === CONTROL_CHARACTER_MESSAGE ? found.path : null;
}

/**
 * Whether any string inside a parsed body or query holds a control character. PostgreSQL refuses
 * NUL in text, and no field of CaseBridge has a use for the others.
 */
export const hasControlCharacter = (value: unknown): boolean =>
  findControlCharacter(value) !== null;
