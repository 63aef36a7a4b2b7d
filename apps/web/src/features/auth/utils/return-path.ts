/**
 * Where to go after signing in: the page the guard sent the user away from (path and query),
 * when it is a path on this site. Anything else, such as '//evil.example' or a full URL, could
 * send the user to another origin, so it falls back to the dashboard.
 */
export function getReturnPath(state: unknown): string {
  const from =
    typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string') return '/dashboard';
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/dashboard';
  // Coming back to the sign-in page itself would only bounce through it.
  if (from === '/login' || from.startsWith('/login?')) return '/dashboard';
  return from;
}
