import type { TSessionUser } from '@casebridge/domain/auth/auth.schemas';
import type { SecondFactorState } from '@casebridge/domain/mfa/mfa.schemas';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { onSessionEnded } from './api-client.ts';
import { replaceSession, sessionQueryKey, useSessionQuery } from './session.ts';

type AuthContextValue = {
  user: TSessionUser | null;
  idleTimeoutMinutes: number;
  canCreatePatients: boolean;
  /** Whether the session opens the app, or must first give its second factor or enrol. */
  secondFactor: SecondFactorState;
  isLoading: boolean;
  error: Error | null;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSessionQuery();

  // When any request learns that the session ended, sign the user out with the reason.
  useEffect(
    () =>
      onSessionEnded((message) => {
        if (queryClient.getQueryData(sessionQueryKey) === null) return;
        replaceSession(queryClient, null);
        toast.error(message);
      }),
    [queryClient],
  );

  const value: AuthContextValue = {
    user: session.data?.user ?? null,
    idleTimeoutMinutes: session.data?.idleTimeoutMinutes ?? 60,
    canCreatePatients: session.data?.canCreatePatients ?? false,
    secondFactor: session.data?.secondFactor ?? 'complete',
    isLoading: session.isPending,
    error: session.error,
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** The signed-in user inside guarded routes. */
export function useCurrentUser(): TSessionUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser must be used inside a signed-in route');
  return user;
}
