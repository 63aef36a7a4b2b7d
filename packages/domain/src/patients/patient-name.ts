/**
 * A patient's name as the duplicate check compares it: lower case, letters and digits only, so
 * "O'Brien,  Mary" and "obrien mary" are the same person. The server computes the same key in
 * SQL (`regexp_replace(lower(full_name), '[^a-z0-9]', '', 'g')`), so the two must stay in step.
 */
export function normalizePatientName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}
