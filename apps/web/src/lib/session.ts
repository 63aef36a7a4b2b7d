import type { TSessionResponse } from '@casebridge/domain/auth/auth.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from './api-client.ts';

// The session every part of the app reads (the route guard, the shell, the current-user context);
// signing in and out are the auth feature's (features/auth/api/session.ts).

export const sessionQueryKey = ['session'] as const;
const signedOutKey = ['session', 'signed-out'] as const;

/**
 * Drops every cached query of the previous user and stores the new session (or null).
 * `isSignOut` records that the user ended the session on purpose (see hasSignedOut).
 */
export function replaceSession(
  queryClient: QueryClient,
  session: TSessionResponse | null,
  { isSignOut = false }: { isSignOut?: boolean } = {},
): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  // Set before the session: the route guard reads it in the render that sees the session gone.
  queryClient.setQueryData(signedOutKey, isSignOut);
  queryClient.setQueryData(sessionQueryKey, session);
}

/**
 * Whether the last session ended because the user signed out, rather than by expiry or never
 * having one. The route guard then saves no page to return to: the next person to sign in on
 * this browser starts at their dashboard.
 */
export function hasSignedOut(queryClient: QueryClient): boolean {
  return queryClient.getQueryData<boolean>(signedOutKey) === true;
}

/**
 * The signed-in session, or null when signed out. The server answers null without a session
 * cookie, and 401 for a cookie that no longer opens a session (expired, signed out elsewhere).
 */
export async function getSession(): Promise<TSessionResponse | null> {
  try {
    return await apiFetch<TSessionResponse | null>('/auth/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  staleTime: Infinity,
});

export function useSessionQuery() {
  return useQuery(sessionQueryOptions);
}
